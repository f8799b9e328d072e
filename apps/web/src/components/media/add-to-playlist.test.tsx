import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider, createI18n } from '../../lib/i18n';
import { loadLibraryStrings } from '../../lib/media/library-api';
import { SessionProvider, createSessionStore } from '../../lib/session';
import { installDialogStandIn } from '../../test/dialog-stand-in';
import { buildBoot, buildBrand, buildMember } from '../../test/factories';
import { jsonResponse, mockFetch, requestJson } from '../../test/render-app';
import { AddToPlaylist } from './add-to-playlist';

const ok = { succeeded: true, errorCode: null, slug: null, message: null };
const thumbnail = { origin: '', path: '/t.webp', cacheIndex: 0 };
const track = (id: number, title: string) => ({
  id,
  title,
  duration: 200,
  artist: 'Band',
  albumTitle: 'Album',
  thumbnail,
  addedAt: '2026-01-01T00:00:00.000Z',
});
const playlist = (id: number, name: string, tracks: ReturnType<typeof track>[] = []) => ({
  id,
  name,
  tracks,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

let removeDialog: () => void = () => undefined;
beforeAll(() => {
  removeDialog = installDialogStandIn();
});
afterAll(() => {
  removeDialog();
});

async function renderControl(appearance: 'icon' | 'text' = 'icon') {
  const boot = buildBoot({ brand: buildBrand(), member: buildMember() });
  const session = createSessionStore(boot, boot.brand ?? buildBrand());
  const i18n = createI18n();
  await i18n.setLocale('en-us');
  await loadLibraryStrings(i18n);
  render(
    <SessionProvider store={session}>
      <I18nProvider store={i18n}>
        <AddToPlaylist track={{ id: 42, title: 'Night Market' }} appearance={appearance} />
      </I18nProvider>
    </SessionProvider>,
  );
}

describe('AddToPlaylist', () => {
  it('lists the playlists in a dialog, says which already hold the track, and adds it to the chosen one', async () => {
    const sent: unknown[] = [];
    mockFetch((_url, init) => {
      const body = requestJson(init) as { query: string; variables: { input?: unknown } };
      if (body.query.includes('query Playlists')) {
        return jsonResponse({
          data: {
            content: {
              playlists: [
                playlist(3, 'Chill', [track(7, 'Other')]),
                playlist(4, 'Gym', [track(42, 'Night Market')]),
              ],
            },
          },
        });
      }
      sent.push(body.variables.input);
      return jsonResponse({
        data: { content: { addPlaylistTrack: { responseResult: ok, playlist: playlist(3, 'Chill') } } },
      });
    });
    await renderControl();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Add Night Market to a playlist' });
    expect(toggle).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'Add to playlist' });
    expect(dialog).toHaveAccessibleDescription('Night Market');
    const choices = await within(dialog).findByRole('list', { name: 'Choose a playlist' });
    // Focus goes to the first playlist once the list has arrived.
    const chill = await within(choices).findByRole('button', { name: /^Chill/ });
    await waitFor(() => {
      expect(chill).toHaveFocus();
    });
    expect(chill).toHaveTextContent('Tracks: 1');

    // A playlist that already holds the track says so, and choosing it changes nothing.
    const gym = within(choices).getByRole('button', { name: /^Gym/ });
    expect(gym).toHaveTextContent('Already in this playlist');
    expect(gym).toHaveAttribute('aria-disabled', 'true');
    await user.click(gym);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Night Market is already in Gym.');
    expect(sent).toEqual([]);

    await user.click(chill);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(sent).toEqual([{ playlistId: 3, trackId: 42 }]);
    expect(toggle).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Added to Chill.');
  });

  it('creates a playlist and adds the track, or says why it could not', async () => {
    const sent: string[] = [];
    mockFetch((_url, init) => {
      const body = requestJson(init) as { query: string };
      if (body.query.includes('query Playlists'))
        return jsonResponse({ data: { content: { playlists: [] } } });
      if (body.query.includes('mutation CreatePlaylist')) {
        sent.push('create');
        return jsonResponse({
          data: { content: { createPlaylist: { responseResult: ok, playlist: playlist(9, 'New') } } },
        });
      }
      sent.push('add');
      return jsonResponse({
        data: {
          content: {
            addPlaylistTrack: {
              responseResult: {
                succeeded: false,
                errorCode: 'BAD_USER_INPUT',
                slug: 'playlist_full',
                message: 'x',
              },
              playlist: null,
            },
          },
        },
      });
    });
    await renderControl('text');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add to playlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to playlist' });
    expect(await within(dialog).findByText('No playlists yet: create one below.')).toBeInTheDocument();
    // With no playlist to choose, focus goes to the new playlist's name.
    const name = within(dialog).getByRole('textbox', { name: 'New playlist name' });
    await waitFor(() => {
      expect(name).toHaveFocus();
    });
    await user.type(name, 'New');
    await user.click(within(dialog).getByRole('button', { name: 'Create and add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This playlist is full.');
    expect(sent).toEqual(['create', 'add']);
  });

  it('closes on Escape or its close button, and focus returns to the button that opened it', async () => {
    mockFetch(() => jsonResponse({ data: { content: { playlists: [playlist(3, 'Chill')] } } }));
    await renderControl();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Add Night Market to a playlist' });
    await user.click(toggle);
    await within(await screen.findByRole('dialog')).findByRole('button', { name: /^Chill/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('shows one confirmation at a time: the latest', async () => {
    mockFetch((_url, init) => {
      const body = requestJson(init) as { query: string };
      if (body.query.includes('query Playlists')) {
        return jsonResponse({ data: { content: { playlists: [playlist(3, 'Chill')] } } });
      }
      return jsonResponse({
        data: { content: { addPlaylistTrack: { responseResult: ok, playlist: playlist(3, 'Chill') } } },
      });
    });
    const boot = buildBoot({ brand: buildBrand(), member: buildMember() });
    const session = createSessionStore(boot, boot.brand ?? buildBrand());
    const i18n = createI18n();
    await i18n.setLocale('en-us');
    await loadLibraryStrings(i18n);
    render(
      <SessionProvider store={session}>
        <I18nProvider store={i18n}>
          <AddToPlaylist track={{ id: 42, title: 'Night Market' }} />
          <AddToPlaylist track={{ id: 43, title: 'Day Market' }} />
        </I18nProvider>
      </SessionProvider>,
    );
    const user = userEvent.setup();
    for (const title of ['Night Market', 'Day Market']) {
      await user.click(screen.getByRole('button', { name: `Add ${title} to a playlist` }));
      await user.click(
        await within(await screen.findByRole('dialog')).findByRole('button', { name: /^Chill/ }),
      );
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).toBeNull();
      });
    }
    expect(screen.getAllByRole('status').filter((status) => status.textContent !== '')).toHaveLength(1);
  });
});

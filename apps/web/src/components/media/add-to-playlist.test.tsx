import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { I18nProvider, createI18n } from '../../lib/i18n';
import { loadLibraryStrings } from '../../lib/media/library-api';
import { SessionProvider, createSessionStore } from '../../lib/session';
import { buildBoot, buildBrand, buildMember } from '../../test/factories';
import { jsonResponse, mockFetch, requestJson } from '../../test/render-app';
import { AddToPlaylist } from './add-to-playlist';

const ok = { succeeded: true, errorCode: null, slug: null, message: null };
const playlist = (id: number, name: string) => ({
  id,
  name,
  tracks: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

async function renderControl() {
  const boot = buildBoot({ brand: buildBrand(), member: buildMember() });
  const session = createSessionStore(boot, boot.brand ?? buildBrand());
  const i18n = createI18n();
  await i18n.setLocale('en-us');
  await loadLibraryStrings(i18n);
  render(
    <SessionProvider store={session}>
      <I18nProvider store={i18n}>
        <AddToPlaylist track={{ id: 42, title: 'Night Market' }} />
      </I18nProvider>
    </SessionProvider>,
  );
}

describe('AddToPlaylist', () => {
  it('lists the playlists when opened and adds the track to the chosen one', async () => {
    const sent: unknown[] = [];
    mockFetch((_url, init) => {
      const body = requestJson(init) as { query: string; variables: { input?: unknown } };
      if (body.query.includes('query Playlists')) {
        return jsonResponse({ data: { content: { playlists: [playlist(3, 'Chill'), playlist(4, 'Gym')] } } });
      }
      sent.push(body.variables.input);
      return jsonResponse({
        data: { content: { addPlaylistTrack: { responseResult: ok, playlist: playlist(4, 'Gym') } } },
      });
    });
    await renderControl();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Add Night Market to a playlist' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const group = screen.getByRole('group', { name: 'Choose a playlist' });
    await user.click(await within(group).findByRole('button', { name: 'Gym' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added to Gym.');
    expect(sent).toEqual([{ playlistId: 4, trackId: 42 }]);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
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
    await renderControl();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Night Market to a playlist' }));
    expect(await screen.findByText('No playlists yet: create one below.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'New playlist name' }), 'New');
    await user.click(screen.getByRole('button', { name: 'Create and add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This playlist is full.');
    expect(sent).toEqual(['create', 'add']);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '../../../test/console-guard';
import { buildBoot, buildBrand, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson } from '../../../test/render-app';

const thumbnail = { origin: '', path: '/t.webp', cacheIndex: 0 };
const entry = (id: number, title: string) => ({
  id,
  type: 'movie',
  title,
  duration: 5400,
  artist: 'Ada Director',
  thumbnail,
  addedAt: '2026-01-01T00:00:00.000Z',
});
const track = (id: number, title: string) => ({
  id,
  title,
  duration: 200,
  artist: 'Band',
  albumTitle: 'Album',
  thumbnail,
  addedAt: '2026-01-01T00:00:00.000Z',
});
const ok = { succeeded: true, errorCode: null, slug: null, message: null };
const refused = { succeeded: false, errorCode: 'NOT_FOUND', slug: 'weird', message: 'Nope' };

type Answer = (query: string, variables: Record<string, unknown>) => unknown;

function mockApi(answer: Answer) {
  return mockFetch((url, init) => {
    const body = requestJson(init) as { query?: string; variables?: Record<string, unknown> };
    if (!url.endsWith('/graphql')) return jsonResponse({}, 404);
    const query = body.query ?? '';
    if (query.includes('menuItems')) {
      return jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } });
    }
    return jsonResponse(answer(query, body.variables ?? {}));
  });
}

const boot = () => buildBoot({ brand: buildBrand(), member: buildMember() });

// The first render of a lazy route imports its modules: slow on a busy machine.
describe('library screens', { timeout: 20_000 }, () => {
  it('removes from the collection at once and puts the title back when the server refuses', async () => {
    mockApi((query) => {
      if (query.includes('query Collection')) {
        return { data: { content: { collection: [entry(1, 'First'), entry(2, 'Second')] } } };
      }
      if (query.includes('mutation RemoveFromCollection')) {
        return { data: { content: { removeFromCollection: { responseResult: refused } } } };
      }
      return { data: null };
    });
    await renderApp('/collection', boot());
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Remove First from my collection' }, { timeout: 8000 }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occured.');
    // Back in its place, before the second title.
    expect(
      screen
        .getAllByRole('button', { name: /^Remove .* from my collection$/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Remove First from my collection', 'Remove Second from my collection']);
  });

  it('shows the empty collection', async () => {
    mockApi(() => ({ data: { content: { collection: [] } } }));
    await renderApp('/collection', boot());
    expect(await screen.findByText('Your collection is empty.')).toBeInTheDocument();
  });

  it('clears the history only after confirming', async () => {
    const calls: string[] = [];
    mockApi((query) => {
      if (query.includes('query History')) return { data: { content: { history: [entry(1, 'Played')] } } };
      if (query.includes('mutation RemoveAllFromHistory')) {
        calls.push('removeAll');
        return { data: { content: { removeAllFromHistory: { responseResult: ok } } } };
      }
      return { data: null };
    });
    await renderApp('/history', boot());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clear history' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear your whole history?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    expect(screen.getByText('Played')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear history' }));
    expect(await screen.findByText('Nothing played yet.')).toBeInTheDocument();
    expect(calls).toEqual(['removeAll']);
  });

  it('reorders a playlist with the arrow buttons and keeps the focus on the moved track', async () => {
    const sent: unknown[] = [];
    mockApi((query, variables) => {
      if (query.includes('query Playlists')) {
        return {
          data: {
            content: {
              playlists: [
                {
                  id: 5,
                  name: 'Mix',
                  createdAt: '2026-01-01T00:00:00.000Z',
                  updatedAt: '2026-01-01T00:00:00.000Z',
                  tracks: [track(1, 'One'), track(2, 'Two'), track(3, 'Three')],
                },
              ],
            },
          },
        };
      }
      if (query.includes('mutation ReorderPlaylist')) {
        sent.push(variables.input);
        const playlist = {
          id: 5,
          name: 'Mix',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-02T00:00:00.000Z',
          tracks: [track(2, 'Two'), track(1, 'One'), track(3, 'Three')],
        };
        return { data: { content: { reorderPlaylist: { responseResult: ok, playlist } } } };
      }
      return { data: null };
    });
    await renderApp('/playlists?id=5', boot());
    const user = userEvent.setup();
    const down = await screen.findByRole('button', { name: 'Move One down' });
    await user.click(down);
    const rows = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(rows()).toEqual(['Two', 'One', 'Three']);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Move One down' })).toHaveFocus();
    });
    expect(sent).toEqual([{ playlistId: 5, trackIds: [2, 1, 3] }]);
  });

  it('sends a failed load to the error page', async () => {
    allowConsoleError();
    mockApi((query) =>
      query.includes('query History')
        ? { errors: [{ message: 'boom', extensions: { code: 'INTERNAL' } }] }
        : {},
    );
    await renderApp('/history', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Information not found' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });
});

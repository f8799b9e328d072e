import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBoot, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson } from '../../../test/render-app';

/** The server's menu (home and two media types) and an empty library. */
function mockMenuAndLibrary() {
  return mockFetch((url, init) => {
    const query = (requestJson(init) as { query?: string } | null)?.query ?? '';
    if (!url.endsWith('/graphql')) return jsonResponse({}, 404);
    if (query.includes('MenuItems')) {
      const items = ['home', 'movie', 'music'] as const;
      return jsonResponse({ data: { content: { menuItems: items.map((type) => buildMenuItem(type)) } } });
    }
    if (query.includes('query Collection')) return jsonResponse({ data: { content: { collection: [] } } });
    if (query.includes('query Playlists')) return jsonResponse({ data: { content: { playlists: [] } } });
    if (query.includes('query History')) return jsonResponse({ data: { content: { history: [] } } });
    return jsonResponse({ data: null });
  });
}

// The first render of a lazy route imports its modules: slow on a busy machine.
describe('main menu', { timeout: 20_000 }, () => {
  it("gives the member's library its own group after the server's items, marking the current page", async () => {
    mockMenuAndLibrary();
    const { router } = await renderApp('/collection', buildBoot({ member: buildMember() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My collection' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const [media, library] = within(nav).getAllByRole('list');
    if (!media || !library) throw new Error('the menu has two lists');
    // The server's items keep their order and their own list.
    expect(
      within(media)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Movies', 'Music']);
    expect(library).toHaveAccessibleName('Your library');
    const links = within(library).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My collection', '/collection'],
      ['Playlists', '/playlists'],
      ['History', '/history'],
    ]);
    expect(within(library).getByRole('link', { name: 'My collection' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(media).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await act(() => router.navigate('/playlists'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Playlists' })).toBeInTheDocument();
    expect(within(library).getByRole('link', { name: 'Playlists' })).toHaveAttribute('aria-current', 'page');
    expect(within(library).getByRole('link', { name: 'My collection' })).not.toHaveAttribute('aria-current');
  });
});

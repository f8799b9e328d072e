import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBoot, buildMember, buildMenuItem } from '../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson, requestsTo } from '../test/render-app';

/** The home page's shelves arrive after its first paint; they all settle before the menu is used. */
async function homeSettled(): Promise<void> {
  await waitFor(
    () => {
      // The page's skeleton, then each shelf's: a click while one is still pending would re-render a
      // suspended boundary inside user-event's synchronous act().
      expect(document.querySelector('.home-shelves')).not.toBeNull();
      expect(document.querySelector('.home-skeleton, .home-shelf--loading')).toBeNull();
    },
    { timeout: 10_000 },
  );
}

// The first render of a lazy route imports its modules: slow on a busy machine.
describe('member menu', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    // The layout's lazily loaded player host, loaded once up front: on a busy machine it was still
    // arriving when the first click's synchronous act() re-rendered the layout (a suspended boundary).
    await import('../features/player/components/player-host');
  }, 30_000);

  it('opens from the member name, and Escape closes it and returns focus', async () => {
    mockFetch(() => jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } }));
    await renderApp('/', buildBoot({ member: buildMember() }));
    await homeSettled();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Jane Doe' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The panel's code may still be arriving (it loads on demand): focus moves into it when it does.
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Account' })).toHaveFocus();
    });
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it("loads its panel when first pointed at, and links to the member's library", async () => {
    mockFetch((url, init) => {
      const query = (requestJson(init) as { query?: string } | null)?.query ?? '';
      if (query.includes('query Playlists')) return jsonResponse({ data: { content: { playlists: [] } } });
      return jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } });
    });
    const { router } = await renderApp('/', buildBoot({ member: buildMember() }));
    await homeSettled();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Jane Doe' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    // Not drawn (nor its code fetched) before the member goes for it: the first page carries none of it.
    expect(panel).toBeEmptyDOMElement();
    await user.hover(button);
    await waitFor(() => {
      expect(panel).not.toBeEmptyDOMElement();
    });

    await user.click(button);
    const menu = within(panel ?? document.body);
    expect(menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Account', '/account'],
      ['My collection', '/collection'],
      ['Playlists', '/playlists'],
      ['History', '/history'],
    ]);
    await user.click(menu.getByRole('link', { name: 'Playlists' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Playlists' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/playlists');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(menu.getByRole('link', { name: 'Playlists' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'History' })).not.toHaveAttribute('aria-current');
  });

  it('saves a new language on the server and switches the interface to it', async () => {
    const member = buildMember();
    const fetchMock = mockFetch((url, init) => {
      const body = JSON.stringify(requestJson(init));
      if (url.endsWith('/graphql') && body.includes('SetLanguage')) {
        return jsonResponse({
          data: {
            member: {
              setLanguage: {
                responseResult: { succeeded: true, errorCode: null, slug: null, message: null },
                member: { ...member, language: 'fr-ca' },
              },
            },
          },
        });
      }
      if (url.endsWith('/graphql')) {
        return jsonResponse({
          data: { content: { menuItems: [buildMenuItem('home'), buildMenuItem('movie')] } },
        });
      }
      if (url.endsWith('/api/event')) return new Response(null, { status: 202 });
      return jsonResponse({}, 404);
    });
    await renderApp('/', buildBoot({ member }));
    await homeSettled();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Jane Doe' }));

    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Français', 'Deutsch']);
    await user.selectOptions(select, 'fr-ca');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Jane Doe' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr-ca');
    expect(document.documentElement.lang).toBe('fr-CA');

    const mutation = fetchMock.mock.calls
      .map(([, init]) => requestJson(init))
      .find((body) => JSON.stringify(body).includes('SetLanguage'));
    expect(mutation).toMatchObject({ variables: { language: 'fr-ca' } });

    await waitFor(() => {
      const [event] = requestsTo(fetchMock, '/api/event');
      expect(requestJson(event)).toMatchObject({
        namespace: 'members',
        language: 'fr-ca',
        extras: { action: 'language_changed', from: 'en-us', to: 'fr-ca' },
      });
    });
  });

  it('keeps the language and says so when saving fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch((url, init) => {
      if (JSON.stringify(requestJson(init)).includes('SetLanguage')) {
        return jsonResponse({ errors: [{ message: 'nope', extensions: { code: 'INTERNAL' } }] });
      }
      return jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } });
    });
    await renderApp('/', buildBoot({ member: buildMember() }));
    await homeSettled();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Jane Doe' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'de-de');
    await screen.findByText(/We couldn't save your language/);
    // The home page's shelves may show their own alert (this mock answers no shelves).
    expect(screen.getByText("We couldn't save your language. Please try again.")).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Jane Doe' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not save the language', expect.any(Error));
  });
});

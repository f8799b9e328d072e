import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBoot, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson, requestsTo } from '../../../test/render-app';
import { SEARCH_DEBOUNCE_MS } from './search-page';

function card(id: number, title: string, mediaType: string) {
  return {
    id,
    mediaType,
    title,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    thumbnail: { origin: '', path: `/media/thumbs/${id}.jpg`, cacheIndex: 1 },
    is_free: false,
    releaseDate: null,
    releaseYear: 2020,
    duration: null,
    popularity: 1,
  };
}

const RESULTS: Record<string, unknown[]> = {
  har: [
    {
      mediaType: 'music',
      count: 2,
      countCapped: false,
      items: [card(1, 'Harbor Songs', 'music'), card(2, 'Hard Light', 'music')],
    },
    { mediaType: 'movie', count: 1, countCapped: false, items: [card(3, 'Harbor Lights', 'movie')] },
  ],
  snow: [{ mediaType: 'ebook', count: 1, countCapped: false, items: [card(4, 'Snow Letters', 'ebook')] }],
  the: [
    { mediaType: 'movie', count: 1000, countCapped: true, items: [card(5, 'The Harbor', 'movie')] },
    { mediaType: 'ebook', count: 57, countCapped: false, items: [card(6, 'The Letters', 'ebook')] },
  ],
};

interface GraphQLBody {
  query?: string;
  variables?: { query?: string };
}

const body = (init: RequestInit) => (requestJson(init) ?? {}) as GraphQLBody;
const isSearch = (init: RequestInit) => body(init).query?.includes('query Search(') ?? false;
const isSuggest = (init: RequestInit) => body(init).query?.includes('query Suggest(') ?? false;

/** The menu, and search results from RESULTS (none for other queries); `hold` leaves searches unanswered. */
function mockApi({ hold = false } = {}) {
  return mockFetch((url, init) => {
    if (!url.endsWith('/graphql')) return jsonResponse({}, 404);
    if (isSuggest(init)) {
      return jsonResponse({
        data: { content: { search: RESULTS[body(init).variables?.query ?? ''] ?? [] } },
      });
    }
    if (isSearch(init)) {
      const answer = jsonResponse({
        data: { content: { search: RESULTS[body(init).variables?.query ?? ''] ?? [] } },
      });
      if (!hold) return answer;
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => {
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    }
    return jsonResponse({
      data: { content: { menuItems: [buildMenuItem('home'), buildMenuItem('movie')] } },
    });
  });
}

const searches = (fetchMock: ReturnType<typeof mockApi>) =>
  requestsTo(fetchMock, '/graphql').filter(isSearch);
const boot = () => buildBoot({ member: buildMember() });
// The first render loads the screen's module and strings, which can take a while on a busy machine.
const field = () =>
  screen.findByRole('combobox', { name: 'Search titles, people and descriptions' }, { timeout: 10_000 });

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('search page', () => {
  it('searches once the typing pauses, and groups the results by media type', async () => {
    const fetchMock = mockApi();
    const { router } = await renderApp('/search', boot());
    const input = await field();

    vi.useFakeTimers();
    type(input, 'h');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    });
    type(input, 'ha');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    });
    type(input, 'har');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(searches(fetchMock)).toHaveLength(0);
    expect(router.state.location.search).toBe('');
    // The pause navigates to ?q=har, which may suspend while the router resolves the route: awaited.
    await act(async () => {
      vi.advanceTimersByTime(1);
      await Promise.resolve();
    });
    vi.useRealTimers();

    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=har');
    });
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('3 results for “har”');
    });
    expect(searches(fetchMock).map((init) => body(init).variables?.query)).toEqual(['har']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Music · 2',
      'Movies · 1',
    ]);
    const movies = screen.getByRole('region', { name: 'Movies · 1' });
    expect(within(movies).getByRole('link', { name: /Harbor Lights/ })).toHaveAttribute(
      'href',
      '/browse/movie/id/3/harbor-lights',
    );
  });

  it('says so when nothing matches', async () => {
    mockApi();
    await renderApp('/search?q=zzzz', boot());
    expect(await screen.findByRole('heading', { level: 2, name: 'No results found' })).toBeInTheDocument();
    expect(
      screen.getByText('Nothing matches “zzzz”. Try another word or check the spelling.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No results found');
    // Said once: the status line holds the notice rather than repeating it.
    expect(screen.getAllByText('No results found')).toHaveLength(1);
  });

  it('says how many match, "1,000+" past the count cap, with See all where a row holds fewer', async () => {
    mockApi();
    await renderApp('/search?q=the', boot());
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('1,057+ results for “the”');
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Movies · 1,000+' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all: Movies · 1,000+' })).toHaveAttribute(
      'href',
      '/search/movie?q=the',
    );
    expect(screen.getByRole('link', { name: 'See all: Ebooks · 57' })).toHaveAttribute(
      'href',
      '/search/ebook?q=the',
    );
  });

  it('suggests titles while typing: arrows move, Escape closes, Enter opens the title', async () => {
    mockApi();
    const { router } = await renderApp('/search', boot());
    const input = await field();
    type(input, 'har');
    // The suggestions come after the typing pauses; a busy machine may take a while.
    const list = await screen.findByRole('listbox', { name: 'Suggested titles' }, { timeout: 10_000 });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Harbor SongsMusic',
      'Harbor LightsMovies',
      'Hard LightMusic',
    ]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    // Up from the first wraps to the last.
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    // Where the router is asked to go: this mock does not answer the title page's own query, and a
    // navigation whose loader fails is ignored (spec section 2), so the address itself may stay.
    const visited: string[] = [];
    const unsubscribe = router.subscribe((state) => {
      visited.push(state.navigation.location?.pathname ?? state.location.pathname);
    });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(
      () => {
        expect(visited).toContain('/browse/movie/id/3/harbor-lights');
      },
      { timeout: 10_000 },
    );
    unsubscribe();
  });

  it('asks for more letters and sends nothing for a one-letter query', async () => {
    const fetchMock = mockApi();
    const { router } = await renderApp('/search', boot());
    const input = await field();
    type(input, 'h');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?q=h');
    });
    expect(screen.getByText('Type at least 2 characters to search.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Type at least 2 characters to search.');
    expect(searches(fetchMock)).toHaveLength(0);
  });

  it('aborts the request of a query that was replaced', async () => {
    const fetchMock = mockApi({ hold: true });
    await renderApp('/search?q=ha', boot());
    await waitFor(() => {
      expect(searches(fetchMock)).toHaveLength(1);
    });
    type(await field(), 'har');
    await waitFor(() => {
      expect(searches(fetchMock)).toHaveLength(2);
    });
    const [first, second] = searches(fetchMock);
    expect(first?.signal?.aborted).toBe(true);
    expect(second?.signal?.aborted).toBe(false);
  });

  it('follows the URL: a reload and Back or Forward show that query and its results', async () => {
    mockApi();
    const { router } = await renderApp('/search?q=har', boot());
    expect(await screen.findByRole('heading', { level: 2, name: 'Music · 2' })).toBeInTheDocument();
    expect(await field()).toHaveValue('har');

    await act(() => router.navigate('/search?q=snow'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ebooks · 1' })).toBeInTheDocument();
    expect(await field()).toHaveValue('snow');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 2, name: 'Music · 2' })).toBeInTheDocument();
    expect(await field()).toHaveValue('har');
  });
});

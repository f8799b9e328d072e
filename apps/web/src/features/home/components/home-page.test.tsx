import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBoot, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson, requestsTo } from '../../../test/render-app';
import { CONSENT_KEY } from '../../../lib/consent';

function card(id: number, title: string, mediaType = 'movie') {
  return {
    id,
    mediaType,
    title,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    thumbnail: { origin: '', path: `/media/thumbs/${id}.jpg`, cacheIndex: 1 },
    is_free: false,
    releaseDate: '2024-05-01',
    releaseYear: 2024,
    duration: 5400,
    popularity: 10,
  };
}

const SLOTS = [
  { slug: 'new_releases', title: 'New releases', items: [card(1, 'Quiet Harbor'), card(2, 'Lantern Road')] },
  { slug: 'popular', title: 'Popular', items: [card(3, 'Midnight Orchard')] },
  { slug: 'staff_picks', title: 'Staff picks', items: [] },
  { slug: 'seasonal_winter', title: 'Winter evenings', items: [card(4, 'Silent Snow')] },
  { slug: 'movie_free', title: 'Free movies', items: [card(5, 'Open Skies')] },
  // A slot of a type the member's menu does not offer is not shown.
  { slug: 'audiobook_free', title: 'Free audiobooks', items: [card(6, 'Told Softly', 'audiobook')] },
];

function operation(init: RequestInit): string {
  const body = requestJson(init) as { query?: string } | null;
  return /(?:query|mutation) (\w+)/.exec(body?.query ?? '')?.[1] ?? '';
}

const FEATURED = {
  reason: 'continue',
  media: {
    ...card(9, 'Paper Lanterns'),
    description: 'A lamplighter keeps a harbor town awake through its longest night.',
    thumbnail: {
      origin: '',
      path: '/media/demo/thumbnails/video/colony.webp',
      cacheIndex: 0,
      sizes: [
        { width: 160, path: '/media/demo/thumbnails/video/colony-w160.webp' },
        { width: 320, path: '/media/demo/thumbnails/video/colony.webp' },
      ],
    },
    artists: [],
    authors: [],
    chapters: [],
  },
  progress: { progress: 85, finished: false },
};

function mockApi({
  slots = SLOTS,
  failSlots = false,
  featured = FEATURED,
}: { slots?: unknown[]; failSlots?: boolean; featured?: unknown } = {}) {
  return mockFetch((url, init) => {
    if (!url.endsWith('/graphql')) return jsonResponse({}, 404);
    switch (operation(init)) {
      case 'MenuItems':
        return jsonResponse({
          data: { content: { menuItems: [buildMenuItem('home'), buildMenuItem('movie')] } },
        });
      case 'HomeSlots':
        return failSlots
          ? jsonResponse({ errors: [{ message: 'boom', extensions: { code: 'INTERNAL' } }] })
          : jsonResponse({ data: { content: { slotsWithTags: slots } } });
      case 'HomeGenres':
        return jsonResponse({
          data: {
            content: {
              genres: [
                { id: 11, title: 'Drama', parent: null },
                { id: 12, title: 'Noir', parent: { id: 11 } },
              ],
            },
          },
        });
      case 'HomeFeatured':
        return jsonResponse({ data: { content: { featured } } });
      case 'ContinueList':
        // The library's "continue" shelf: nothing started, so it shows nothing.
        return jsonResponse({ data: { content: { continueList: [] } } });
      case 'HomeGenreShelf':
        return jsonResponse({ data: { content: { list: { items: [card(7, 'Harbor Lights')] } } } });
      default:
        return jsonResponse({ errors: [{ message: 'unexpected', extensions: { code: 'INTERNAL' } }] });
    }
  });
}

const boot = () => buildBoot({ member: buildMember() });
// The first render loads the route's modules and strings, which can take a while on a busy machine.
const SLOW = { timeout: 10_000 };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('home page', () => {
  it('loads the pictures of the first shelf at once and first, the others as they near the screen', async () => {
    const many = Array.from({ length: 8 }, (_, i) => card(100 + i, `Title ${String(i)}`));
    mockApi({ slots: [{ ...SLOTS[0], items: many }, ...SLOTS.slice(1)] });
    await renderApp('/', boot());
    await screen.findByRole('heading', { level: 2, name: 'Free movies' }, SLOW);
    const pictures = (name: string) =>
      Array.from(screen.getByRole('region', { name }).querySelectorAll('img')).map((image) => [
        image.getAttribute('loading'),
        image.getAttribute('fetchpriority'),
      ]);
    expect(pictures('New releases')).toEqual([
      ...Array.from({ length: 6 }, () => ['eager', 'high']),
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
    expect(pictures('Popular')).toEqual([['lazy', 'auto']]);
  });

  it('shows the shelves in order from one slots request, with the by-genre shelf linking to its page', async () => {
    const fetchMock = mockApi();
    await renderApp('/', boot());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane Doe' }, SLOW),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: /Quiet Harbor/ }, SLOW);
    await screen.findByRole('heading', { level: 2, name: 'Movies: Drama' });
    // Shelves past the first two are drawn one at a time when the browser is idle.
    await screen.findByRole('heading', { level: 2, name: 'Free movies' });
    const shelves = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
      .filter((text) => text !== 'Cookies on Aurora Media');
    expect(shelves).toEqual([
      // The featured title comes first, above the shelves.
      'Paper Lanterns',
      'New releases',
      'Popular',
      'Staff picks',
      'Movies: Drama',
      'Winter evenings',
      'Free movies',
    ]);
    const staffPicks = screen.getByRole('region', { name: 'Staff picks' });
    expect(within(staffPicks).getByText('Nothing to display')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Quiet Harbor/ })).toHaveAttribute(
      'href',
      '/browse/movie/id/1/quiet-harbor',
    );
    expect(screen.getByRole('link', { name: 'See all: Movies: Drama' })).toHaveAttribute(
      'href',
      '/browse/movie/genre/11',
    );
    expect(screen.queryByText('Told Softly')).not.toBeInTheDocument();

    const slotRequests = requestsTo(fetchMock, '/graphql').filter((init) => operation(init) === 'HomeSlots');
    expect(slotRequests).toHaveLength(1);
    expect((requestJson(slotRequests[0]) as { variables: { tags: string[] } }).variables.tags).toEqual([
      'new_releases',
      'popular',
      'staff_picks',
      'seasonal_winter',
      'movie_free',
      'ebook_free',
      'audiobook_free',
    ]);
  });

  it('features the title the member left, with its synopsis, Resume at the saved time and its page', async () => {
    mockApi();
    await renderApp('/', boot());
    const hero = await screen.findByRole('region', { name: 'Paper Lanterns' }, SLOW);
    expect(within(hero).getByText('Continue where you left off')).toBeInTheDocument();
    expect(within(hero).getByText(/lamplighter keeps a harbor town/)).toBeInTheDocument();
    expect(within(hero).getByRole('button', { name: 'Resume 1:25' })).toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'Details of Paper Lanterns' })).toHaveAttribute(
      'href',
      '/browse/movie/id/9/paper-lanterns',
    );
    const cover = hero.querySelector('img');
    expect(cover?.getAttribute('srcset')).toBe(
      '/media/demo/thumbnails/video/colony-w160.webp?v=0 160w, /media/demo/thumbnails/video/colony.webp?v=0 320w',
    );
  });

  it("offers the type's verb for a pick, and leaves the hero out when the server has none", async () => {
    mockApi({ featured: { ...FEATURED, reason: 'pick', progress: null } });
    const first = await renderApp('/', boot());
    const hero = await screen.findByRole('region', { name: 'Paper Lanterns' }, SLOW);
    expect(within(hero).getByText('Featured today')).toBeInTheDocument();
    expect(within(hero).getByRole('button', { name: 'Watch' })).toBeInTheDocument();
    first.unmount();

    mockApi({ featured: null });
    await renderApp('/', boot());
    await screen.findByRole('link', { name: /Quiet Harbor/ }, SLOW);
    expect(screen.queryByRole('region', { name: 'Paper Lanterns' })).not.toBeInTheDocument();
  });

  it('links every slot shelf to its whole list', async () => {
    mockApi();
    await renderApp('/', boot());
    await screen.findByRole('link', { name: 'See all: New releases' }, SLOW);
    // The later shelves are drawn one per idle moment.
    await waitFor(() => {
      expect(
        screen.getAllByRole('link', { name: /^See all/ }).map((link) => link.getAttribute('href')),
      ).toEqual(expect.arrayContaining(['/shelves/new_releases', '/shelves/popular', '/shelves/movie_free']));
    }, SLOW);
  });

  it('remembers a refusal as plainly as an acceptance', async () => {
    mockApi();
    const first = await renderApp('/', boot());
    const notice = await screen.findByRole('region', { name: 'Cookies on Aurora Media' }, SLOW);
    // Every shelf drawn first, so the click does not land while one is still suspending.
    await screen.findByRole('heading', { level: 2, name: 'Free movies' }, SLOW);
    const user = userEvent.setup();
    await user.click(within(notice).getByRole('button', { name: 'Refuse cookies' }));
    expect(screen.queryByRole('region', { name: 'Cookies on Aurora Media' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null')).toMatchObject({ choice: 'refused' });
    first.unmount();
    await renderApp('/', boot());
    await screen.findByRole('link', { name: /Quiet Harbor/ }, SLOW);
    expect(screen.queryByRole('region', { name: 'Cookies on Aurora Media' })).not.toBeInTheDocument();
  });

  it('keeps the cookie notice dismissed once accepted', async () => {
    mockApi();
    const first = await renderApp('/', boot());
    const notice = await screen.findByRole('region', { name: 'Cookies on Aurora Media' }, SLOW);
    // Every shelf drawn first, so the click does not land while one is still suspending.
    await screen.findByRole('heading', { level: 2, name: 'Free movies' }, SLOW);
    const user = userEvent.setup();
    await user.click(within(notice).getByRole('button', { name: 'Accept cookies' }));
    expect(screen.queryByRole('region', { name: 'Cookies on Aurora Media' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null')).toMatchObject({ choice: 'accepted' });
    expect(document.activeElement).toBe(document.getElementById('main'));
    first.unmount();

    await renderApp('/', boot());
    await screen.findByRole('link', { name: /Quiet Harbor/ }, SLOW);
    expect(screen.queryByRole('region', { name: 'Cookies on Aurora Media' })).not.toBeInTheDocument();
  });

  it('says there is nothing to display when the brand has no shelves', async () => {
    mockApi({ slots: [] });
    await renderApp('/', boot());
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Nothing to display' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'New releases' })).not.toBeInTheDocument();
  });

  it('offers to try again when the shelves cannot be loaded', async () => {
    const fetchMock = mockApi({ failSlots: true });
    await renderApp('/', boot());
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your shelves could not be loaded' }, SLOW),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(
        requestsTo(fetchMock, '/graphql').filter((init) => operation(init) === 'HomeSlots'),
      ).toHaveLength(2);
    });
  });

  it('opens the search screen with the query typed on the home page', async () => {
    mockApi();
    const { router } = await renderApp('/', boot());
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: 'Search the catalog' }, SLOW);
    // Every shelf drawn first, so typing does not land while one is still suspending.
    await screen.findByRole('heading', { level: 2, name: 'Free movies' }, SLOW);
    await user.type(box, 'harbor');
    // Submitting opens the search screen, whose route module loads on demand: submitted inside an
    // awaited act, so its suspension settles inside the test.
    const form = box.closest('form');
    if (!form) throw new Error('the search box has no form');
    await act(async () => {
      form.requestSubmit();
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/search');
    });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('harbor');
  });
});

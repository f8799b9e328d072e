import type { MediaType } from '@member/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { playQueue } from '../../../lib/media/play-queue';
import type { MediaCardData } from '../../../lib/media/media-card-fields';
import { buildBoot, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson, requestsTo } from '../../../test/render-app';
import type { MediaDetails } from '../api/get-media-details';

/** Route modules load lazily; the first screen of a test may wait for a cold import on a busy machine. */
const ROUTE_LOAD = { timeout: 10_000 };

const thumbnail = { origin: 'https://cdn.example', path: '/t/1.jpg', cacheIndex: 2 };

function card(id: number, overrides: Partial<MediaCardData> = {}): MediaCardData {
  return {
    id,
    mediaType: 'movie',
    title: `Movie ${id}`,
    slug: `movie-${id}`,
    thumbnail,
    is_free: false,
    releaseDate: '2024-05-01',
    releaseYear: 2024,
    duration: 5400,
    popularity: 10,
    lock: null,
    ...overrides,
  };
}

const DRAMA = { id: 5, slug: 'drama', title: 'Drama', parent: null };
const CRIME = {
  id: 6,
  slug: 'crime-drama',
  title: 'Crime Drama',
  parent: { id: 5, slug: 'drama', title: 'Drama' },
};

function movie(overrides: Partial<MediaDetails> = {}): MediaDetails {
  const person = (id: number, title: string) => ({ id, slug: title.toLowerCase(), title });
  return {
    id: 12,
    mediaType: 'movie',
    title: 'The Quiet Harbor',
    slug: 'the-quiet-harbor',
    description: 'A harbor town keeps a secret.',
    thumbnail,
    playbackKey: '/media/a.m3u8',
    duration: 5580,
    position: null,
    trackNumber: null,
    seasonNumber: null,
    episodeNumber: null,
    artists: [],
    is_free: true,
    releaseDate: '2021-03-04',
    releaseYear: 2021,
    quality: '4K',
    language: 'fr',
    languages: [],
    countryOfOrigin: 'JP',
    upc: null,
    isbn: null,
    edition: null,
    numPages: null,
    publisher: null,
    copyright: null,
    type: 'series',
    casts: [person(1, 'Ana Lima'), person(2, 'Ben Ode')],
    directors: [person(3, 'Cy Park')],
    producers: [],
    writers: [person(4, 'Di Rao')],
    authors: [],
    narrators: [],
    genres: [CRIME],
    tracks: [],
    episodes: [1, 2].map((n) => ({
      id: 100 + n,
      mediaType: 'movie',
      title: `Episode ${n}`,
      slug: `episode-${n}`,
      description: '',
      thumbnail,
      playbackKey: null,
      duration: 1500,
      position: n,
      trackNumber: null,
      seasonNumber: 1,
      episodeNumber: n,
      artists: [],
    })),
    firstEpisode: null,
    chapters: [],
    liveSchedule: [],
    liveStatus: null,
    ...overrides,
  };
}

type Variables = Record<string, unknown>;
/** A GraphQL answer body, or a function of the request's variables that makes one. */
type Answer =
  { data?: unknown; errors?: unknown[] } | ((variables: Variables) => { data?: unknown; errors?: unknown[] });

/** The menu for the layout and an answer per operation name (`query BrowseOverview` → `BrowseOverview`). */
function mockApi(answers: Record<string, Answer>, menu: MediaType[] = ['movie', 'music']) {
  return mockFetch((url, init) => {
    const body = requestJson(init) as { query: string; variables: Variables };
    if (!url.endsWith('/graphql')) return jsonResponse({}, 404);
    if (body.query.includes('menuItems')) {
      return jsonResponse({
        data: { content: { menuItems: [buildMenuItem('home'), ...menu.map((type) => buildMenuItem(type))] } },
      });
    }
    const name = /query (\w+)/.exec(body.query)?.[1] ?? '';
    // The save button reads the member's collection once.
    const answer = name === 'Collection' ? { data: { content: { collection: [] } } } : answers[name];
    if (answer === undefined) throw new Error(`Unexpected operation ${name}`);
    return jsonResponse(typeof answer === 'function' ? answer(body.variables) : answer);
  });
}

const boot = () => buildBoot({ member: buildMember() });

const overview = (overrides: Record<string, unknown> = {}) => ({
  data: {
    content: {
      newReleases: { items: [card(1), card(2, { is_free: true })], nextCursor: 'c1' },
      popular: { items: [card(3)], nextCursor: null },
      slots: [{ id: 9, slug: 'movie_free', title: 'Free movies', items: [card(4)] }],
      genres: [DRAMA, CRIME],
      ...overrides,
    },
  },
});

describe('browse overview', () => {
  it('shows the free slot, new releases, popular and genres, with tabs as links', async () => {
    mockApi({ BrowseOverview: overview() });
    await renderApp('/browse/movie', boot());
    expect(await screen.findByRole('heading', { level: 1, name: 'Movies' }, ROUTE_LOAD)).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Browse Movies' });
    expect(within(tabs).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Popular' })).toHaveAttribute(
      'href',
      '/browse/movie/popular',
    );

    const free = screen.getByRole('region', { name: 'Free Movies' });
    expect(within(free).getByRole('link', { name: /Movie 4/ })).toHaveAttribute(
      'href',
      '/browse/movie/id/4/movie-4',
    );
    const releases = screen.getByRole('region', { name: 'New releases' });
    expect(within(releases).getByRole('link', { name: 'See all: New releases' })).toHaveAttribute(
      'href',
      '/browse/movie/new-releases',
    );
    expect(within(releases).getByText('Free')).toBeInTheDocument();
    expect(within(releases).getAllByText('2024 · 1 h 30 min')).toHaveLength(2);
    const image = releases.querySelector('img');
    expect(image).toHaveAttribute('src', 'https://cdn.example/t/1.jpg?v=2');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');

    const genres = screen.getByRole('region', { name: 'Genres' });
    expect(within(genres).getByRole('link', { name: 'Drama' })).toHaveAttribute(
      'href',
      '/browse/movie/genre/5',
    );
    await waitFor(() => {
      expect(document.title).toBe('Movies · Aurora Media');
    });
  });

  it('says there is nothing to display for a type without titles', async () => {
    mockApi({
      BrowseOverview: overview({
        newReleases: { items: [], nextCursor: null },
        popular: { items: [], nextCursor: null },
        slots: [],
        genres: [],
      }),
    });
    await renderApp('/browse/music', boot());
    expect(await screen.findByText('Nothing to display', undefined, ROUTE_LOAD)).toBeInTheDocument();
  });

  it('shows Not Found for a media type the menu does not offer (games on iPhone)', async () => {
    mockApi({});
    await renderApp('/browse/game', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not Found' }, ROUTE_LOAD),
    ).toBeInTheDocument();
  });
});

describe('list tabs and genres', () => {
  it('loads the next page with the cursor when asked', async () => {
    const fetchMock = mockApi({
      MediaList: (variables) =>
        variables.after === null
          ? { data: { content: { list: { items: [card(1), card(2)], nextCursor: 'next-1' } } } }
          : { data: { content: { list: { items: [card(3)], nextCursor: null } } } },
    });
    await renderApp('/browse/movie/popular', boot());
    const list = await screen.findByRole('list', { name: 'Movies: popular' }, ROUTE_LOAD);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('You have reached the end of the list.')).toBeInTheDocument();
    const lists = requestsTo(fetchMock, '/graphql')
      .map((init) => requestJson(init) as { query: string; variables: Record<string, unknown> })
      .filter((body) => body.query.includes('query MediaList'));
    expect(lists.map((body) => [body.variables.order, body.variables.after])).toEqual([
      ['POPULAR', null],
      ['POPULAR', 'next-1'],
    ]);
  });

  it('lets the reader retry a page that failed', async () => {
    let calls = 0;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      MediaList: (variables) => {
        calls += 1;
        if (variables.after === null)
          return { data: { content: { list: { items: [card(1)], nextCursor: 'n' } } } };
        return calls === 2
          ? { errors: [{ message: 'boom', extensions: { code: 'INTERNAL' } }] }
          : { data: { content: { list: { items: [card(2)], nextCursor: null } } } };
      },
    });
    await renderApp('/browse/movie/new-releases', boot());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }, ROUTE_LOAD));
    expect(await screen.findByText('More titles could not be loaded. Please try again.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Movie 2/ })).toBeInTheDocument();
  });

  it('lists genres with their subgenres', async () => {
    mockApi({ Genres: { data: { content: { genres: [DRAMA, CRIME] } } } });
    await renderApp('/browse/movie/genres', boot());
    expect(await screen.findByRole('heading', { level: 2, name: 'Drama' }, ROUTE_LOAD)).toBeInTheDocument();
    const subgenres = screen.getByRole('list', { name: 'Subgenres of Drama' });
    expect(within(subgenres).getByRole('link', { name: 'Crime Drama' })).toHaveAttribute(
      'href',
      '/browse/movie/genre/6',
    );
  });

  it('shows a genre with its titles, and Not Found for an unknown genre', async () => {
    mockApi({
      GenrePage: (variables) => ({
        data: {
          content: {
            genres: [DRAMA, CRIME],
            list: { items: variables.genreId === 6 ? [card(7)] : [], nextCursor: null },
          },
        },
      }),
    });
    const { router } = await renderApp('/browse/movie/genre/6', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Crime Drama' }, ROUTE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Movie 7/ })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent('Drama');

    await router.navigate('/browse/movie/genre/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  });
});

describe('media details', () => {
  it('shows every field a member cares about, and plays episodes', async () => {
    mockApi({ MediaDetails: { data: { content: { media: movie({ firstEpisode: null }) } } } });
    const play = vi.spyOn(playQueue, 'play').mockImplementation(() => undefined);
    await renderApp('/browse/movie/id/12/the-quiet-harbor', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Quiet Harbor' }, ROUTE_LOAD),
    ).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Details' });
    const value = (label: string) => within(facts).getByText(label).nextElementSibling?.textContent;
    expect(value('Release date')).toBe('March 4, 2021');
    expect(value('Duration')).toBe('1 h 33 min');
    expect(value('Quality')).toBe('4K');
    expect(value('Language')).toBe('French');
    expect(value('Country of origin')).toBe('Japan');
    expect(value('Type')).toBe('Series');
    const credits = screen.getByRole('region', { name: 'Credits' });
    expect(within(within(credits).getByRole('list', { name: 'Cast' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
    expect(within(credits).getByRole('list', { name: 'Directors' })).toHaveTextContent('Cy Park');
    expect(screen.getByRole('link', { name: 'Drama › Crime Drama' })).toHaveAttribute(
      'href',
      '/browse/movie/genre/6',
    );
    expect(screen.getByText('Free')).toBeInTheDocument();

    const episodes = screen.getByRole('region', { name: 'Episodes' });
    expect(within(episodes).getByText('S1 · E2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(episodes).getByRole('button', { name: 'Play Episode 2' }));
    expect(play).toHaveBeenLastCalledWith(
      [expect.objectContaining({ id: 101 }), expect.objectContaining({ id: 102 })],
      {
        startIndex: 1,
        // The series travels with its episodes so the player can list them (partsGroup).
        group: expect.objectContaining({ mediaType: 'movie', title: 'The Quiet Harbor' }),
      },
    );
    expect(await screen.findByRole('button', { name: 'Save', pressed: false })).toBeInTheDocument();
    // Only music tracks go in playlists.
    expect(within(episodes).queryByRole('button', { name: /to a playlist$/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    expect(play).toHaveBeenLastCalledWith(expect.any(Array), {
      startIndex: 0,
      group: expect.objectContaining({ id: 12 }),
    });
    await waitFor(() => {
      expect(document.title).toBe('The Quiet Harbor · Aurora Media');
    });
  });

  it("offers each of an album's tracks for a playlist", async () => {
    const album = movie({
      id: 30,
      mediaType: 'music',
      title: 'Night Songs',
      slug: 'night-songs',
      type: null,
      episodes: [],
      tracks: [1, 2].map((n) => ({
        id: 300 + n,
        mediaType: 'music',
        title: `Song ${n}`,
        slug: `song-${n}`,
        description: '',
        thumbnail,
        playbackKey: null,
        duration: 200,
        position: n,
        trackNumber: n,
        seasonNumber: null,
        episodeNumber: null,
        artists: [],
      })),
    });
    mockApi({
      MediaDetails: { data: { content: { media: album } } },
      Playlists: { data: { content: { playlists: [] } } },
    });
    await renderApp('/browse/music/id/30/night-songs', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Night Songs' }, ROUTE_LOAD),
    ).toBeInTheDocument();
    const tracks = screen.getByRole('region', { name: 'Tracks' });
    const rows = within(tracks).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    // Named once the library's strings have arrived (they load with the first library control).
    const add = await within(rows[1] ?? tracks).findByRole('button', { name: 'Add Song 2 to a playlist' });
    expect(add).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('logs a warning and shows Not Found for an unknown title', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      MediaDetails: {
        data: null,
        errors: [{ message: 'Media not found', extensions: { code: 'NOT_FOUND', slug: 'media_not_found' } }],
      },
    });
    await renderApp('/browse/movie/id/404', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not Found' }, ROUTE_LOAD),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Media not found: movie 404');
  });

  it('says when a title is not available in the current location', async () => {
    mockApi({
      MediaDetails: {
        data: { content: { media: null } },
        errors: [{ message: 'x', extensions: { code: 'FORBIDDEN', slug: 'not_available_in_location' } }],
      },
    });
    await renderApp('/browse/movie/id/12', boot());
    expect(
      await screen.findByText(
        'This content is not available in your current location.',
        undefined,
        ROUTE_LOAD,
      ),
    ).toBeInTheDocument();
  });

  it('points to the plans that include the media type when the membership does not', async () => {
    mockApi({
      MediaDetails: {
        data: { content: { media: null } },
        errors: [{ message: 'x', extensions: { code: 'FORBIDDEN', slug: 'subscription_required' } }],
      },
    });
    await renderApp('/browse/movie/id/12', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not included in your membership' }, ROUTE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your membership does not include Movies/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my membership' })).toHaveAttribute(
      'href',
      '/account/membership?for=movie#plans',
    );
  });
});

describe('live stats', () => {
  it("shows what is on now and next in the member's time zone, with Play", async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const stream = (id: number, title: string, startsAt: number) => ({
      id,
      title,
      slug: title.toLowerCase().replace(/ /g, '-'),
      thumbnail,
      quality: 'HD',
      liveSchedule: [
        {
          title,
          startsAt: iso(startsAt),
          endsAt: iso(startsAt + 3_600_000),
          status: startsAt > now ? 'upcoming' : 'live',
          hasReplay: false,
        },
      ],
    });
    mockApi(
      {
        MediaList: {
          data: {
            content: {
              list: {
                items: [card(1, { mediaType: 'stream' }), card(2, { mediaType: 'stream' })],
                nextCursor: null,
              },
            },
          },
        },
        LiveSchedules: {
          data: {
            content: {
              s0: stream(1, 'Final Match', now - 600_000),
              s1: stream(2, 'Cup Replay', now + 7_200_000),
            },
          },
        },
      },
      ['stream'],
    );
    const play = vi.spyOn(playQueue, 'play').mockImplementation(() => undefined);
    await renderApp('/browse/stream/live', boot());
    const onNow = await screen.findByRole('region', { name: /On now/ }, ROUTE_LOAD);
    await userEvent.setup().click(within(onNow).getByRole('button', { name: 'Watch Final Match live' }));
    expect(play).toHaveBeenCalledWith([expect.objectContaining({ id: 1, mediaType: 'stream' })]);
    const schedule = screen.getByRole('region', { name: 'Live schedule' });
    const rows = within(schedule).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.live-schedule__title')?.textContent)).toEqual([
      'Final Match',
      'Cup Replay',
    ]);
    expect(within(rows[1]!).getByText('Upcoming')).toBeInTheDocument();
  });

  it('pages through more streams than one page holds, with keyset cursors', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const stream = (id: number, title: string, startsAt: number) => ({
      id,
      mediaType: 'stream',
      title,
      slug: title.toLowerCase().replace(/ /g, '-'),
      thumbnail,
      quality: 'HD',
      liveSchedule: [
        {
          title,
          startsAt: iso(startsAt),
          endsAt: iso(startsAt + 3_600_000),
          status: startsAt > now ? 'upcoming' : 'live',
          hasReplay: false,
        },
      ],
    });
    const firstPage = Array.from({ length: 20 }, (_, i) => 100 - i);
    const fetchMock = mockApi(
      {
        MediaList: (variables) => ({
          data: {
            content: {
              list:
                variables.after === null
                  ? { items: firstPage.map((id) => card(id, { mediaType: 'stream' })), nextCursor: 'page2' }
                  : { items: [card(7, { mediaType: 'stream' })], nextCursor: null },
            },
          },
        }),
        LiveSchedules: (variables) => ({
          data: {
            content: Object.fromEntries(
              Object.entries(variables).map(([name, id]) => [
                name.replace('id', 's'),
                id === 7
                  ? stream(7, 'Old Derby', now - 300_000)
                  : stream(Number(id), `Match ${String(id)}`, now + Number(id) * 3_600_000),
              ]),
            ),
          },
        }),
      },
      ['stream'],
    );
    await renderApp('/browse/stream/live', boot());
    const onNow = await screen.findByRole('region', { name: /On now/ }, ROUTE_LOAD);
    expect(within(onNow).queryByRole('button', { name: /Watch .* live/ })).not.toBeInTheDocument();
    const schedule = screen.getByRole('region', { name: 'Live schedule' });
    expect(within(schedule).getAllByRole('listitem')).toHaveLength(20);

    await userEvent.setup().click(screen.getByRole('button', { name: 'More streams' }));
    // The older stream's broadcast is on now: it joins the indicator and the schedule.
    expect(await within(onNow).findByRole('button', { name: 'Watch Old Derby live' })).toBeInTheDocument();
    expect(within(schedule).getAllByRole('listitem')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'More streams' })).not.toBeInTheDocument();
    const lists = requestsTo(fetchMock, '/graphql')
      .map((init) => requestJson(init) as { query: string; variables: Variables })
      .filter((body) => body.query.includes('query MediaList'))
      .map((body) => [body.variables.after, body.variables.first]);
    expect(lists).toEqual([
      [null, 20],
      ['page2', 20],
    ]);
  });

  it('opens one stream by its slug with content.liveStream, and is Not Found for an unknown slug', async () => {
    const slugs: unknown[] = [];
    mockApi(
      {
        LiveStream: (variables) => {
          slugs.push(variables.slug);
          return variables.slug === 'final-match'
            ? {
                data: {
                  content: {
                    liveStream: {
                      id: 1,
                      mediaType: 'stream',
                      title: 'Final Match',
                      slug: 'final-match',
                      thumbnail,
                      quality: 'HD',
                      liveSchedule: [],
                    },
                  },
                },
              }
            : {
                data: { content: { liveStream: null } },
                errors: [
                  { message: 'Media not found', extensions: { code: 'NOT_FOUND', slug: 'media_not_found' } },
                ],
              };
        },
      },
      ['stream'],
    );
    await renderApp('/browse/stream/live/final-match', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Final Match' }, ROUTE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stream details' })).toHaveAttribute(
      'href',
      '/browse/stream/id/1/final-match',
    );
    await renderApp('/browse/stream/live/no-such-stream', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not Found' }, ROUTE_LOAD),
    ).toBeInTheDocument();
    expect(slugs).toEqual(['final-match', 'no-such-stream']);
  });

  it('is Not Found for a media type other than streams', async () => {
    mockApi({});
    await renderApp('/browse/movie/live', boot());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not Found' }, ROUTE_LOAD),
    ).toBeInTheDocument();
  });
});

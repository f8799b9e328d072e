import { CONTENT_ACCESS_TAG, type MediaType } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildSubscription } from '../../test/catalog-factories';
import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { type GraphQLResponse, genericToken, login } from '../../test/http';
import { type CatalogRepository, createCatalogRepository } from './catalog.repository';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36';

const MEDIA = /* GraphQL */ `
  query Media($mediaType: String!, $id: Int!, $country: String) {
    content {
      media(mediaType: $mediaType, id: $id, country: $country) {
        id
        mediaType
        title
        slug
        description
        thumbnail {
          origin
          path
          cacheIndex
        }
        is_free
        vendor_id
        playbackKey
        duration
        releaseDate
        releaseYear
        quality
        seasonNumber
        episodeNumber
        language
        languages
        countryOfOrigin
        upc
        isbn
        edition
        numPages
        publisher
        copyright
        type
        trackNumber
        artists {
          slug
        }
        casts {
          id
          slug
          title
        }
        directors {
          slug
        }
        producers {
          slug
        }
        writers {
          slug
        }
        authors {
          slug
        }
        narrators {
          slug
        }
        genres {
          slug
          title
          parent {
            slug
          }
        }
        tracks {
          id
          title
          trackNumber
          duration
          playbackKey
          artists {
            slug
          }
          genres {
            slug
          }
        }
        episodes {
          id
          title
          seasonNumber
          episodeNumber
        }
        firstEpisode {
          id
        }
        chapters {
          title
          position
          duration
        }
        liveSchedule {
          title
          startsAt
          endsAt
        }
      }
    }
  }
`;

type MediaItem = Record<string, unknown> & { id: number };

interface Caller {
  host: string;
  token?: string;
  cookie?: string;
  userAgent?: string;
  country?: string;
}

describe.each(ENGINES)('content.media (%s)', (engine) => {
  let t: TestApp;
  let repo: CatalogRepository;
  let open: { id: number; hostname: string };
  let gated: { id: number; hostname: string };
  const ids: Record<string, number | undefined> = {};

  async function media(
    caller: Caller,
    mediaType: string,
    id: number,
    country?: string,
  ): Promise<GraphQLResponse<{ content: { media: MediaItem | null } }>> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/graphql',
      headers: {
        host: caller.host,
        'content-type': 'application/json',
        'user-agent': caller.userAgent ?? DESKTOP,
        ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
        ...(caller.cookie ? { cookie: caller.cookie } : {}),
        ...(caller.country ? { 'x-country-code': caller.country } : {}),
      },
      payload: { query: MEDIA, variables: { mediaType, id, ...(country ? { country } : {}) } },
    });
    const body = response.json<{
      data?: { content: { media: MediaItem | null } } | null;
      errors?: GraphQLResponse<unknown>['errors'];
    }>();
    return {
      status: response.statusCode,
      data: body.data ?? null,
      ...(body.errors ? { errors: body.errors } : {}),
      response,
    };
  }

  async function visitor(host: string, extra: Partial<Caller> = {}): Promise<Caller> {
    return { host, token: await genericToken(t.app, host), ...extra };
  }

  async function subscriber(mediaTypes: readonly MediaType[] | null): Promise<Caller> {
    const member = await buildMember(t.db, gated.id);
    if (mediaTypes) await buildSubscription(t.db, gated.id, member.id, { mediaTypes });
    const { cookie } = await login(t.app, gated.hostname, member.email, member.password);
    return { host: gated.hostname, ...(cookie ? { cookie } : {}) };
  }

  function expectError(result: { errors?: GraphQLResponse<unknown>['errors'] }, code: string, slug?: string) {
    expect(result.errors?.[0]?.extensions.code).toBe(code);
    if (slug) expect(result.errors?.[0]?.extensions.slug).toBe(slug);
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    repo = createCatalogRepository(t.db.kysely, t.db.dialect);
    open = await buildBrand(t.db);
    gated = await buildBrand(t.db, { brandTags: [CONTENT_ACCESS_TAG] });
    await t.db.kysely
      .updateTable('brands')
      .set({ cdn_server: 'https://cdn.gated.example' })
      .where('id', '=', gated.id)
      .execute();

    const person = async (slug: string) => repo.insertPerson({ slug, title: slug.replace('-', ' ') });
    const [cast, director, producer, writer, author, narrator, artist] = await Promise.all(
      [
        'cast-one',
        'director-one',
        'producer-one',
        'writer-one',
        'author-one',
        'narrator-one',
        'artist-one',
      ].map(person),
    );
    const drama = await repo.insertGenre({ mediaType: 'movie', slug: 'drama', title: 'Drama' });
    const courtroom = await repo.insertGenre({
      mediaType: 'movie',
      slug: 'courtroom',
      title: 'Courtroom',
      parentId: drama,
    });
    const jazz = await repo.insertGenre({ mediaType: 'music', slug: 'jazz', title: 'Jazz' });

    [ids.movie, ids.album, ids.audiobook, ids.ebook, ids.stream, ids.game, ids.software, ids.geo] =
      await repo.insertMedia([
        {
          brandId: open.id,
          mediaType: 'movie',
          title: 'Twelve Jurors',
          description: 'A jury deliberates.',
          thumbnail: { origin: 'https://cdn.example', path: '/m/12.jpg', cacheIndex: 2 },
          vendorId: 'v-12',
          playbackKey: 'movies/12/index.m3u8',
          releaseDate: '1957-04-10',
          durationSeconds: 5760,
          quality: 'HD',
          language: 'en',
          countryOfOrigin: 'US',
          details: { type: 'series', seasonNumber: 1 },
          people: [
            { personId: cast!, role: 'cast' },
            { personId: director!, role: 'director' },
            { personId: producer!, role: 'producer' },
            { personId: writer!, role: 'writer' },
          ],
          genreIds: [courtroom],
        },
        {
          brandId: open.id,
          mediaType: 'music',
          title: 'Blue Album',
          releaseYear: 1959,
          durationSeconds: 2760,
          details: { upc: '0074646093523' },
          people: [{ personId: artist!, role: 'artist' }],
          genreIds: [jazz],
        },
        {
          brandId: open.id,
          mediaType: 'audiobook',
          title: 'The Long Listen',
          releaseDate: '2019-09-01',
          durationSeconds: 36000,
          language: 'en',
          details: { isbn: '9780000000001', publisher: 'Sound House', copyright: '© 2019 Sound House' },
          people: [
            { personId: author!, role: 'author' },
            { personId: narrator!, role: 'narrator' },
          ],
        },
        {
          brandId: open.id,
          mediaType: 'ebook',
          title: 'Paper Trails',
          releaseDate: '2015-02-02',
          details: { isbn: '9780000000002', edition: '2nd', numPages: 320, languages: ['en', 'fr'] },
          people: [{ personId: writer!, role: 'writer' }],
        },
        {
          brandId: open.id,
          mediaType: 'stream',
          title: 'Sports Live',
          quality: '1080p',
          language: 'en',
          countryOfOrigin: 'GB',
          details: {
            liveSchedule: [
              { title: 'Final', startsAt: '2026-06-01T18:00:00.000Z', endsAt: '2026-06-01T20:00:00.000Z' },
            ],
          },
        },
        {
          brandId: open.id,
          mediaType: 'game',
          title: 'Tile Puzzle',
          releaseYear: 2024,
          details: { type: 'html5' },
        },
        { brandId: open.id, mediaType: 'software', title: 'Tiny Tool', releaseYear: 2023 },
        { brandId: open.id, mediaType: 'movie', title: 'Only In Canada', geoAllow: ['CA'], isFree: true },
      ]);
    const children = await repo.insertMedia([
      ...[2, 1].map((n) => ({
        brandId: open.id,
        mediaType: 'music' as const,
        parentId: ids.album!,
        position: n,
        title: `Track ${String(n)}`,
        durationSeconds: 300 + n,
        playbackKey: `music/blue/${String(n)}.mp3`,
        people: [{ personId: artist!, role: 'artist' as const }],
        genreIds: [jazz],
      })),
      ...[1, 2].map((n) => ({
        brandId: open.id,
        mediaType: 'movie' as const,
        parentId: ids.movie!,
        position: n,
        title: `Deliberation ${String(n)}`,
        details: { seasonNumber: 1, episodeNumber: n },
      })),
      {
        brandId: open.id,
        mediaType: 'audiobook' as const,
        parentId: ids.audiobook!,
        position: 1,
        title: 'Chapter One',
        durationSeconds: 1200,
      },
    ]);
    ids.firstEpisode = children[2]!;

    [ids.paid, ids.free, ids.slotted, ids.gatedEbook] = await repo.insertMedia([
      { brandId: gated.id, mediaType: 'movie', title: 'Paid Movie' },
      { brandId: gated.id, mediaType: 'movie', title: 'Free Movie', isFree: true },
      { brandId: gated.id, mediaType: 'movie', title: 'Slotted Movie' },
      { brandId: gated.id, mediaType: 'ebook', title: 'Gated Ebook' },
    ]);
    await repo.insertSlot({
      brandId: gated.id,
      slug: 'movie_free',
      title: 'Free movies',
      mediaType: 'movie',
      mediaIds: [ids.slotted!],
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers a movie with every movie field, people by role, genres with parent and episodes', async () => {
    const result = await media(await visitor(open.hostname), 'movie', ids.movie!);
    expect(result.errors).toBeUndefined();
    expect(result.data?.content.media).toMatchObject({
      id: ids.movie,
      mediaType: 'movie',
      title: 'Twelve Jurors',
      slug: 'twelve-jurors',
      description: 'A jury deliberates.',
      thumbnail: { origin: 'https://cdn.example', path: '/m/12.jpg', cacheIndex: 2 },
      is_free: false,
      vendor_id: 'v-12',
      playbackKey: 'movies/12/index.m3u8',
      duration: 5760,
      releaseDate: '1957-04-10',
      quality: 'HD',
      language: 'en',
      countryOfOrigin: 'US',
      type: 'series',
      seasonNumber: 1,
      casts: [{ slug: 'cast-one', title: 'cast one' }],
      directors: [{ slug: 'director-one' }],
      producers: [{ slug: 'producer-one' }],
      writers: [{ slug: 'writer-one' }],
      genres: [{ slug: 'courtroom', title: 'Courtroom', parent: { slug: 'drama' } }],
      episodes: [
        { title: 'Deliberation 1', seasonNumber: 1, episodeNumber: 1 },
        { title: 'Deliberation 2', seasonNumber: 1, episodeNumber: 2 },
      ],
      firstEpisode: { id: ids.firstEpisode },
      tracks: [],
      chapters: [],
    });
  });

  it('answers the per-type fields of music, audiobook, ebook, stream, game and software', async () => {
    const caller = await visitor(open.hostname);
    const album = (await media(caller, 'music', ids.album!)).data?.content.media;
    expect(album).toMatchObject({
      releaseYear: 1959,
      duration: 2760,
      upc: '0074646093523',
      artists: [{ slug: 'artist-one' }],
      genres: [{ slug: 'jazz', parent: null }],
      tracks: [
        {
          title: 'Track 1',
          trackNumber: 1,
          duration: 301,
          playbackKey: 'music/blue/1.mp3',
          artists: [{ slug: 'artist-one' }],
          genres: [{ slug: 'jazz' }],
        },
        { title: 'Track 2', trackNumber: 2, duration: 302 },
      ],
    });
    expect((await media(caller, 'audiobook', ids.audiobook!)).data?.content.media).toMatchObject({
      releaseDate: '2019-09-01',
      isbn: '9780000000001',
      language: 'en',
      duration: 36000,
      publisher: 'Sound House',
      copyright: '© 2019 Sound House',
      authors: [{ slug: 'author-one' }],
      narrators: [{ slug: 'narrator-one' }],
      chapters: [{ title: 'Chapter One', position: 1, duration: 1200 }],
    });
    expect((await media(caller, 'ebook', ids.ebook!)).data?.content.media).toMatchObject({
      releaseDate: '2015-02-02',
      isbn: '9780000000002',
      edition: '2nd',
      languages: ['en', 'fr'],
      numPages: 320,
      writers: [{ slug: 'writer-one' }],
    });
    expect((await media(caller, 'stream', ids.stream!)).data?.content.media).toMatchObject({
      quality: '1080p',
      language: 'en',
      countryOfOrigin: 'GB',
      liveSchedule: [
        { title: 'Final', startsAt: '2026-06-01T18:00:00.000Z', endsAt: '2026-06-01T20:00:00.000Z' },
      ],
    });
    expect((await media(caller, 'game', ids.game!)).data?.content.media).toMatchObject({
      releaseYear: 2024,
      type: 'html5',
    });
    expect((await media(caller, 'software', ids.software!)).data?.content.media).toMatchObject({
      releaseYear: 2023,
    });
  });

  it('ignores ids below 1', async () => {
    const caller = await visitor(open.hostname);
    for (const id of [0, -1, -2147483648]) {
      const result = await media(caller, 'movie', id);
      expect(result.errors).toBeUndefined();
      expect(result.data?.content.media).toBeNull();
    }
  });

  it('answers NOT_FOUND for an unknown id or the wrong media type, and BAD_USER_INPUT for an unknown type', async () => {
    const caller = await visitor(open.hostname);
    expectError(await media(caller, 'movie', 2_000_000_000), 'NOT_FOUND', 'media_not_found');
    expectError(await media(caller, 'ebook', ids.movie!), 'NOT_FOUND');
    expectError(await media(caller, 'podcast', ids.movie!), 'BAD_USER_INPUT');
  });

  it('refuses a title outside its countries by the request country, whatever the country argument', async () => {
    const us = await media(await visitor(open.hostname, { country: 'US' }), 'movie', ids.geo!);
    expectError(us, 'FORBIDDEN', 'not_available_in_location');
    expect(us.errors?.[0]?.message).toBe('This content is not available in your current location.');
    expectError(
      await media(await visitor(open.hostname, { country: 'US' }), 'movie', ids.geo!, 'CA'),
      'FORBIDDEN',
    );
    const ca = await media(await visitor(open.hostname, { country: 'ca' }), 'movie', ids.geo!);
    expect(ca.data?.content.media?.id).toBe(ids.geo);
  });

  it('limits titles to subscribed media types when the brand has the access tag', async () => {
    const ebookOnly = await subscriber(['ebook']);
    expectError(await media(ebookOnly, 'movie', ids.paid!), 'FORBIDDEN', 'subscription_required');
    expect((await media(ebookOnly, 'ebook', ids.gatedEbook!)).data?.content.media?.id).toBe(ids.gatedEbook);
    // Free titles and titles in a free slot stay open.
    expect((await media(ebookOnly, 'movie', ids.free!)).data?.content.media?.id).toBe(ids.free);
    expect((await media(ebookOnly, 'movie', ids.slotted!)).data?.content.media?.id).toBe(ids.slotted);

    const movies = await subscriber(['movie']);
    expect((await media(movies, 'movie', ids.paid!)).data?.content.media?.id).toBe(ids.paid);

    expectError(
      await media(await subscriber(null), 'movie', ids.paid!),
      'FORBIDDEN',
      'subscription_required',
    );
    expectError(
      await media(await visitor(gated.hostname), 'movie', ids.paid!),
      'FORBIDDEN',
      'subscription_required',
    );
    expect((await media(await visitor(gated.hostname), 'movie', ids.free!)).data?.content.media?.id).toBe(
      ids.free,
    );
    // A thumbnail stored without an origin is served from the brand's CDN.
    expect((await media(movies, 'movie', ids.free!)).data?.content.media?.thumbnail).toEqual({
      origin: 'https://cdn.gated.example',
      path: '',
      cacheIndex: 0,
    });
    // Without the tag, a visitor opens any title.
    expect((await media(await visitor(open.hostname), 'movie', ids.movie!)).errors).toBeUndefined();
  });

  it('hides game and software on iPhone', async () => {
    const iphone = await visitor(open.hostname, { userAgent: IPHONE });
    expectError(await media(iphone, 'game', ids.game!), 'NOT_FOUND');
    expectError(await media(iphone, 'software', ids.software!), 'NOT_FOUND');
    expect((await media(iphone, 'movie', ids.movie!)).data?.content.media?.id).toBe(ids.movie);
    expect((await media(await visitor(open.hostname), 'game', ids.game!)).data?.content.media?.id).toBe(
      ids.game,
    );
  });

  it("never answers one brand's title under another brand", async () => {
    expectError(await media(await visitor(gated.hostname), 'movie', ids.movie!), 'NOT_FOUND');
    expectError(await media(await visitor(open.hostname), 'movie', ids.free!), 'NOT_FOUND');
  });

  it('requires a visitor or member token', async () => {
    expectError(await media({ host: open.hostname }, 'movie', ids.movie!), 'UNAUTHENTICATED');
  });
});

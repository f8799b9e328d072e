import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { buildBrand } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { type StatementCounter, countStatements } from '../../test/statements';
import { encodeCursor } from './catalog.cursor';
import {
  type CatalogRepository,
  type MediaCard,
  type NewMedia,
  createCatalogRepository,
} from './catalog.repository';

const HOSTILE_QUERIES = [
  '"',
  '""',
  "'",
  '*',
  '**',
  '-',
  '- -',
  '()',
  '(',
  ')',
  'NEAR(',
  'NEAR(amelie detective, 2)',
  'amelie NOT',
  'AND OR NOT',
  '"amel*',
  'title:amelie',
  '^amelie',
  'amelie & | !',
  "'; drop table media_items; --",
  ':*',
  '\\',
  '%_',
  '{}[]',
  '\u0000',
  '🎬',
  'a'.repeat(5000),
  ' ',
  '',
];

async function expectBadInput(call: () => Promise<unknown>) {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('BAD_USER_INPUT');
}

/** Pages through a whole list with the given page size, returning every page. */
async function allPages(
  fetch: (cursor: string | null) => Promise<{ items: MediaCard[]; nextCursor: string | null }>,
): Promise<MediaCard[][]> {
  const pages: MediaCard[][] = [];
  let cursor: string | null = null;
  do {
    const page = await fetch(cursor);
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 1000);
  return pages;
}

describe.each(ENGINES)('catalog repository (%s)', (engine) => {
  let db: TestDb;
  let repo: CatalogRepository;
  let counter: StatementCounter<Database>;
  let counted: CatalogRepository;
  let brandA: number;
  let brandB: number;
  let people: Record<string, number>;
  let genres: Record<'crime' | 'detective' | 'noir' | 'comedy' | 'rock', number>;
  let amelie: number;
  let detective: number;
  let series: number;
  let episodes: number[];

  beforeAll(async () => {
    db = await createTestDb(engine);
    repo = createCatalogRepository(db.kysely, db.dialect);
    counter = countStatements(db.kysely);
    counted = createCatalogRepository(counter.kysely, db.dialect);
    brandA = (await buildBrand(db)).id;
    brandB = (await buildBrand(db)).id;

    people = {};
    for (const [slug, title] of [
      ['audrey-tautou', 'Audrey Tautou'],
      ['jean-pierre-jeunet', 'Jean-Pierre Jeunet'],
      ['guillaume-laurant', 'Guillaume Laurant'],
      ['claudie-ossard', 'Claudie Ossard'],
      ['mathieu-kassovitz', 'Mathieu Kassovitz'],
      ['sam-spade', 'Sam Spade'],
    ] as const) {
      people[slug] = await repo.insertPerson({ slug, title });
    }
    const crime = await repo.insertGenre({ mediaType: 'movie', slug: 'crime', title: 'Crime' });
    genres = {
      crime,
      detective: await repo.insertGenre({
        mediaType: 'movie',
        slug: 'detective',
        title: 'Detective',
        parentId: crime,
      }),
      noir: await repo.insertGenre({ mediaType: 'movie', slug: 'noir', title: 'Noir', parentId: crime }),
      comedy: await repo.insertGenre({ mediaType: 'movie', slug: 'comedy', title: 'Comedy' }),
      rock: await repo.insertGenre({ mediaType: 'music', slug: 'rock', title: 'Rock' }),
    };

    [amelie, detective, series] = (await repo.insertMedia([
      {
        brandId: brandA,
        mediaType: 'movie',
        title: 'Le Fabuleux Destin d’Amélie Poulain',
        description: 'A shy waitress in Montmartre decides to change the lives of those around her.',
        thumbnail: { origin: 'https://cdn.example', path: '/t/amelie.jpg', cacheIndex: 3 },
        vendorId: 'vendor-amelie',
        playbackKey: 'movies/amelie/index.m3u8',
        releaseDate: '2001-04-25',
        durationSeconds: 7320,
        language: 'fr',
        countryOfOrigin: 'FR',
        quality: 'HD',
        popularity: 900,
        details: { type: 'feature', languages: ['fr', 'en'] },
        people: [
          { personId: people['audrey-tautou']!, role: 'cast' },
          { personId: people['mathieu-kassovitz']!, role: 'cast' },
          { personId: people['jean-pierre-jeunet']!, role: 'director' },
          { personId: people['guillaume-laurant']!, role: 'writer' },
          { personId: people['claudie-ossard']!, role: 'producer' },
        ],
        genreIds: [genres.comedy],
      },
      {
        brandId: brandA,
        mediaType: 'movie',
        title: 'The Detective Story',
        description: 'A private eye in a city of rain.',
        releaseDate: '1999-01-01',
        popularity: 500,
        people: [{ personId: people['sam-spade']!, role: 'cast' }],
        // Tagged with a subgenre and its parent: the parent's page must list it once.
        genreIds: [genres.detective, genres.crime],
      },
      {
        brandId: brandA,
        mediaType: 'movie',
        title: 'Rainy City',
        description: 'A series about a rainy city.',
        releaseDate: '2020-05-01',
        popularity: 10,
        details: { type: 'series' },
        genreIds: [genres.noir],
      },
    ])) as [number, number, number];
    episodes = await repo.insertMedia(
      [2, 1, 3].map((n): NewMedia => ({
        brandId: brandA,
        mediaType: 'movie',
        parentId: series,
        position: n,
        title: `Rainy City episode ${String(n)}`,
        releaseDate: '2030-01-01',
        popularity: 1_000_000,
        durationSeconds: 1800,
        details: { seasonNumber: 1, episodeNumber: n },
        people: [{ personId: people['sam-spade']!, role: 'cast' }],
        genreIds: [genres.noir],
      })),
    );
    // The same title on brand B: never visible from brand A and the other way round.
    await repo.insertMedia([
      {
        brandId: brandB,
        mediaType: 'movie',
        title: 'Amélie of brand B',
        releaseDate: '2001-04-25',
        genreIds: [genres.comedy],
      },
    ]);
  });

  afterAll(async () => {
    await db.cleanup();
  });

  describe('findMedia', () => {
    it('reads a title with its people by role and its own genres with their parent, in four statements', async () => {
      counter.reset();
      const found = await counted.findMedia(brandA, 'movie', detective);
      expect(counter.count).toBe(4);
      expect(found).toMatchObject({
        id: detective,
        mediaType: 'movie',
        title: 'The Detective Story',
        releaseDate: '1999-01-01',
        inFreeSlot: false,
        children: [],
      });
      expect(found?.people).toEqual([
        { role: 'cast', person: { id: people['sam-spade'], slug: 'sam-spade', title: 'Sam Spade' } },
      ]);
      expect(found?.genres).toEqual([
        { id: genres.crime, slug: 'crime', title: 'Crime', parent: null },
        {
          id: genres.detective,
          slug: 'detective',
          title: 'Detective',
          parent: { id: genres.crime, slug: 'crime', title: 'Crime' },
        },
      ]);

      const film = await repo.findMedia(brandA, 'movie', amelie);
      expect(film).toMatchObject({
        thumbnail: { origin: 'https://cdn.example', path: '/t/amelie.jpg', cacheIndex: 3 },
        vendorId: 'vendor-amelie',
        playbackKey: 'movies/amelie/index.m3u8',
        durationSeconds: 7320,
        language: 'fr',
        countryOfOrigin: 'FR',
        quality: 'HD',
        geoAllow: null,
        isFree: false,
        details: { type: 'feature', languages: ['fr', 'en'] },
      });
      expect(film?.people.map((link) => `${link.role}:${link.person.slug}`)).toEqual([
        'cast:audrey-tautou',
        'cast:mathieu-kassovitz',
        'director:jean-pierre-jeunet',
        'producer:claudie-ossard',
        'writer:guillaume-laurant',
      ]);
    });

    it('reads children in order with their own people and genres, still in four statements', async () => {
      counter.reset();
      const found = await counted.findMedia(brandA, 'movie', series);
      expect(counter.count).toBe(4);
      expect(found?.children.map((child) => child.position)).toEqual([1, 2, 3]);
      expect(found?.children.map((child) => child.id).sort()).toEqual([...episodes].sort());
      for (const child of found?.children ?? []) {
        expect(child.people.map((link) => link.person.slug)).toEqual(['sam-spade']);
        expect(child.genres.map((genre) => genre.slug)).toEqual(['noir']);
        expect(child.details.seasonNumber).toBe(1);
      }
    });

    it('finds nothing for another brand, another media type or an unknown id', async () => {
      expect(await repo.findMedia(brandB, 'movie', amelie)).toBeUndefined();
      expect(await repo.findMedia(brandA, 'ebook', amelie)).toBeUndefined();
      expect(await repo.findMedia(brandA, 'movie', 987_654)).toBeUndefined();
    });

    it('reads corrupt JSON as empty details and a corrupt geo list as nowhere', async () => {
      const [id] = (await repo.insertMedia([{ brandId: brandA, mediaType: 'ebook', title: 'Corrupt' }])) as [
        number,
      ];
      await db.kysely
        .updateTable('media_items')
        .set({ details: '{"numPages":"many","isbn":"978-0"', geo_allow: 'not json' })
        .where('id', '=', id)
        .execute();
      expect(await repo.findMedia(brandA, 'ebook', id)).toMatchObject({ details: {}, geoAllow: [] });
      await db.kysely
        .updateTable('media_items')
        .set({ details: '{"numPages":"many","isbn":"978-0"}' })
        .where('id', '=', id)
        .execute();
      expect((await repo.findMedia(brandA, 'ebook', id))?.details).toEqual({ isbn: '978-0' });
    });
  });

  describe('keyset pages', () => {
    const TOTAL = 3000;
    let brandC: number;
    let expectedNew: { id: number; key: string }[];
    let expectedPopular: { id: number; key: number }[];

    beforeAll(async () => {
      brandC = (await buildBrand(db)).id;
      // Few distinct sort keys, so most rows tie and the id must break every tie.
      const items = Array.from({ length: TOTAL }, (_, i): NewMedia => ({
        brandId: brandC,
        mediaType: 'music',
        title: `Album ${String(i)}`,
        ...(i % 10 === 0
          ? { releaseYear: 1990 + (i % 7) }
          : { releaseDate: `20${String(10 + (i % 13))}-0${String(1 + (i % 9))}-15` }),
        popularity: i % 17,
        genreIds: i % 3 === 0 ? [genres.rock] : [],
      }));
      const ids = await repo.insertMedia(items);
      const rows = await db.kysely
        .selectFrom('media_items')
        .select(['id', 'release_sort', 'popularity'])
        .where('brand_id', '=', brandC)
        .execute();
      expect(ids).toHaveLength(TOTAL);
      expectedNew = rows
        .map((row) => ({ id: row.id, key: row.release_sort }))
        .sort((a, b) => (a.key === b.key ? b.id - a.id : a.key < b.key ? 1 : -1));
      expectedPopular = rows
        .map((row) => ({ id: row.id, key: row.popularity }))
        .sort((a, b) => (a.key === b.key ? b.id - a.id : b.key - a.key));
    });

    it('pages new releases without overlap or gap, one statement per page', async () => {
      counter.reset();
      const pages = await allPages((cursor) => counted.listNewReleases(brandC, 'music', cursor, 100));
      expect(pages).toHaveLength(30);
      expect(counter.count).toBe(30);
      expect(pages.flat().map((item) => item.id)).toEqual(expectedNew.map((row) => row.id));
      expect(pages.every((page) => page.length === 100)).toBe(true);
    });

    it('pages popular titles without overlap or gap, ties broken by id', async () => {
      const pages = await allPages((cursor) => repo.listPopular(brandC, 'music', cursor, 77));
      const ids = pages.flat().map((item) => item.id);
      expect(new Set(ids).size).toBe(TOTAL);
      expect(ids).toEqual(expectedPopular.map((row) => row.id));
    });

    it('answers a page deep in the list from its cursor alone', async () => {
      const at = expectedNew[2499]!;
      const page = await repo.listNewReleases(brandC, 'music', encodeCursor(at.key, at.id), 24);
      expect(page.items.map((item) => item.id)).toEqual(expectedNew.slice(2500, 2524).map((row) => row.id));
      const last = expectedNew[TOTAL - 2]!;
      const end = await repo.listNewReleases(brandC, 'music', encodeCursor(last.key, last.id), 24);
      expect(end.items.map((item) => item.id)).toEqual([expectedNew[TOTAL - 1]!.id]);
      expect(end.nextCursor).toBeNull();
    });

    it('keeps the page stable when a title is added before the cursor', async () => {
      const first = await repo.listPopular(brandC, 'music', null, 50);
      await repo.insertMedia([{ brandId: brandC, mediaType: 'music', title: 'Late hit', popularity: 999 }]);
      const second = await repo.listPopular(brandC, 'music', first.nextCursor, 50);
      expect(second.items.map((item) => item.id)).toEqual(
        expectedPopular.slice(50, 100).map((row) => row.id),
      );
    });

    it('clamps the page size', async () => {
      expect((await repo.listNewReleases(brandC, 'music', null, 10_000)).items).toHaveLength(100);
      expect((await repo.listNewReleases(brandC, 'music', null, 0)).items).toHaveLength(1);
    });

    it('leaves children and other brands out of shelves', async () => {
      const page = await repo.listPopular(brandA, 'movie', null, 100);
      expect(page.items.map((item) => item.id)).toEqual([amelie, detective, series]);
      const newest = await repo.listNewReleases(brandA, 'movie', null, 100);
      expect(newest.items.map((item) => item.id)).toEqual([series, amelie, detective]);
    });

    it('refuses a malformed cursor as bad input', async () => {
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      for (const cursor of [
        'not a cursor!',
        'e30',
        b64({}),
        b64(['2020-01-01']),
        b64([1, 2]),
        b64(['x', -1]),
      ]) {
        await expectBadInput(() => repo.listNewReleases(brandC, 'music', cursor, 10));
        await expectBadInput(() => repo.listByGenre(brandC, 'music', genres.rock, cursor, 10));
      }
      for (const cursor of [b64(['2020-01-01', 5]), b64([1.5, 2]), 'x'.repeat(600)]) {
        await expectBadInput(() => repo.listPopular(brandC, 'music', cursor, 10));
      }
    });

    it('pages a genre of a thousand titles newest first', async () => {
      const inGenre = new Set(
        (
          await db.kysely
            .selectFrom('media_genres')
            .select('media_id')
            .where('genre_id', '=', genres.rock)
            .where('brand_id', '=', brandC)
            .execute()
        ).map((row) => row.media_id),
      );
      counter.reset();
      const pages = await allPages((cursor) => counted.listByGenre(brandC, 'music', genres.rock, cursor, 64));
      expect(counter.count).toBe(pages.length);
      expect(pages.flat().map((item) => item.id)).toEqual(
        expectedNew.filter((row) => inGenre.has(row.id)).map((row) => row.id),
      );
      expect(inGenre.size).toBe(TOTAL / 3);
    });
  });

  describe('genre pages', () => {
    it('lists a parent genre with its subgenres, each title once', async () => {
      const crime = await repo.listByGenre(brandA, 'movie', genres.crime, null, 10);
      expect(crime.items.map((item) => item.id)).toEqual([series, detective]);
      const noir = await repo.listByGenre(brandA, 'movie', genres.noir, null, 10);
      expect(noir.items.map((item) => item.id)).toEqual([series]);
      const comedy = await repo.listByGenre(brandA, 'movie', genres.comedy, null, 10);
      expect(comedy.items.map((item) => item.id)).toEqual([amelie]);
    });

    it('pages a genre with a cursor, and never crosses brands or media types', async () => {
      const first = await repo.listByGenre(brandA, 'movie', genres.crime, null, 1);
      expect(first.items.map((item) => item.id)).toEqual([series]);
      const second = await repo.listByGenre(brandA, 'movie', genres.crime, first.nextCursor, 1);
      expect(second.items.map((item) => item.id)).toEqual([detective]);
      expect(second.nextCursor).toBeNull();
      expect((await repo.listByGenre(brandB, 'movie', genres.crime, null, 10)).items).toEqual([]);
      expect((await repo.listByGenre(brandA, 'music', genres.crime, null, 10)).items).toEqual([]);
    });
  });

  describe('slots', () => {
    it('reads the asked slots in order with their titles in position order, in one statement', async () => {
      await repo.insertSlot({
        brandId: brandA,
        slug: 'movie_free',
        title: 'Free movies',
        mediaType: 'movie',
        properties: { color: '#fff' },
        mediaIds: [detective, amelie],
      });
      await repo.insertSlot({
        brandId: brandA,
        slug: 'empty',
        title: 'Empty',
        mediaType: 'movie',
        mediaIds: [],
      });
      await repo.insertSlot({
        brandId: brandB,
        slug: 'movie_free',
        title: 'Free movies of B',
        mediaType: 'movie',
        mediaIds: [],
      });
      counter.reset();
      const slots = await counted.listSlotItems(brandA, ['empty', 'movie_free', 'missing']);
      expect(counter.count).toBe(1);
      expect(slots.map((slot) => [slot.slug, slot.items.map((item) => item.id)])).toEqual([
        ['empty', []],
        ['movie_free', [detective, amelie]],
      ]);
      expect(slots[1]).toMatchObject({
        title: 'Free movies',
        mediaType: 'movie',
        properties: { color: '#fff' },
      });
      expect((await repo.listSlotItems(brandA, ['movie_free'], 1))[0]?.items.map((item) => item.id)).toEqual([
        detective,
      ]);
      expect(await repo.listSlotItems(brandA, [])).toEqual([]);
    });

    it('marks a title in a free slot when findMedia is asked about free slots', async () => {
      expect((await repo.findMedia(brandA, 'movie', amelie, ['movie_free']))?.inFreeSlot).toBe(true);
      expect((await repo.findMedia(brandA, 'movie', series, ['movie_free']))?.inFreeSlot).toBe(false);
      expect((await repo.findMedia(brandA, 'movie', amelie, ['ebook_free']))?.inFreeSlot).toBe(false);
    });
  });

  describe('search', () => {
    const ids = (cards: MediaCard[]) => cards.map((card) => card.id);

    it('ignores case and accents, in one statement', async () => {
      // On PostgreSQL a repository first reads the lexeme statistics that choose search plans (then
      // every 10 minutes); the search itself is one statement.
      await counted.search(brandA, 'warm');
      for (const query of ['Amelie', 'amélie', 'AMELIE', 'ÂMÉLÎE', 'Poulain']) {
        counter.reset();
        expect(ids(await counted.search(brandA, query))).toEqual([amelie]);
        expect(counter.count).toBe(1);
      }
    });

    it('matches prefixes for type-ahead', async () => {
      expect(ids(await repo.search(brandA, 'detec'))).toEqual([detective]);
      expect(ids(await repo.search(brandA, 'am'))).toEqual([amelie]);
      expect(ids(await repo.search(brandA, 'fabul'))).toEqual([amelie]);
    });

    it('searches people and descriptions, title matches first', async () => {
      expect(ids(await repo.search(brandA, 'tautou'))).toEqual([amelie]);
      expect(ids(await repo.search(brandA, 'jeunet'))).toEqual([amelie]);
      expect(ids(await repo.search(brandA, 'waitress'))).toEqual([amelie]);
      // "rain" is in Rainy City's title and in The Detective Story's description.
      expect(ids(await repo.search(brandA, 'rain'))).toEqual([series, detective]);
    });

    it('requires every word', async () => {
      expect(ids(await repo.search(brandA, 'fabuleux amel'))).toEqual([amelie]);
      expect(ids(await repo.search(brandA, 'amelie detective'))).toEqual([]);
      expect(ids(await repo.search(brandA, 'private eye'))).toEqual([detective]);
    });

    it('never shows children, other brands or unasked media types', async () => {
      expect(ids(await repo.search(brandA, 'episode'))).toEqual([]);
      expect(ids(await repo.search(brandB, 'amelie'))).not.toContain(amelie);
      expect((await repo.search(brandB, 'amelie')).map((card) => card.title)).toEqual(['Amélie of brand B']);
      expect(await repo.search(brandA, 'amelie', { mediaTypes: ['ebook'] })).toEqual([]);
      expect(await repo.search(brandA, 'amelie', { mediaTypes: [] })).toEqual([]);
    });

    it('groups results by media type with a limit per type', async () => {
      const brand = (await buildBrand(db)).id;
      await repo.insertMedia([
        ...['ebook', 'movie', 'ebook', 'audiobook', 'ebook'].map((mediaType, i): NewMedia => ({
          brandId: brand,
          mediaType: mediaType as NewMedia['mediaType'],
          title: `Ocean ${String(i)}`,
          popularity: i,
        })),
      ]);
      const results = await repo.search(brand, 'ocean', { limit: 2 });
      expect(results.map((card) => `${card.mediaType}:${card.title}`)).toEqual([
        'audiobook:Ocean 3',
        'ebook:Ocean 4',
        'ebook:Ocean 2',
        'movie:Ocean 1',
      ]);
    });

    it('keeps the index in step when a title changes', async () => {
      const brand = (await buildBrand(db)).id;
      const [id] = (await repo.insertMedia([{ brandId: brand, mediaType: 'ebook', title: 'Old name' }])) as [
        number,
      ];
      expect(await repo.updateMedia(brand, id, { title: 'Nouvelle Édition' })).toBe(true);
      expect(ids(await repo.search(brand, 'old'))).toEqual([]);
      expect(ids(await repo.search(brand, 'nouvelle edition'))).toEqual([id]);
      expect(await repo.updateMedia(brandB, id, { title: 'Stolen' })).toBe(false);
      await db.kysely.deleteFrom('media_items').where('id', '=', id).execute();
      expect(ids(await repo.search(brand, 'nouvelle'))).toEqual([]);
    });

    it('answers hostile input with results or nothing, never an error', async () => {
      for (const query of HOSTILE_QUERIES) {
        const results = await repo.search(brandA, query);
        expect(Array.isArray(results)).toBe(true);
      }
      expect(ids(await repo.search(brandA, '"amelie'))).toEqual([amelie]);
      expect(ids(await repo.search(brandA, 'NEAR(amelie poulain)'))).toEqual([]);
      expect(ids(await repo.search(brandA, '(amelie) *'))).toEqual([amelie]);
      expect(ids(await repo.search(brandA, '-detective'))).toEqual([detective]);
    });
  });
});

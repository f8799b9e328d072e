import { MEDIA_TYPES } from '@member/domain';
import { describe, expect, it } from 'vitest';

import { createCatalogRepository } from '../modules/catalog/catalog.repository';
import { buildBrand } from '../test/factories';
import { ENGINES, createTestDb } from '../test/harness';
import { countStatements } from '../test/statements';
import { DEFAULT_TITLE_COUNTS, createRandom, seedCatalog } from './catalog';
import { resumeDemoCatalog, seedDemoData } from './demo';

const SMALL = { movie: 30, music: 20, ebook: 30, audiobook: 10, game: 8, software: 6, stream: 4 };

describe('createRandom', () => {
  it('repeats its sequence for a seed', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    expect(Array.from({ length: 5 }, a.next)).toEqual(Array.from({ length: 5 }, b.next));
  });
});

describe('seedCatalog on SQLite at full size', () => {
  it('seeds at least 5,000 titles over the two demo brands', async () => {
    const db = await createTestDb('sqlite');
    try {
      const all = await buildBrand(db);
      const five = await buildBrand(db, { mediaTypes: ['audiobook', 'ebook', 'music', 'movie', 'stream'] });
      const result = await seedCatalog(db, [
        { id: all.id, mediaTypes: MEDIA_TYPES },
        { id: five.id, mediaTypes: ['audiobook', 'ebook', 'music', 'movie', 'stream'] },
      ]);
      expect(result.titles).toBeGreaterThanOrEqual(5000);
      const types = await db.kysely
        .selectFrom('media_items')
        .select(['media_type'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('brand_id', '=', five.id)
        .where('parent_id', 'is', null)
        .groupBy('media_type')
        .execute();
      // Only the types the brand offers.
      expect(types.map((row) => row.media_type).sort()).toEqual([
        'audiobook',
        'ebook',
        'movie',
        'music',
        'stream',
      ]);
      expect(types.find((row) => row.media_type === 'movie')?.n).toBe(DEFAULT_TITLE_COUNTS.movie);
    } finally {
      await db.cleanup();
    }
  }, 60_000);
});

describe.each(ENGINES)('seedCatalog (%s)', (engine) => {
  async function seeded(seed = 7) {
    const db = await createTestDb(engine);
    const brand = await buildBrand(db);
    const result = await seedCatalog(db, [{ id: brand.id, mediaTypes: MEDIA_TYPES }], {
      seed,
      counts: SMALL,
    });
    return { db, brand, result };
  }

  it('makes titles, children, genres with parents, people and slots, and is idempotent', async () => {
    const { db, brand, result } = await seeded();
    try {
      expect(result.titles).toBe(Object.values(SMALL).reduce((a, b) => a + b, 0));
      expect(result.children).toBeGreaterThan(result.titles / 2);
      const again = await seedCatalog(db, [{ id: brand.id, mediaTypes: MEDIA_TYPES }], { counts: SMALL });
      expect(again).toEqual({ brands: 0, titles: 0, children: 0 });

      const repo = createCatalogRepository(db.kysely, db.dialect);
      const page = await repo.listPopular(brand.id, 'music', null, 1);
      const album = await repo.findMedia(brand.id, 'music', page.items[0]?.id ?? 0);
      expect(album?.children.length).toBeGreaterThanOrEqual(4);
      expect(album?.people.some((p) => p.role === 'artist')).toBe(true);
      expect(album?.playbackKey).toMatch(/^\/media\/demo\/music\//);
      expect(album?.thumbnail.origin).toBe('');

      const books = await repo.listNewReleases(brand.id, 'audiobook', null, 100);
      const book = await repo.findMedia(brand.id, 'audiobook', books.items[0]?.id ?? 0);
      expect(book?.children.map((c) => c.title)[0]).toMatch(/River|Clock/);

      const genres = await repo.listGenres(brand.id, 'ebook');
      // Parents reach the list through their subgenres' titles.
      expect(genres.some((g) => g.slug === 'fiction' && g.parent === null)).toBe(true);
      expect(genres.some((g) => g.parent !== null)).toBe(true);

      const slots = await repo.listSlotItems(brand.id, [
        'movie_free',
        'ebook_free',
        'audiobook_free',
        'new_releases',
        'popular',
        'staff_picks',
        'seasonal_winter',
      ]);
      expect(slots.map((s) => s.slug)).toEqual([
        'movie_free',
        'ebook_free',
        'audiobook_free',
        'new_releases',
        'popular',
        'staff_picks',
        'seasonal_winter',
      ]);
      expect(slots.find((s) => s.slug === 'popular')?.items.length).toBe(24);
    } finally {
      await db.cleanup();
    }
  }, 60_000);

  it('gives the same titles for the same seed and others for another', async () => {
    const titles = async (seed: number) => {
      const { db, brand } = await seeded(seed);
      try {
        const rows = await db.kysely
          .selectFrom('media_items')
          .select(['title', 'media_type', 'release_sort', 'popularity'])
          .where('brand_id', '=', brand.id)
          .orderBy('id')
          .execute();
        return rows;
      } finally {
        await db.cleanup();
      }
    };
    const a = await titles(7);
    expect(await titles(7)).toEqual(a);
    expect(await titles(8)).not.toEqual(a);
  }, 60_000);

  it('answers the home slots in one statement', async () => {
    const { db, brand } = await seeded();
    try {
      const counter = countStatements(db.kysely);
      const repo = createCatalogRepository(counter.kysely, db.dialect);
      const tags = ['new_releases', 'popular', 'staff_picks', 'seasonal_winter', 'movie_free'];
      const slots = await repo.listSlotItems(brand.id, tags);
      expect(slots).toHaveLength(tags.length);
      expect(counter.count).toBeLessThanOrEqual(tags.length + 1);
      expect(counter.count).toBe(1);
    } finally {
      await db.cleanup();
    }
  }, 60_000);

  it('writes titles and descriptions in the languages the brand offers, from the same picks', async () => {
    const db = await createTestDb(engine);
    try {
      const brand = await buildBrand(db, { languages: ['en-us', 'fr-ca', 'ja-jp'] });
      await seedCatalog(
        db,
        [{ id: brand.id, mediaTypes: MEDIA_TYPES, languages: ['en-us', 'fr-ca', 'ja-jp'] }],
        {
          seed: 7,
          counts: SMALL,
        },
      );
      const rows = await db.kysely
        .selectFrom('media_translations as t')
        .innerJoin('media_items as m', 'm.id', 't.media_id')
        .select([
          'm.media_type',
          'm.title as original',
          'm.description as english',
          't.locale',
          't.title',
          't.description',
        ])
        .where('m.brand_id', '=', brand.id)
        .where('m.parent_id', 'is', null)
        .execute();
      const top = Object.values(SMALL).reduce((a, b) => a + b, 0);
      // Only the offered locales other than en-us, every top-level title.
      expect(rows).toHaveLength(top * 2);
      expect(new Set(rows.map((row) => row.locale))).toEqual(new Set(['fr-ca', 'ja-jp']));
      for (const row of rows) {
        expect(row.description).not.toBe(row.english);
        if (['movie', 'ebook', 'audiobook'].includes(row.media_type))
          expect(row.title).not.toBe(row.original);
        // Album, game, software and match names keep their original name.
        else expect(row.title).toBe(row.original);
      }
      const french = rows.filter((row) => row.locale === 'fr-ca' && row.media_type === 'movie');
      expect(french.some((row) => /^(Le|La|L'|Les|Retour) /.test(row.title))).toBe(true);
      const japanese = rows.filter((row) => row.locale === 'ja-jp');
      expect(japanese.every((row) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(row.description ?? ''))).toBe(true);

      const repo = createCatalogRepository(db.kysely, db.dialect);
      const page = await repo.listNewReleases(brand.id, 'movie', null, 5, null, 'fr-ca');
      const english = await repo.listNewReleases(brand.id, 'movie', null, 5, null, 'en-us');
      expect(page.items.map((card) => card.id)).toEqual(english.items.map((card) => card.id));
      expect(page.items.map((card) => card.title)).not.toEqual(english.items.map((card) => card.title));
      const genres = await repo.listGenres(brand.id, 'ebook', 'fr-ca');
      expect(genres.some((g) => g.title === 'Fiction' || g.title === 'Documents')).toBe(true);
      expect(genres.some((g) => g.title === 'Roman historique' || g.title === 'Mystère')).toBe(true);
    } finally {
      await db.cleanup();
    }
  }, 60_000);

  it('leaves an interrupted brand without a single title, and finishes it on the next run', async () => {
    const db = await createTestDb(engine);
    try {
      const first = await buildBrand(db);
      const second = await buildBrand(db);
      const brands = [
        { id: first.id, mediaTypes: MEDIA_TYPES },
        { id: second.id, mediaTypes: ['movie', 'ebook'] as const },
      ];
      const interrupted = seedCatalog(db, brands, {
        counts: SMALL,
        beforeCommit: (brandId) => {
          if (brandId === second.id) throw new Error('power cut');
        },
      });
      await expect(interrupted).rejects.toThrow('power cut');
      const count = async (brandId: number) =>
        Number(
          (
            await db.kysely
              .selectFrom('media_items')
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .where('brand_id', '=', brandId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const firstCount = await count(first.id);
      expect(firstCount).toBeGreaterThan(0);
      expect(await count(second.id)).toBe(0);
      expect(
        await db.kysely.selectFrom('slots').select('id').where('brand_id', '=', second.id).execute(),
      ).toEqual([]);

      const resumed = await seedCatalog(db, brands, { counts: SMALL });
      expect(resumed.brands).toBe(1);
      expect(resumed.titles).toBe(SMALL.movie + SMALL.ebook);
      expect(await count(first.id)).toBe(firstCount);
      expect(
        await db.kysely.selectFrom('catalog_seeds').select('brand_id').orderBy('brand_id').execute(),
      ).toEqual([{ brand_id: first.id }, { brand_id: second.id }]);
      expect(await seedCatalog(db, brands, { counts: SMALL })).toEqual({ brands: 0, titles: 0, children: 0 });
    } finally {
      await db.cleanup();
    }
  }, 60_000);
});

describe('seedDemoData after a first start interrupted during the catalog (sqlite)', () => {
  it('seeds the missing demo catalog on the next start', async () => {
    const db = await createTestDb('sqlite');
    try {
      const first = await seedDemoData(db);
      expect(first?.titles).toBeGreaterThanOrEqual(5000);
      // The state an interruption during the second brand leaves: brands and members, no catalog, no marker.
      const clickcoins = await db.kysely
        .selectFrom('brands')
        .select('id')
        .where('slug', '=', 'clickcoins')
        .executeTakeFirstOrThrow();
      await db.kysely.deleteFrom('media_items').where('brand_id', '=', clickcoins.id).execute();
      await db.kysely.deleteFrom('slots').where('brand_id', '=', clickcoins.id).execute();
      await db.kysely.deleteFrom('catalog_seeds').where('brand_id', '=', clickcoins.id).execute();

      const second = await seedDemoData(db);
      expect(second).toEqual({ brands: 0, members: 0, titles: 2400 });
      expect(await seedDemoData(db)).toBeNull();
      expect(await resumeDemoCatalog(db)).toBe(0);
    } finally {
      await db.cleanup();
    }
  }, 120_000);
});

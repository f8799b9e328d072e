import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../db/schema';
import { buildBrand } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { type StatementCounter, countStatements } from '../../test/statements';
import { type CatalogRepository, createCatalogRepository } from './catalog.repository';

describe.each(ENGINES)('catalog in the request language (%s)', (engine) => {
  let db: TestDb;
  let repo: CatalogRepository;
  let counter: StatementCounter<Database>;
  let counted: CatalogRepository;
  let brand: number;
  let lighthouse: number;
  let untranslated: number;
  let genre: number;

  beforeAll(async () => {
    db = await createTestDb(engine);
    repo = createCatalogRepository(db.kysely, db.dialect);
    counter = countStatements(db.kysely);
    counted = createCatalogRepository(counter.kysely, db.dialect);
    brand = (await buildBrand(db, { languages: ['en-us', 'fr-ca', 'ja-jp'] })).id;
    genre = await repo.insertGenre({ mediaType: 'movie', slug: 'mystery', title: 'Mystery' });
    await db.kysely
      .insertInto('genre_translations')
      .values([
        { genre_id: genre, locale: 'fr-ca', title: 'Mystère' },
        { genre_id: genre, locale: 'ja-jp', title: 'ミステリー' },
      ])
      .execute();
    [lighthouse, untranslated] = (await repo.insertMedia([
      {
        brandId: brand,
        mediaType: 'movie',
        title: 'The Last Lighthouse',
        description: 'A keeper and a storm.',
        releaseDate: '2020-01-01',
        genreIds: [genre],
        translations: [
          { locale: 'fr-ca', title: 'Le Dernier Phare', description: 'Un gardien et une tempête.' },
          // No description: the original one is read.
          { locale: 'ja-jp', title: '最後の灯台' },
          // Not a locale: ignored.
          { locale: 'xx-yy', title: 'Nope' },
        ],
      },
      { brandId: brand, mediaType: 'movie', title: 'Harbor Lights', releaseDate: '2019-01-01' },
    ])) as [number, number];
    const [episode] = await repo.insertMedia([
      {
        brandId: brand,
        mediaType: 'movie',
        parentId: lighthouse,
        position: 1,
        title: 'The Last Lighthouse: Episode 1',
        translations: [{ locale: 'fr-ca', title: 'Le Dernier Phare : épisode 1' }],
      },
    ]);
    expect(episode).toBeGreaterThan(0);
    await repo.insertSlot({
      brandId: brand,
      slug: 'popular',
      title: 'Popular',
      mediaType: 'mixed',
      mediaIds: [lighthouse, untranslated],
    });
  });

  afterAll(async () => {
    await db.cleanup();
  });

  it('reads a detail with its children and genres in the locale, still in four statements', async () => {
    counter.reset();
    const detail = await counted.findMedia(brand, 'movie', lighthouse, [], 'fr-ca');
    expect(counter.count).toBe(4);
    expect(detail?.title).toBe('Le Dernier Phare');
    expect(detail?.description).toBe('Un gardien et une tempête.');
    expect(detail?.children.map((child) => child.title)).toEqual(['Le Dernier Phare : épisode 1']);
    expect(detail?.genres.map((g) => g.title)).toEqual(['Mystère']);

    const japanese = await repo.findMedia(brand, 'movie', lighthouse, [], 'ja-jp');
    expect(japanese?.title).toBe('最後の灯台');
    expect(japanese?.description).toBe('A keeper and a storm.');
    // The episode has no Japanese title: the original.
    expect(japanese?.children.map((child) => child.title)).toEqual(['The Last Lighthouse: Episode 1']);
  });

  it('falls back to the original for a locale without translations, or none, or an unknown one', async () => {
    for (const locale of ['de-de', 'en-us', null, undefined, 'not-a-locale']) {
      const detail = await repo.findMedia(brand, 'movie', lighthouse, [], locale);
      expect(detail?.title).toBe('The Last Lighthouse');
      expect(detail?.genres.map((g) => g.title)).toEqual(['Mystery']);
    }
  });

  it('translates every list, each in one statement', async () => {
    const titles = (cards: { title: string }[]) => cards.map((card) => card.title);
    counter.reset();
    expect(titles((await counted.listNewReleases(brand, 'movie', null, 10, null, 'fr-ca')).items)).toEqual([
      'Le Dernier Phare',
      'Harbor Lights',
    ]);
    expect(titles((await counted.listPopular(brand, 'movie', null, 10, null, 'fr-ca')).items)).toContain(
      'Le Dernier Phare',
    );
    expect(titles((await counted.listByGenre(brand, 'movie', genre, null, 10, null, 'ja-jp')).items)).toEqual(
      ['最後の灯台'],
    );
    const [slot] = await counted.listSlotItems(brand, ['popular'], 10, null, 'fr-ca');
    expect(titles(slot?.items ?? [])).toEqual(['Le Dernier Phare', 'Harbor Lights']);
    expect((await counted.listGenres(brand, 'movie', 'fr-ca')).map((g) => g.title)).toEqual(['Mystère']);
    expect(counter.count).toBe(5);
  });

  it('finds titles by any of their translated titles and answers in the locale', async () => {
    // On PostgreSQL a repository first reads the lexeme statistics that choose search plans (then
    // every 10 minutes); the search itself is one statement.
    await counted.search(brand, 'warm');
    counter.reset();
    expect((await counted.search(brand, 'phare', { locale: 'fr-ca' })).map((c) => c.title)).toEqual([
      'Le Dernier Phare',
    ]);
    expect(counter.count).toBe(1);
    // Japanese has no spaces: a title is found by any part of it, from one character on, and a
    // phrase must appear whole (all its character pairs), not just some of its characters.
    for (const query of ['最後', '灯台', '台', 'の灯', '最後の灯台', '灯'])
      expect(
        (await repo.search(brand, query)).map((c) => c.id),
        query,
      ).toEqual([lighthouse]);
    expect(await repo.search(brand, '灯の台')).toEqual([]);
    expect((await repo.search(brand, 'dernier phare', { locale: 'ja-jp' })).map((c) => c.title)).toEqual([
      '最後の灯台',
    ]);
    expect((await repo.search(brand, 'lighthouse', { locale: 'de-de' })).map((c) => c.title)).toEqual([
      'The Last Lighthouse',
    ]);
  });
});

describe.each(ENGINES)('search over a big brand (%s)', (engine) => {
  it('scopes the scans to the brand and ranks every match, so a big brand never hides a small one', async () => {
    const db = await createTestDb(engine);
    try {
      const repo = createCatalogRepository(db.kysely, db.dialect);
      const small = (await buildBrand(db)).id;
      const big = (await buildBrand(db)).id;
      // The small brand's matches are the oldest rows; the big brand has many more matches, and its
      // most popular ones are the oldest and the newest rows.
      const smallIds = await repo.insertMedia(
        [1, 2, 3].map((i) => ({ brandId: small, mediaType: 'ebook' as const, title: `Ocean ${String(i)}` })),
      );
      const count = 1_050;
      await repo.insertMedia(
        Array.from({ length: count }, (_, i) => ({
          brandId: big,
          mediaType: 'ebook' as const,
          title: `Ocean Tales ${String(i)}`,
          popularity: i === 0 ? 5_000 : i,
        })),
      );
      const found = await repo.search(small, 'ocean', { limit: 10 });
      expect(found.map((card) => card.id).sort((a, b) => a - b)).toEqual(smallIds);
      const many = await repo.search(big, 'oce', { limit: 10 });
      expect(many.map((card) => card.title)).toEqual([
        'Ocean Tales 0',
        ...Array.from({ length: 9 }, (_, i) => `Ocean Tales ${String(count - 1 - i)}`),
      ]);
    } finally {
      await db.cleanup();
    }
  }, 120_000);
});

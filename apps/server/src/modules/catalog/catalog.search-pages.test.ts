import { SEARCH_COUNT_CAP } from '@member/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppError } from '../../errors';
import { buildBrand } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { type CatalogRepository, type MediaCard, createCatalogRepository } from './catalog.repository';

/*
 * Search counts and "See all" pages (issue 14 item 6, docs/decisions/036): per type, a count exact up
 * to the cap and capped past it; pages of one type in the search's order (title matches first, then
 * popularity, then the newer id) that together hold every match once, on both engines and both
 * PostgreSQL plans.
 */
const titles = (cards: MediaCard[]) => cards.map((card) => card.title);

describe.each(ENGINES)('search counts and pages (%s)', (engine) => {
  let db: TestDb;
  let repo: CatalogRepository;
  let brand: number;
  /** Titles of the brand's movies matching "comet", in the search's order. */
  let expectedMovies: string[];

  beforeAll(async () => {
    db = await createTestDb(engine);
    repo = createCatalogRepository(db.kysely, db.dialect);
    brand = (await buildBrand(db)).id;
    const other = (await buildBrand(db)).id;
    // 1,010 movies say "comet" in their title (more than the cap), 12 only in their description, and
    // one plays in the US only; 3 ebooks; another brand's comets are never counted.
    const titled = Array.from({ length: 1010 }, (_, i) => ({
      brandId: brand,
      mediaType: 'movie' as const,
      title: `Comet ${String(i)}${i % 200 === 0 ? ' Zephyrine' : ''}`,
      popularity: (i * 37) % 101,
    }));
    const described = Array.from({ length: 12 }, (_, i) => ({
      brandId: brand,
      mediaType: 'movie' as const,
      title: `Night Sky ${String(i)}`,
      description: 'A comet crosses the night.',
      popularity: 1000 + i,
    }));
    await repo.insertMedia([
      ...titled,
      ...described,
      { brandId: brand, mediaType: 'movie', title: 'Comet Abroad', popularity: 5, geoAllow: ['US'] },
      ...['Comet Book', 'Comet Guide', 'Comet Atlas'].map((title) => ({
        brandId: brand,
        mediaType: 'ebook' as const,
        title,
        popularity: 1,
      })),
      { brandId: other, mediaType: 'movie', title: 'Comet Elsewhere', popularity: 1 },
    ]);
    if (engine === 'postgres') await sql`analyze media_search`.execute(db.kysely);
    // Title matches by popularity then newer id (ids follow insertion), then description matches.
    const byRank = (a: { popularity: number; i: number }, b: { popularity: number; i: number }) =>
      b.popularity - a.popularity || b.i - a.i;
    expectedMovies = [
      ...titled
        .map((item, i) => ({ ...item, i }))
        .sort(byRank)
        .map((item) => item.title),
      ...described
        .map((item, i) => ({ ...item, i }))
        .sort(byRank)
        .map((item) => item.title),
    ];
  }, 180_000);

  afterAll(async () => {
    await db.cleanup();
  });

  it('counts each type exactly up to the cap and says "at least" past it', async () => {
    const counts = await repo.searchCounts(brand, 'comet', { country: 'CA' });
    expect(counts.get('movie')).toEqual({ count: SEARCH_COUNT_CAP, capped: true });
    expect(counts.get('ebook')).toEqual({ count: 3, capped: false });
    expect(counts.has('music')).toBe(false);
    // A rarer word: exact, and the US-only title counted only in the US.
    expect((await repo.searchCounts(brand, 'zephyrine', { country: 'CA' })).get('movie')).toEqual({
      count: 6,
      capped: false,
    });
    expect((await repo.searchCounts(brand, 'night', { country: 'CA' })).get('movie')).toEqual({
      count: 12,
      capped: false,
    });
    expect((await repo.searchCounts(brand, 'abroad', { country: 'CA' })).get('movie')).toBeUndefined();
    expect((await repo.searchCounts(brand, 'abroad', { country: 'US' })).get('movie')).toEqual({
      count: 1,
      capped: false,
    });
    expect(await repo.searchCounts(brand, '!!', {})).toEqual(new Map());
  });

  it('pages one type in the search order, every match once, title matches first', async () => {
    const first = await repo.searchPage(brand, 'comet', 'movie', null, 100, { country: 'CA' });
    // The first page starts as the grouped search does.
    const grouped = await repo.search(brand, 'comet', { mediaTypes: ['movie'], limit: 20, country: 'CA' });
    expect(titles(first.items).slice(0, 20)).toEqual(titles(grouped));
    const seen = [...titles(first.items)];
    let cursor = first.nextCursor;
    let pages = 1;
    while (cursor !== null) {
      const page = await repo.searchPage(brand, 'comet', 'movie', cursor, 100, { country: 'CA' });
      seen.push(...titles(page.items));
      cursor = page.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(20);
    }
    expect(seen).toEqual(expectedMovies);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('crosses from title matches to the other fields inside a page, and ends without a cursor', async () => {
    const titledCount = expectedMovies.length - 12;
    // A cursor that stops 5 before the end of the title matches: the next page holds those 5, then
    // description matches.
    let cursor: string | null = null;
    const seen: string[] = [];
    while (seen.length < titledCount - 5) {
      const wanted: number = Math.min(100, titledCount - 5 - seen.length);
      const page = await repo.searchPage(brand, 'comet', 'movie', cursor, wanted, { country: 'CA' });
      seen.push(...titles(page.items));
      cursor = page.nextCursor;
    }
    const crossing = await repo.searchPage(brand, 'comet', 'movie', cursor, 10, { country: 'CA' });
    expect(titles(crossing.items)).toEqual(expectedMovies.slice(titledCount - 5, titledCount + 5));
    const last = await repo.searchPage(brand, 'comet', 'movie', crossing.nextCursor, 10, { country: 'CA' });
    expect(titles(last.items)).toEqual(expectedMovies.slice(titledCount + 5));
    expect(last.nextCursor).toBeNull();
  });

  it('pages a rare word and another type, and refuses a forged cursor', async () => {
    const rare = await repo.searchPage(brand, 'zephyrine', 'movie', null, 4, { country: 'CA' });
    expect(rare.items).toHaveLength(4);
    const rest = await repo.searchPage(brand, 'zephyrine', 'movie', rare.nextCursor, 4, { country: 'CA' });
    expect(rest.items).toHaveLength(2);
    expect(rest.nextCursor).toBeNull();
    const ebooks = await repo.searchPage(brand, 'comet', 'ebook', null, 24, {});
    expect(titles(ebooks.items).sort()).toEqual(['Comet Atlas', 'Comet Book', 'Comet Guide']);
    const forged = Buffer.from(JSON.stringify([0, '1 or 1=1'])).toString('base64url');
    await expect(repo.searchPage(brand, 'comet', 'movie', forged, 5, {})).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      slug: 'invalid_cursor',
    });
    await expect(repo.searchPage(brand, 'comet', 'movie', 'not a cursor', 5, {})).rejects.toBeInstanceOf(
      AppError,
    );
  });
});

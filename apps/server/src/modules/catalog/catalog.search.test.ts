import { CompiledQuery, type KyselyPlugin, type RootOperationNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import {
  type CatalogRepository,
  type MediaCard,
  type NewMedia,
  createCatalogRepository,
} from './catalog.repository';
import { SEARCH_PREFIX_EXPANSION_CAP, SEARCH_RANK_MAX_POPULARITY } from './catalog.search-query';

/*
 * The ranked search index of migration 0009 (docs/decisions/005): scans in rank order stopped at the
 * limit must give the same answer as ranking every match, whatever plan each engine picks.
 */
const titles = (cards: MediaCard[]) => cards.map((card) => card.title);

describe.each(ENGINES)('ranked search (%s)', (engine) => {
  let db: TestDb;
  let repo: CatalogRepository;
  let brand: number;
  let other: number;

  beforeAll(async () => {
    db = await createTestDb(engine);
    repo = createCatalogRepository(db.kysely, db.dialect);
    brand = (await buildBrand(db, { languages: ['en-us', 'fr-ca'] })).id;
    other = (await buildBrand(db)).id;
  }, 120_000);

  afterAll(async () => {
    await db.cleanup();
  });

  const insert = (items: Omit<NewMedia, 'brandId'>[], brandId = brand) =>
    repo.insertMedia(items.map((item) => ({ ...item, brandId })));

  it('ranks title matches first, then popularity, then the newer id, per media type', async () => {
    const brandId = (await buildBrand(db)).id;
    await insert(
      [
        { mediaType: 'movie', title: 'Quiet Nebula', popularity: 5 },
        { mediaType: 'movie', title: 'Loud Comet', description: 'A nebula far away', popularity: 900 },
        { mediaType: 'movie', title: 'Nebula Rising', popularity: 50 },
        { mediaType: 'movie', title: 'Nebula Falling', popularity: 50 },
        { mediaType: 'movie', title: 'Nebula Negative', popularity: -3 },
        { mediaType: 'movie', title: 'Nebula Huge', popularity: SEARCH_RANK_MAX_POPULARITY + 10 },
        { mediaType: 'ebook', title: 'Nebula Pages', popularity: 1 },
      ],
      brandId,
    );
    expect(titles(await repo.search(brandId, 'nebula', { limit: 10 }))).toEqual([
      'Nebula Pages',
      'Nebula Huge',
      'Nebula Falling',
      'Nebula Rising',
      'Quiet Nebula',
      'Nebula Negative',
      'Loud Comet',
    ]);
    // Only the best `limit` of each type, title matches before a more popular description match.
    expect(titles(await repo.search(brandId, 'nebu', { limit: 2 }))).toEqual([
      'Nebula Pages',
      'Nebula Huge',
      'Nebula Falling',
    ]);
  });

  it('moves a title in the ranking when its popularity changes', async () => {
    const brandId = (await buildBrand(db)).id;
    const [first, second] = (await insert(
      [
        { mediaType: 'music', title: 'Aurora One', popularity: 10 },
        { mediaType: 'music', title: 'Aurora Two', popularity: 20 },
      ],
      brandId,
    )) as [number, number];
    expect(titles(await repo.search(brandId, 'aurora'))).toEqual(['Aurora Two', 'Aurora One']);
    expect(await repo.updateMedia(brandId, first, { popularity: 30 })).toBe(true);
    expect(titles(await repo.search(brandId, 'aurora'))).toEqual(['Aurora One', 'Aurora Two']);
    await db.kysely.deleteFrom('media_items').where('id', '=', second).execute();
    expect(titles(await repo.search(brandId, 'aurora'))).toEqual(['Aurora One']);
  });

  it('matches prefixes of every length, accents and case folded, every word required', async () => {
    await insert([
      { mediaType: 'ebook', title: 'Lighthouse Keepers', description: 'Café au lait at dawn' },
      { mediaType: 'ebook', title: 'Lightning Over Água', description: 'A storm' },
      { mediaType: 'ebook', title: 'Light Years', description: 'Stars' },
    ]);
    const find = async (query: string) => titles(await repo.search(brand, query)).sort();
    expect(await find('li')).toEqual(['Light Years', 'Lighthouse Keepers', 'Lightning Over Água']);
    expect(await find('lig')).toEqual(['Light Years', 'Lighthouse Keepers', 'Lightning Over Água']);
    expect(await find('LIGH')).toEqual(['Light Years', 'Lighthouse Keepers', 'Lightning Over Água']);
    expect(await find('lightn')).toEqual(['Lightning Over Água']);
    expect(await find('lighthouse')).toEqual(['Lighthouse Keepers']);
    expect(await find('agua')).toEqual(['Lightning Over Água']);
    expect(await find('ÁGU')).toEqual(['Lightning Over Água']);
    expect(await find('cafe')).toEqual(['Lighthouse Keepers']);
    expect(await find('light ye')).toEqual(['Light Years']);
    expect(await find('ligh kee caf')).toEqual(['Lighthouse Keepers']);
    expect(await find('light storm')).toEqual(['Lightning Over Água']);
    expect(await find('lightz')).toEqual([]);
    expect(await find('light stars storm')).toEqual([]);
  });

  it('keeps every indexed word in the prefix vocabulary', async () => {
    // A word missing from it would still be found (through the engine's slower prefix scan), so only
    // the table itself shows that indexing keeps it complete.
    await insert([{ mediaType: 'music', title: 'Quokka Meadow', description: 'A zébu grazes' }]);
    const { rows } = await sql<{ term: string }>`select term from media_search_vocab
      where term in ('quokka', 'meadow', 'zebu', 'grazes') order by term`.execute(db.kysely);
    expect(rows.map((row) => row.term)).toEqual(['grazes', 'meadow', 'quokka', 'zebu']);
  });

  it('falls back to the engine prefix when a prefix has more terms than the expansion cap', async () => {
    const brandId = (await buildBrand(db)).id;
    const count = SEARCH_PREFIX_EXPANSION_CAP + 5;
    await insert(
      Array.from({ length: count }, (_, i) => ({
        mediaType: 'game' as const,
        title: `Zorblax${String(i).padStart(4, '0')}`,
        popularity: i,
      })),
      brandId,
    );
    const found = await repo.search(brandId, 'zorb', { limit: 3 });
    expect(titles(found)).toEqual([2, 3, 4].map((n) => `Zorblax${String(count - n + 1).padStart(4, '0')}`));
  });

  it('keeps brands apart and answers in the locale, matching translated titles', async () => {
    await insert([
      {
        mediaType: 'movie',
        title: 'The Glass Orchard',
        translations: [{ locale: 'fr-ca', title: 'Le Verger de Verre' }],
      },
    ]);
    await insert([{ mediaType: 'movie', title: 'Glass Orchard Elsewhere' }], other);
    expect(titles(await repo.search(brand, 'glass orch'))).toEqual(['The Glass Orchard']);
    expect(titles(await repo.search(brand, 'verger', { locale: 'fr-ca' }))).toEqual(['Le Verger de Verre']);
    expect(titles(await repo.search(other, 'verger'))).toEqual([]);
    expect(titles(await repo.search(other, 'glass orch'))).toEqual(['Glass Orchard Elsewhere']);
  });

  it('fills the limit with titles playable in the country', async () => {
    const brandId = (await buildBrand(db)).id;
    await insert(
      [
        ...Array.from({ length: 5 }, (_, i) => ({
          mediaType: 'audiobook' as const,
          title: `Tundra Tale ${String(i)}`,
          popularity: 100 + i,
          geoAllow: ['CA'],
        })),
        ...Array.from({ length: 3 }, (_, i) => ({
          mediaType: 'audiobook' as const,
          title: `Tundra Story ${String(i)}`,
          popularity: i,
        })),
      ],
      brandId,
    );
    expect(titles(await repo.search(brandId, 'tundra', { limit: 3, country: 'US' }))).toEqual([
      'Tundra Story 2',
      'Tundra Story 1',
      'Tundra Story 0',
    ]);
    expect(titles(await repo.search(brandId, 'tundra', { limit: 2, country: 'CA' }))).toEqual([
      'Tundra Tale 4',
      'Tundra Tale 3',
    ]);
  });

  it('gives the same answer when a common word is walked in rank order', async () => {
    // Enough titles that the lexeme statistics call "echo" common (PostgreSQL walks the rank index
    // for it) and "rarity" rare (one GIN bitmap); SQLite walks FTS5 doclists either way.
    const brandId = (await buildBrand(db)).id;
    const count = 600;
    await insert(
      Array.from({ length: count }, (_, i) => ({
        mediaType: i % 3 === 0 ? ('stream' as const) : ('software' as const),
        title: `Echo ${String(i)}${i % 150 === 0 ? ' Rarity' : ''}`,
        description: i % 2 === 0 ? 'valley' : 'canyon',
        popularity: (i * 37) % 101,
      })),
      brandId,
    );
    if (engine === 'postgres') await sql`analyze media_search`.execute(db.kysely);
    // A new repository: each reads the statistics once (then every 10 minutes), and earlier tests'
    // repositories read them before this analyze. The statements show the plan PostgreSQL was given.
    const statements: string[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node }) => {
        statements.push(db.kysely.getExecutor().compileQuery(node, { queryId: 'walk' }).sql);
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    };
    const planned = createCatalogRepository(db.kysely.withPlugin(capture), db.dialect);
    const walked = () => statements.at(-1)?.includes('ts_match_vq') === true;
    const expected = (predicate: (i: number) => boolean, type: 'stream' | 'software', limit: number) =>
      Array.from({ length: count }, (_, i) => i)
        .filter((i) => predicate(i) && (i % 3 === 0 ? 'stream' : 'software') === type)
        .sort((a, b) => ((b * 37) % 101) - ((a * 37) % 101) || b - a)
        .slice(0, limit)
        .map((i) => `Echo ${String(i)}${i % 150 === 0 ? ' Rarity' : ''}`);
    expect(titles(await planned.search(brandId, 'echo', { limit: 4 }))).toEqual([
      ...expected(() => true, 'stream', 4),
      ...expected(() => true, 'software', 4),
    ]);
    expect(walked()).toBe(engine === 'postgres');
    expect(titles(await planned.search(brandId, 'echo valley', { limit: 3 }))).toEqual([
      ...expected((i) => i % 2 === 0, 'stream', 3),
      ...expected((i) => i % 2 === 0, 'software', 3),
    ]);
    expect(titles(await planned.search(brandId, 'rarit', { limit: 10 }))).toEqual([
      ...expected((i) => i % 150 === 0, 'stream', 10),
      ...expected((i) => i % 150 === 0, 'software', 10),
    ]);
    expect(walked()).toBe(false);
  }, 120_000);

  it.runIf(engine === 'sqlite')(
    'computes the candidates once, then reads each title by primary key (plan shape)',
    async () => {
      // Without MATERIALIZED, SQLite pushed the join into the union of scans and re-ran every FTS5 scan
      // for each of the brand's titles: seconds per search on the demo catalog. The plan shows it.
      const statements: RootOperationNode[] = [];
      const capture: KyselyPlugin = {
        transformQuery: ({ node }) => {
          statements.push(node);
          return node;
        },
        transformResult: ({ result }) => Promise.resolve(result),
      };
      const captured = createCatalogRepository(db.kysely.withPlugin(capture), db.dialect);
      await insert([{ mediaType: 'movie', title: 'Plan Harbor', popularity: 1 }]);
      await captured.search(brand, 'plan harbor', { limit: 5, country: 'US' });
      const searchNode = statements.at(-1);
      if (searchNode === undefined) throw new Error('the search ran no statement');
      const compiled = db.kysely.getExecutor().compileQuery(searchNode, { queryId: 'plan' });
      const plan = await db.kysely.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      const details = plan.rows.map((row) => row.detail);
      expect(details).toContain('MATERIALIZE c');
      expect(details.some((detail) => detail.startsWith('SEARCH m USING INTEGER PRIMARY KEY'))).toBe(true);
      expect(details.some((detail) => detail.startsWith('CORRELATED'))).toBe(false);
    },
  );
});

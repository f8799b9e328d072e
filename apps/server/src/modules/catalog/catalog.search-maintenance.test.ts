import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { up as migration0011 } from '../../db/migrations/0011-search-analysis-version';
import { buildBrand } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { createCatalogRepository } from './catalog.repository';
import { SEARCH_ANALYSIS_VERSION, refreshSearchIndex } from './catalog.search-maintenance';

describe.each(ENGINES)('search index maintenance (%s)', (engine) => {
  let db: TestDb;

  beforeEach(async () => {
    db = await createTestDb(engine);
  }, 120_000);

  afterEach(async () => {
    await db.cleanup();
  });

  const analysis = async () =>
    (await db.kysely.selectFrom('search_index_state').select('analysis').executeTakeFirstOrThrow()).analysis;

  /** Writes a title's search rows as analysis 1 did: a run of Japanese as one word. */
  async function indexAsVersion1(id: number, words: string) {
    if (engine === 'sqlite') {
      const key = sql`(select rank from media_search_keys where media_id = ${id})`;
      await sql`update media_search set title = ${words}, description = '' where rowid = ${key}`.execute(
        db.kysely,
      );
      await sql`update media_search_title set title = ${words} where rowid = ${key}`.execute(db.kysely);
    } else {
      await sql`update media_search set title_document = to_tsvector('simple', ${words}),
        document = to_tsvector('simple', ${words}) where media_id = ${id}`.execute(db.kysely);
    }
    await db.kysely.updateTable('search_index_state').set({ analysis: 1 }).execute();
  }

  it('starts a new database at the current analysis, with nothing to rewrite', async () => {
    expect(await analysis()).toBe(SEARCH_ANALYSIS_VERSION);
    expect(await refreshSearchIndex(db)).toBe(0);
  });

  it('marks the index of a database that had titles before migration 0011 as analysis 1', async () => {
    const brandId = (await buildBrand(db)).id;
    await createCatalogRepository(db.kysely, db.dialect).insertMedia([
      { brandId, mediaType: 'ebook', title: 'Written Before' },
    ]);
    await sql`drop table search_index_state`.execute(db.kysely);
    const { error } = await new Migrator({
      db: db.kysely,
      provider: { getMigrations: () => Promise.resolve({ 'replay-0011': { up: migration0011 } }) },
      migrationTableName: 'replay_migration',
      migrationLockTableName: 'replay_migration_lock',
    }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(await analysis()).toBe(1);
  });

  it('rewrites the titles an older analysis indexed differently, once', async () => {
    const brandId = (await buildBrand(db, { languages: ['en-us', 'ja-jp'] })).id;
    const repo = createCatalogRepository(db.kysely, db.dialect);
    const [lighthouse = 0, harbor = 0] = await repo.insertMedia([
      {
        brandId,
        mediaType: 'movie',
        title: 'The Last Lighthouse',
        translations: [{ locale: 'ja-jp', title: '最後の灯台' }],
      },
      { brandId, mediaType: 'movie', title: 'Harbor Lights', description: 'Fog over the quay' },
    ]);
    await indexAsVersion1(lighthouse, 'the last lighthouse 最後の灯台');
    expect(await repo.search(brandId, '灯台')).toEqual([]);

    // Only the title with Japanese text needed rewriting; the other keeps its rows.
    expect(await refreshSearchIndex(db)).toBe(1);
    expect((await repo.search(brandId, '灯台')).map((card) => card.id)).toEqual([lighthouse]);
    expect((await repo.search(brandId, 'quay')).map((card) => card.id)).toEqual([harbor]);
    expect(await analysis()).toBe(SEARCH_ANALYSIS_VERSION);
    expect(await refreshSearchIndex(db)).toBe(0);
  });
});

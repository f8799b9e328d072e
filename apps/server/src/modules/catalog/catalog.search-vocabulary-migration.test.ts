import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createCatalogRepository } from './catalog.repository';
import { buildBrand } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { up } from '../../db/migrations/0010-search-vocabulary-postgres';

describe.runIf(ENGINES.includes('postgres'))('migration 0010: the search vocabulary (postgres)', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb('postgres');
  }, 120_000);

  afterAll(async () => {
    await db.cleanup();
  });

  it('fills the vocabulary from the documents already indexed, leaving out the old brand lexeme', async () => {
    const brandId = (await buildBrand(db)).id;
    await createCatalogRepository(db.kysely, db.dialect).insertMedia([
      { brandId, mediaType: 'movie', title: 'Harbor Lights', description: 'Fog over the quay' },
    ]);
    // As a database that went through migrations 0007 to 0009 before this one: documents carrying
    // the brand lexeme, and no vocabulary table yet.
    await sql`update media_search set document = document || ${`brand-${String(brandId)}`}::tsvector`.execute(
      db.kysely,
    );
    await sql`drop table media_search_vocab`.execute(db.kysely);

    // Run as the migrator runs it (in a transaction), under a name of its own.
    const { error } = await new Migrator({
      db: db.kysely,
      provider: { getMigrations: () => Promise.resolve({ 'replay-0010': { up: (k) => up(k, 'postgres') } }) },
      migrationTableName: 'replay_migration',
      migrationLockTableName: 'replay_migration_lock',
    }).migrateToLatest();
    expect(error).toBeUndefined();

    const { rows } = await sql<{ term: string }>`select term from media_search_vocab order by term`.execute(
      db.kysely,
    );
    expect(rows.map((row) => row.term)).toEqual(['fog', 'harbor', 'lights', 'over', 'quay', 'the']);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Kysely, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { type Db, createDb } from './database';
import { migrateToLatest } from './migrate';

/** Tables of an SQLite file, without SQLite's own and FTS5's shadow tables. */
async function tables(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name
  `.execute(db.kysely);
  return rows.rows.map((row) => row.name);
}

describe('migrations on the embedded engine', () => {
  let dir: string | null = null;
  let open: Db | null = null;

  afterEach(async () => {
    await open?.destroy();
    open = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  function fileDb(): Db {
    dir = mkdtempSync(join(tmpdir(), 'migrate-test-'));
    open = createDb({ kind: 'sqlite', file: join(dir, 'member.sqlite') });
    return open;
  }

  it('runs every migration once: a second run applies nothing', async () => {
    const db = fileDb();
    const first = await migrateToLatest(db.kysely, db.dialect);
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]).toBe('0001-platform');
    expect(await migrateToLatest(db.kysely, db.dialect)).toEqual([]);
  });

  it('rolls back every pending migration and its bookkeeping when one fails half-way', async () => {
    const db = fileDb();
    const migrator = new Migrator({
      db: db.kysely,
      provider: {
        getMigrations: () =>
          Promise.resolve({
            '0001-first': {
              up: async (trx: Kysely<unknown>) => {
                await trx.schema.createTable('first_table').addColumn('id', 'integer').execute();
              },
            },
            '0002-broken': {
              up: async (trx: Kysely<unknown>) => {
                await trx.schema.createTable('second_table').addColumn('id', 'integer').execute();
                await sql`insert into second_table (id) values (1)`.execute(trx);
                // A statement that fails after DDL and data in the same migration.
                await sql`insert into no_such_table (id) values (1)`.execute(trx);
              },
            },
          }),
      },
    });
    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeInstanceOf(Error);
    expect(results?.find((result) => result.migrationName === '0002-broken')?.status).toBe('Error');
    // Neither migration's tables, nor a bookkeeping row saying the first one ran.
    const left = await tables(db);
    expect(left).not.toContain('first_table');
    expect(left).not.toContain('second_table');
    const done = await sql<{ n: number }>`select count(*) as n from kysely_migration`
      .execute(db.kysely)
      .then((result) => result.rows[0]?.n ?? 0)
      .catch(() => 0);
    expect(done).toBe(0);
  });
});

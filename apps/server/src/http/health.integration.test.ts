import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { buildApp } from '../app';
import { createDb } from '../db/database';
import { latestMigration } from '../db/migrate';
import { ENGINES, type TestApp, createTestApp, testConfig } from '../test/harness';

describe.each(ENGINES)('readiness (%s)', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  // Issue 15: a server must not take traffic on a database older than its code.
  it('is ready only while the newest migration the code knows is applied', async () => {
    t = await createTestApp(engine);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: engine });

    const latest = await latestMigration();
    const { rows } = await sql<{
      timestamp: string;
    }>`select timestamp from kysely_migration where name = ${latest}`.execute(t.db.kysely);
    await sql`delete from kysely_migration where name = ${latest}`.execute(t.db.kysely);
    const pending = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: 'error', database: engine, reason: 'migrations_pending' });
    // Liveness is the process alone.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await sql`insert into kysely_migration (name, timestamp) values (${latest}, ${rows[0]?.timestamp ?? ''})`.execute(
      t.db.kysely,
    );
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('readiness of an unmigrated database', () => {
  it('says migrations are pending when none ran yet', async () => {
    const db = createDb({ kind: 'sqlite', file: ':memory:' });
    const app = await buildApp({ config: testConfig(), db, logger: false });
    try {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'error', database: 'sqlite', reason: 'migrations_pending' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

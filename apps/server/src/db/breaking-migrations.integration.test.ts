import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import type { AdminContext } from '../cli/admin-command';
import { memoryOutput } from '../cli/admin-output';
import { runAdmin } from '../cli/admin-runner';
import { createServices } from '../services';
import { holdUntilMigrated, prepareDatabase } from '../startup';
import { type TestDb, ENGINES, createTestDb, testConfig } from '../test/harness';
import { createDb } from './database';
import { type MigrationEntry, migrateGuarded, migrationCatalog, migrationStatus } from './migrate';

// Issue 15, item 6 (decision 034): a migration the previous release cannot read is named before it runs,
// waits for the operator, and the server says migrations_pending meanwhile.

const BEFORE = '0021-order-coins';
const BREAKING = '0099-test-breaking';
const ADDITIVE = '0098-test-additive';
const REASON = 'test: a column the previous release reads is dropped';

/** What this release runs after BEFORE, before the test's own migrations. */
const RELEASE_AFTER = migrationCatalog()
  .map((entry) => entry.name)
  .filter((name) => name > BEFORE);

/** A release after this one: an additive migration, then one declared breaking (`export const breaking`). */
const newerRelease = (withBreaking: boolean): MigrationEntry[] => [
  ...migrationCatalog(),
  {
    name: ADDITIVE,
    breaking: null,
    up: async (db) => {
      await db.schema.createTable('test_additive').addColumn('id', 'integer').execute();
    },
  },
  ...(withBreaking
    ? [
        {
          name: BREAKING,
          breaking: REASON,
          up: async (db: Kysely<unknown>) => {
            await db.schema.createTable('test_breaking').addColumn('id', 'integer').execute();
          },
        },
      ]
    : []),
];
const catalog = newerRelease(true);

const settings = {
  jwtSecretFrom: 'environment' as const,
  dataDir: '/nonexistent-member-area-data',
  seedDemo: false,
};

describe.each(ENGINES)('migrations the previous release cannot read (%s)', (engine) => {
  let testDb: TestDb | undefined;
  afterEach(async () => {
    await testDb?.cleanup();
    testDb = undefined;
  });

  const adminContext = (db: TestDb): AdminContext & { out: ReturnType<typeof memoryOutput> } => {
    const config = testConfig();
    return { db, config, services: createServices(db, config), out: memoryOutput(), migrations: catalog };
  };

  it('applies the migrations before it, holds it back, and lists it as BREAKING', async () => {
    testDb = await createTestDb(engine, BEFORE);
    const result = await migrateGuarded(testDb.kysely, testDb.dialect, testDb.schema, [], catalog);
    expect(result.applied).toEqual([...RELEASE_AFTER, ADDITIVE]);
    expect(result.blocked).toEqual({ name: BREAKING, reason: REASON });
    const states = await migrationStatus(testDb.kysely, testDb.dialect, testDb.schema, catalog);
    expect(states.find((state) => state.name === BREAKING)?.appliedAt).toBeNull();

    const ctx = adminContext(testDb);
    expect(await runAdmin(['db:status'], ctx)).toBe(0);
    const printed = ctx.out.lines.join('\n');
    expect(printed).toContain(`${BREAKING}  pending  BREAKING: ${REASON}`);
    expect(printed).toMatch(/1 the previous release cannot read/);
  });

  it('holds a starting server (readyz migrations_pending) until the operator applies it, then starts', async () => {
    testDb = await createTestDb(engine, BEFORE);
    const db = testDb;
    const prepared = await prepareDatabase(db, { ...settings, allowBreakingMigrations: [] }, catalog);
    expect(prepared.blocked?.name).toBe(BREAKING);
    expect(prepared.migrations).toEqual([...RELEASE_AFTER, ADDITIVE]);

    let held: FastifyInstance | undefined;
    let released = false;
    const hold = holdUntilMigrated(
      db,
      testConfig({ host: '127.0.0.1', port: 0 }),
      prepared.blocked ?? { name: '', reason: '' },
      {
        pollMs: 50,
        catalog,
        logger: false,
        onListening: (app) => {
          held = app;
        },
      },
    ).then(() => {
      released = true;
    });
    await expect.poll(() => held).toBeDefined();
    const app = held as unknown as FastifyInstance;
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ reason: 'migrations_pending' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const other = await app.inject({ method: 'GET', url: '/membergraphapi/api/boot' });
    expect(other.statusCode).toBe(503);
    expect(other.json()).toMatchObject({ error: { code: 'migrations_pending' } });

    // Without --allow-breaking the command refuses and says which and why.
    const refused = adminContext(db);
    expect(await runAdmin(['db:migrate'], refused)).toBe(1);
    expect(refused.out.errors.join('\n')).toContain(`Migration ${BREAKING} is not applied`);
    expect(refused.out.errors.join('\n')).toContain(REASON);
    expect(released).toBe(false);

    const allowed = adminContext(db);
    expect(await runAdmin(['db:migrate', '--allow-breaking'], allowed)).toBe(0);
    expect(allowed.out.lines).toContain(`applied ${BREAKING}`);
    await hold;
    expect(released).toBe(true);

    const again = await prepareDatabase(db, { ...settings, allowBreakingMigrations: [] }, catalog);
    expect(again.blocked).toBeNull();
    expect(again.migrations).toEqual([]);
  });

  it('applies it at start-up when ALLOW_BREAKING_MIGRATIONS names it', async () => {
    testDb = await createTestDb(engine, BEFORE);
    const prepared = await prepareDatabase(
      testDb,
      { ...settings, allowBreakingMigrations: ['0099'] },
      catalog,
    );
    expect(prepared.blocked).toBeNull();
    expect(prepared.migrations).toContain(BREAKING);
  });

  it.skipIf(engine !== 'postgres')(
    'lets servers started together take turns: each holds at it, the earlier ones run once',
    async () => {
      testDb = await createTestDb(engine, BEFORE);
      const second = createDb({
        kind: 'postgres',
        url: process.env.TEST_DATABASE_URL ?? '',
        schema: testDb.schema,
      });
      try {
        const both = await Promise.all(
          [testDb, second].map((db) =>
            prepareDatabase(db, { ...settings, allowBreakingMigrations: [] }, catalog),
          ),
        );
        expect(both.map((prepared) => prepared.blocked?.name)).toEqual([BREAKING, BREAKING]);
        expect(both.flatMap((prepared) => prepared.migrations)).toEqual([...RELEASE_AFTER, ADDITIVE]);
        expect(await runAdmin(['db:migrate', '--allow-breaking'], adminContext(testDb))).toBe(0);
        const after = await Promise.all(
          [testDb, second].map((db) =>
            prepareDatabase(db, { ...settings, allowBreakingMigrations: [] }, catalog),
          ),
        );
        expect(after.map((prepared) => prepared.blocked)).toEqual([null, null]);
      } finally {
        await second.destroy();
      }
    },
  );

  it('lets this release start on a database a newer release only added to, and refuses one it cannot read', async () => {
    testDb = await createTestDb(engine);
    // The newer release ran its additive migration: this release, rolled back to, starts and is ready.
    await migrateGuarded(testDb.kysely, testDb.dialect, testDb.schema, [], newerRelease(false));
    const rolledBack = await prepareDatabase(testDb, { ...settings, allowBreakingMigrations: [] });
    expect(rolledBack).toMatchObject({ blocked: null, migrations: [] });
    const ctx = adminContext(testDb);
    ctx.migrations = migrationCatalog();
    expect(await runAdmin(['db:status'], ctx)).toBe(0);
    expect(ctx.out.lines.join('\n')).toContain(`${ADDITIVE}  applied by a newer release`);

    // Then its breaking one: this release now refuses to start, naming it and why.
    await migrateGuarded(testDb.kysely, testDb.dialect, testDb.schema, 'all', newerRelease(true));
    await expect(prepareDatabase(testDb, { ...settings, allowBreakingMigrations: [] })).rejects.toThrow(
      `migrated by a newer release past ${BREAKING}, which this release cannot read (${REASON})`,
    );
  });
});

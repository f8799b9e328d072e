import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

import type { Database } from './schema';

import type { Db, Dialect } from './database';
import * as m0001 from './migrations/0001-platform';
import * as m0002 from './migrations/0002-membership';
import * as m0003 from './migrations/0003-catalog';
import * as m0005 from './migrations/0005-payments';
import * as m0004 from './migrations/0004-library';
import * as m0006 from './migrations/0006-wallet-account';
import * as m0007 from './migrations/0007-catalog-i18n';
import * as m0008 from './migrations/0008-fulfilment-leases-password-lockout';
import * as m0009catalog from './migrations/0009-catalog-search-rank';
import * as m0010 from './migrations/0010-search-vocabulary-postgres';
import * as m0011 from './migrations/0011-search-analysis-version';
import * as m0012 from './migrations/0012-shared-limits-and-sessions';
import * as m0013 from './migrations/0013-payments-recorded-before-charge';
import * as m0014 from './migrations/0014-event-source';
import * as m0015 from './migrations/0015-ledger-references';
import * as m0016 from './migrations/0016-job-leases';
import * as m0017 from './migrations/0017-giveaways';
import * as m0018 from './migrations/0018-marketplace';
import * as m0019 from './migrations/0019-impacts-onboarding';
import * as m0020 from './migrations/0020-vpn-support';
import * as m0021 from './migrations/0021-order-coins';
import * as m0023 from './migrations/0023-brand-moves';
import * as m0024 from './migrations/0024-member-deactivation';
import * as m0025 from './migrations/0025-saved-card-payments';
import * as m0026 from './migrations/0026-live-reminders';
import * as m0027 from './migrations/0027-bookmarks';
import * as m0028 from './migrations/0028-payment-refunds';
import * as m0029 from './migrations/0029-refund-failed';
import * as m0030 from './migrations/0030-entry-hold-release';

/**
 * One migration as this release carries it. `breaking` (a migration module's exported `breaking`
 * string) says why the previous release cannot read the database once it ran (a column it reads
 * dropped or renamed, a table rewritten): such a migration runs only when the operator allows it
 * (`ALLOW_BREAKING_MIGRATIONS`, or `npm run admin -- db:migrate --allow-breaking`; decision 034).
 */
export interface MigrationEntry {
  name: string;
  up: (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;
  breaking: string | null;
}

interface MigrationModule {
  up: (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;
  /** Why the previous release cannot read the database after this migration. */
  breaking?: string;
}

/** Migrations are plain modules listed here, so the bundled server carries them without a file scan. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-platform': m0001,
  '0002-membership': m0002,
  '0003-catalog': m0003,
  '0005-payments': m0005,
  '0004-library': m0004,
  '0006-wallet-account': m0006,
  '0007-catalog-i18n': m0007,
  '0008-fulfilment-leases-password-lockout': m0008,
  '0009-catalog-search-rank': m0009catalog,
  '0010-search-vocabulary-postgres': m0010,
  '0011-search-analysis-version': m0011,
  '0012-shared-limits-and-sessions': m0012,
  '0013-payments-recorded-before-charge': m0013,
  '0014-event-source': m0014,
  '0015-ledger-references': m0015,
  '0016-job-leases': m0016,
  '0017-giveaways': m0017,
  '0018-marketplace': m0018,
  '0019-impacts-onboarding': m0019,
  '0020-vpn-support': m0020,
  '0021-order-coins': m0021,
  '0023-brand-moves': m0023,
  '0024-member-deactivation': m0024,
  '0025-saved-card-payments': m0025,
  '0026-live-reminders': m0026,
  '0027-bookmarks': m0027,
  '0028-payment-refunds': m0028,
  '0029-refund-failed': m0029,
  '0030-entry-hold-release': m0030,
};

/** This release's migrations in the order they run (names sort in that order). */
export function migrationCatalog(): MigrationEntry[] {
  return Object.entries(MIGRATIONS)
    .map(([name, module]) => ({ name, up: module.up, breaking: module.breaking ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function provider(dialect: Dialect, catalog: readonly MigrationEntry[]): MigrationProvider {
  return {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          catalog.map((entry): [string, Migration] => [
            entry.name,
            {
              up: async (db) => {
                await entry.up(db, dialect);
                // In the migration's own transaction: a release that does not know this migration then
                // knows, from the database, that it cannot read it (newerMigrations).
                if (entry.breaking !== null) {
                  await sql`insert into schema_breaks (name, reason, applied_at)
                    values (${entry.name}, ${entry.breaking}, ${new Date().toISOString()})`.execute(db);
                }
              },
            },
          ]),
        ),
      ),
  };
}

/**
 * The newest migration this code knows (names sort in the order they run). Readiness waits for it,
 * so a server never takes traffic on a database older than its code.
 */
export function latestMigration(catalog: readonly MigrationEntry[] = migrationCatalog()): Promise<string> {
  return Promise.resolve(
    catalog
      .map((entry) => entry.name)
      .sort()
      .at(-1) ?? '',
  );
}

/** Keys of the start-up lock: this application's, and the schema's (test runs share a database). */
const STARTUP_LOCK = sql`hashtext('member-area start-up'), hashtext(current_schema())`;

/**
 * Runs the start-up work (migrations, the stored JWT secret, the search index, the demo seed) for one
 * server at a time (decision 020). On PostgreSQL it holds a session advisory lock on one connection,
 * and `work` gets a `Db` on that connection with the statement and idle timeouts off, as a migration
 * or a first seed may take longer than any request may; a server that starts meanwhile waits, then
 * finds the work done. A lost connection releases the lock with it. SQLite serves one server only.
 * Answers the work's result and how long the lock was waited for.
 */
export async function withStartupLock<T>(
  db: Db,
  work: (db: Db) => Promise<T>,
): Promise<{ result: T; waitedMs: number }> {
  if (db.dialect !== 'postgres') return { result: await work(db), waitedMs: 0 };
  return db.kysely.connection().execute(async (connection) => {
    const started = performance.now();
    await sql`set statement_timeout = 0`.execute(connection);
    await sql`set idle_in_transaction_session_timeout = 0`.execute(connection);
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    const waitedMs = Math.round(performance.now() - started);
    try {
      return { result: await work({ ...db, kysely: connection }), waitedMs };
    } finally {
      // On a lost connection these fail, and the lock and settings went with it: the work's own
      // outcome is the one to report.
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection).catch(() => undefined);
      await sql`reset statement_timeout`.execute(connection).catch(() => undefined);
      await sql`reset idle_in_transaction_session_timeout`.execute(connection).catch(() => undefined);
    }
  });
}

/** The migrator of this server's migrations (tests also use it to stop at an earlier one). */
export function createMigrator(
  db: Kysely<Database>,
  dialect: Dialect,
  schema?: string,
  catalog: readonly MigrationEntry[] = migrationCatalog(),
): Migrator {
  // Kysely looks for its bookkeeping tables across schemas; name ours when the connection is pinned.
  return new Migrator({
    db,
    provider: provider(dialect, catalog),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: Dialect,
  schema?: string,
): Promise<string[]> {
  const { error, results } = await createMigrator(db, dialect, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** A migration of this release and whether the database has it. */
export interface MigrationState {
  name: string;
  appliedAt: Date | null;
  /** Why the previous release cannot read the database after it (see MigrationEntry). */
  breaking: string | null;
}

/** Every migration this release knows, applied or pending, in order. Changes nothing. */
export async function migrationStatus(
  db: Kysely<Database>,
  dialect: Dialect,
  schema?: string,
  catalog: readonly MigrationEntry[] = migrationCatalog(),
): Promise<MigrationState[]> {
  const infos = await createMigrator(db, dialect, schema, catalog).getMigrations();
  const breaking = new Map(catalog.map((entry) => [entry.name, entry.breaking]));
  return infos.map((info) => ({
    name: info.name,
    appliedAt: info.executedAt ?? null,
    breaking: breaking.get(info.name) ?? null,
  }));
}

/** A pending migration the previous release cannot read, held back until the operator allows it. */
export interface BlockedMigration {
  name: string;
  reason: string;
}

/**
 * Which breaking migrations the operator allowed: `all` (the admin command's `--allow-breaking`), or
 * names from ALLOW_BREAKING_MIGRATIONS, each a whole name (`0024-drop-x`) or its number (`0024`).
 */
export type BreakingAllowance = 'all' | readonly string[];

export function isAllowed(name: string, allowance: BreakingAllowance): boolean {
  if (allowance === 'all') return true;
  return allowance.some((allowed) => allowed === name || name.startsWith(`${allowed}-`));
}

/**
 * Brings the database up to date, except that a migration the previous release cannot read runs only
 * when allowed: the migrations before the first one held back run, that one and those after it wait.
 * Answers what ran and what is held back (null when the database is now current). Run it under
 * `withStartupLock` (servers take turns); Kysely's own lock keeps each run single besides.
 */
export async function migrateGuarded(
  db: Kysely<Database>,
  dialect: Dialect,
  schema: string | undefined,
  allowance: BreakingAllowance,
  catalog: readonly MigrationEntry[] = migrationCatalog(),
): Promise<{ applied: string[]; blocked: BlockedMigration | null }> {
  const newer = await newerMigrations(db, catalog);
  if (newer.length > 0) {
    const unreadable = newer.find((migration) => migration.breaking !== null);
    if (unreadable) {
      throw new Error(
        `The database was migrated by a newer release past ${unreadable.name}, which this release cannot ` +
          `read (${unreadable.breaking ?? ''}). Deploy that release again, or restore the backup taken ` +
          'before the upgrade (npm run admin -- backup:restore; docs/operations.md, rolling back).',
      );
    }
    // A rollback after migrations that only added: this release reads the database as it is, once it
    // has every migration this release knows.
    const states = await migrationStatus(db, dialect, schema, catalog);
    const missing = states.filter((state) => state.appliedAt === null).map((state) => state.name);
    if (missing.length > 0) {
      throw new Error(
        `The database has migrations of a newer release (${newer.map((m) => m.name).join(', ')}) but lacks ` +
          `${missing.join(', ')} of this one: it cannot be brought up to date by this release`,
      );
    }
    return { applied: [], blocked: null };
  }
  const pending = (await migrationStatus(db, dialect, schema, catalog)).filter(
    (state) => state.appliedAt === null,
  );
  const held = pending.find((state) => state.breaking !== null && !isAllowed(state.name, allowance));
  const migrator = createMigrator(db, dialect, schema, catalog);
  if (!held) {
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
    return { applied: succeeded(results), blocked: null };
  }
  const blocked = { name: held.name, reason: held.breaking ?? '' };
  const before = pending.slice(0, pending.indexOf(held)).at(-1);
  if (!before) return { applied: [], blocked };
  const { error, results } = await migrator.migrateTo(before.name);
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return { applied: succeeded(results), blocked };
}

function succeeded(results: readonly { status: string; migrationName: string }[] | undefined): string[] {
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** What an operator reads when a migration is held back: which, why, and what to do. */
export function blockedMessage(blocked: BlockedMigration): string {
  return (
    `Migration ${blocked.name} is not applied: the previous release cannot read the database after it ` +
    `(${blocked.reason}). Back up first (npm run admin -- backup:create), then apply it with ` +
    `npm run admin -- db:migrate --allow-breaking, or start with ALLOW_BREAKING_MIGRATIONS=${blocked.name}.`
  );
}

/**
 * Migrations the database has that this release does not know (a newer release ran them, and this one
 * was rolled back to), each with why the previous release cannot read the database after it when that
 * newer release said so (`schema_breaks`), else null: it only added.
 */
export async function newerMigrations(
  db: Kysely<Database>,
  catalog: readonly MigrationEntry[] = migrationCatalog(),
): Promise<{ name: string; breaking: string | null }[]> {
  const known = new Set(catalog.map((entry) => entry.name));
  let executed: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    executed = rows.map((row) => row.name);
  } catch {
    // No migration yet: their bookkeeping table is missing too.
    return [];
  }
  const unknown = executed.filter((name) => !known.has(name));
  if (unknown.length === 0) return [];
  let breaks: { name: string; reason: string }[] = [];
  try {
    breaks = await db.selectFrom('schema_breaks').select(['name', 'reason']).execute();
  } catch {
    // A database from before 0024: no breaking migration was ever marked.
  }
  return unknown.map((name) => ({ name, breaking: breaks.find((row) => row.name === name)?.reason ?? null }));
}

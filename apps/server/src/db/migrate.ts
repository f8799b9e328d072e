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
import * as m0026 from './migrations/0026-live-reminders';

/** Migrations are plain modules listed here, so the bundled server carries them without a file scan. */
function provider(dialect: Dialect): MigrationProvider {
  const all: Record<string, { up: (db: Kysely<unknown>, dialect: Dialect) => Promise<void> }> = {
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
    '0026-live-reminders': m0026,
  };
  return {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          Object.entries(all).map(([name, module]): [string, Migration] => [
            name,
            { up: (db) => module.up(db, dialect) },
          ]),
        ),
      ),
  };
}

/**
 * The newest migration this code knows (names sort in the order they run). Readiness waits for it,
 * so a server never takes traffic on a database older than its code.
 */
export async function latestMigration(): Promise<string> {
  // The names are the same for both engines.
  const names = Object.keys(await provider('sqlite').getMigrations());
  return names.sort().at(-1) ?? '';
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
export function createMigrator(db: Kysely<Database>, dialect: Dialect, schema?: string): Migrator {
  // Kysely looks for its bookkeeping tables across schemas; name ours when the connection is pinned.
  return new Migrator({
    db,
    provider: provider(dialect),
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

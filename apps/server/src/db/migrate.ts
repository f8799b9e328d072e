import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

import type { Database } from './schema';

import type { Dialect } from './database';
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
import * as m0016 from './migrations/0016-job-leases';

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
    '0016-job-leases': m0016,
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

export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: Dialect,
  schema?: string,
): Promise<string[]> {
  // Kysely looks for its bookkeeping tables across schemas; name ours when the connection is pinned.
  const migrator = new Migrator({
    db,
    provider: provider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

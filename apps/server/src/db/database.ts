import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import SQLite from 'better-sqlite3';
import { type DialectAdapter, Kysely, PostgresDialect, SqliteAdapter, SqliteDialect } from 'kysely';
import pg from 'pg';

import type { AppConfig } from '../config';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema the connection is pinned to, when it is not the default. */
  schema?: string;
  destroy: () => Promise<void>;
}

/**
 * SQLite runs DDL inside transactions (only a few PRAGMAs cannot, and no migration uses them), but
 * Kysely's adapter says it does not, so its migrator would run SQLite migrations without a transaction
 * and a failure half-way (or a crash) would leave a half-migrated file. With this adapter the pending
 * migrations and their bookkeeping rows commit together or not at all, as on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect with the transactional-DDL adapter above. */
export class EmbeddedSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Opens the configured engine: embedded SQLite (WAL) by default, PostgreSQL with DATABASE_URL. */
export function createDb(database: AppConfig['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      // JIT off: the catalog search plans an unexecuted branch whose estimated cost triggers JIT
      // compilation (about a second per search); OLTP queries gain nothing from it (decision 005).
      options: ['-c jit=off', ...(database.schema ? [`-c search_path=${database.schema}`] : [])].join(' '),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      ...(database.schema ? { schema: database.schema } : {}),
      destroy: () => kysely.destroy(),
    };
  }
  if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL with NORMAL sync is durable across application crashes and only risks the last
  // transactions on power loss, the usual trade-off for an embedded server database.
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new EmbeddedSqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
}

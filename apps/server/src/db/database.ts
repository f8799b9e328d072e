import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import SQLite from 'better-sqlite3';
import { type DialectAdapter, Kysely, PostgresDialect, SqliteAdapter, SqliteDialect } from 'kysely';
import pg from 'pg';

import type { DatabaseTarget } from '../config';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema the connection is pinned to, when it is not the default. */
  schema?: string;
  /**
   * Calls `listener` with each error of a PostgreSQL connection that no query was waiting on (the
   * server restarted, a failover, an idle connection killed); answers the unsubscribe. The connection
   * is dropped and the pool opens a new one when next needed. SQLite has none.
   */
  onConnectionError: (listener: (error: Error) => void) => () => void;
  /** PostgreSQL's connection pool as it stands (the metrics read it at each scrape); SQLite has none. */
  poolStats?: () => PoolStats;
  destroy: () => Promise<void>;
}

export interface PoolStats {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
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

/** How long the PostgreSQL pool keeps a connection no request has used. */
const IDLE_CONNECTION_MS = 5 * 60_000;

/** Opens the configured engine: embedded SQLite (WAL) by default, PostgreSQL with DATABASE_URL. */
export function createDb(database: DatabaseTarget): Db {
  if (database.kind === 'postgres') {
    const settings = database.pool ?? {};
    const statementTimeoutMs = settings.statementTimeoutMs ?? 0;
    const pool = new pg.Pool({
      connectionString: database.url,
      max: settings.size ?? 10,
      application_name: settings.applicationName ?? 'member-area',
      connectionTimeoutMillis: settings.connectTimeoutMs ?? 0,
      // An idle connection is kept 5 minutes (pg's default closes it after 10 s): a new one is a new
      // PostgreSQL backend, whose first statements on each table pay for its empty catalog caches.
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      // Idle connections do not keep a process alive (a command, a test run): the server's listener does.
      allowExitOnIdle: true,
      // A peer that vanished without closing (a failover, a dropped network) is noticed by TCP
      // keep-alive rather than by a request that waits on it for ever.
      keepAlive: true,
      // JIT off: the catalog search plans an unexecuted branch whose estimated cost triggers JIT
      // compilation (about a second per search); OLTP queries gain nothing from it (decision 005).
      // The statement timeout also ends a transaction left idle that long: its holder is gone or
      // stuck, and its row locks would block every request that needs them (decision 020).
      options: [
        '-c jit=off',
        ...(statementTimeoutMs > 0
          ? [
              `-c statement_timeout=${String(statementTimeoutMs)}`,
              `-c idle_in_transaction_session_timeout=${String(statementTimeoutMs)}`,
            ]
          : []),
        ...(database.schema ? [`-c search_path=${database.schema}`] : []),
      ].join(' '),
    });
    const listeners = new Set<(error: Error) => void>();
    const report = (error: Error) => {
      for (const listener of listeners) listener(error);
    };
    // Without these, an error on a connection no query is waiting on is an unhandled 'error' event,
    // which ends the process (decision 020): the pool's for idle connections, which it then drops;
    // each connection's own while it is checked out between two queries (a transaction waiting on
    // other work), which the pool drops when it is released.
    pool.on('error', report);
    pool.on('connect', (client) => {
      client.on('error', report);
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      ...(database.schema ? { schema: database.schema } : {}),
      onConnectionError: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
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
  return {
    kysely,
    dialect: 'sqlite',
    onConnectionError: () => () => undefined,
    destroy: () => kysely.destroy(),
  };
}

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is away or cannot take the work now: class 08 (connection
 * exception), too many connections, query canceled (the statement timeout), administrator or crash
 * shutdown (a restart, `pg_terminate_backend`), cannot connect now (starting up, a standby being
 * promoted), and a transaction ended for idling past the timeout.
 */
const UNAVAILABLE_SQLSTATES = new Set(['53300', '57014', '57P01', '57P02', '57P03', '25P03']);

/** The messages node-postgres gives its own connection failures, which carry no code. */
const DRIVER_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
];

/**
 * Whether an error says the database is away or too busy to answer (rather than that a query was
 * wrong): the edge answers these with 503 `database_unavailable`, which clears once the database is
 * back. SQLite's is a write lock held past its busy timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // The driver's error may be wrapped (a failed migration, a failed start-up step): follow the causes.
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code) || code.startsWith('SQLITE_BUSY')) return true;
    }
    const { message } = cause;
    if (DRIVER_CONNECTION_MESSAGES.some((text) => message.includes(text))) return true;
    cause = cause.cause;
  }
  return false;
}

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { latestMigration } from '../db/migrate';

/** How long readiness waits for the database before it answers not ready. */
export const READINESS_TIMEOUT_MS = 1_000;

/** Why a server is not ready: the database does not answer, or it lacks this code's migrations. */
export type NotReadyReason = 'database_unavailable' | 'migrations_pending';

/**
 * Liveness and readiness, apart (issue 12, issue 15): `/healthz` answers that the process serves
 * requests and touches no database, so member queries that hold every pooled connection cannot make a
 * live server look dead; `/readyz` asks the database whether the newest migration this code knows is
 * applied, and answers 503 with the reason when the database fails, gives no answer within
 * READINESS_TIMEOUT_MS, or lacks the migration, so a balancer sends traffic elsewhere until it
 * recovers. Both carry the warnings an operator must not miss on a running server (each also logged
 * at start). Lost database connections are logged here too: the pool drops them and opens new ones.
 */
export function registerHealth(
  app: FastifyInstance,
  db: Db,
  config: Pick<AppConfig, 'isProduction' | 'payments'>,
  /** The newest migration readiness waits for (tests give their own list; db/migrate.ts). */
  latest: Promise<string> = latestMigration(),
) {
  const warnings = config.isProduction && config.payments.testMode ? ['test_payments_in_production'] : [];
  const extra = warnings.length > 0 ? { warnings } : {};

  const stopWatching = db.onConnectionError((error) => {
    app.log.warn({ err: error }, 'database connection lost; the pool opens a new one when needed');
  });
  app.addHook('onClose', (_instance, done) => {
    stopWatching();
    done();
  });

  app.get('/healthz', () => ({ status: 'ok', database: db.dialect, ...extra }));

  app.get('/readyz', async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no database answer within ${String(READINESS_TIMEOUT_MS)} ms`));
      }, READINESS_TIMEOUT_MS);
    });
    // One query answers both: the database is there, and it has this code's newest migration.
    const query = latest.then((name) =>
      sql`select name from kysely_migration where name = ${name}`.execute(db.kysely),
    );
    // The query may still settle after the deadline; its late failure has nobody left to tell.
    query.catch(() => undefined);
    const notReady = (reason: NotReadyReason) =>
      reply.code(503).send({ status: 'error', database: db.dialect, reason, ...extra });
    let applied: boolean;
    try {
      const { rows } = await Promise.race([query, deadline]);
      applied = rows.length > 0;
    } catch (error) {
      if (!isMissingTable(error)) {
        app.log.error({ err: error }, 'readiness check: database unavailable');
        return await notReady('database_unavailable');
      }
      // Not one migration yet: their bookkeeping table is missing too.
      applied = false;
    } finally {
      clearTimeout(timer);
    }
    if (applied) return { status: 'ok', database: db.dialect, ...extra };
    app.log.warn({ migration: await latest }, 'readiness check: migrations pending');
    return await notReady('migrations_pending');
  });
}

/** PostgreSQL's undefined_table, SQLite's "no such table". */
function isMissingTable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: unknown }).code === '42P01' || error.message.startsWith('no such table');
}

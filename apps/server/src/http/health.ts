import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import type { AppConfig } from '../config';
import type { Db } from '../db/database';

/** How long readiness waits for the database before it answers not ready. */
export const READINESS_TIMEOUT_MS = 1_000;

/**
 * Liveness and readiness, apart (issue 12): `/healthz` answers that the process serves requests and
 * touches no database, so member queries that hold every pooled connection cannot make a live server
 * look dead; `/readyz` asks the database, and answers 503 when it fails or gives no connection within
 * READINESS_TIMEOUT_MS, so a balancer can send traffic elsewhere until it recovers. Both carry the
 * warnings an operator must not miss on a running server (each also logged at start).
 */
export function registerHealth(
  app: FastifyInstance,
  db: Db,
  config: Pick<AppConfig, 'isProduction' | 'payments'>,
) {
  const warnings = config.isProduction && config.payments.testMode ? ['test_payments_in_production'] : [];
  const extra = warnings.length > 0 ? { warnings } : {};

  app.get('/healthz', () => ({ status: 'ok', database: db.dialect, ...extra }));

  app.get('/readyz', async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no database answer within ${String(READINESS_TIMEOUT_MS)} ms`));
      }, READINESS_TIMEOUT_MS);
    });
    const query = sql`select 1`.execute(db.kysely);
    // The query may still settle after the deadline; its late failure has nobody left to tell.
    query.catch(() => undefined);
    try {
      await Promise.race([query, deadline]);
      return { status: 'ok', database: db.dialect, ...extra };
    } catch (error) {
      app.log.error({ err: error }, 'readiness check: database unavailable');
      return await reply.code(503).send({ status: 'error', database: db.dialect, ...extra });
    } finally {
      clearTimeout(timer);
    }
  });
}

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import type { AppConfig } from '../config';
import type { Db } from '../db/database';

export function registerHealth(
  app: FastifyInstance,
  db: Db,
  config: Pick<AppConfig, 'isProduction' | 'payments'>,
) {
  // What an operator must not miss on a running server (each also logged at start).
  const warnings = config.isProduction && config.payments.testMode ? ['test_payments_in_production'] : [];
  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok', database: db.dialect, ...(warnings.length > 0 ? { warnings } : {}) };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: db.dialect });
    }
  });
}

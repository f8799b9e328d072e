import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import type { Db } from '../db/database';

export function registerHealth(app: FastifyInstance, db: Db) {
  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok', database: db.dialect };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: db.dialect });
    }
  });
}

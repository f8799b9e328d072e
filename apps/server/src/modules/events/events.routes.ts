import type { FastifyInstance } from 'fastify';

import { badInput } from '../../errors';
import type { Services } from '../../services';
import { EventBodySchema } from './events.schema';

export function registerEventRoutes(app: FastifyInstance, services: Services) {
  app.post(
    '/api/event',
    { bodyLimit: 16 * 1024, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const parsed = EventBodySchema.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badInput(
          `Invalid event: ${issue ? `${issue.path.join('.') || 'body'} ${issue.message}` : 'bad body'}`,
          'invalid_event',
        );
      }
      await services.events.recordFromClient(request.ctx, parsed.data);
      return reply.code(202).send({ accepted: true });
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Services } from '../../services';

/** The page's own origin: the brand was resolved from this hostname, so the link names a known brand. */
function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Recovery (spec sections 2 and 5): forgot password, reset, forgot email. */
export function registerRecoveryRoutes(api: FastifyInstance, services: Services) {
  api.post(
    '/api/auth/forgot-password',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) => {
      await services.recovery.forgotPassword(request.ctx, request.body, origin(request));
      // The same answer whether or not the address has an account.
      return reply.code(202).send({ accepted: true });
    },
  );

  api.post(
    '/api/auth/reset-password',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      await services.recovery.resetPassword(request.ctx, request.body);
      return { reset: true };
    },
  );

  api.post(
    '/api/auth/forgot-email',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => services.recovery.forgotEmail(request.ctx, request.body),
  );
}

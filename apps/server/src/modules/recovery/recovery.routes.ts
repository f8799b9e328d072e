import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../../config';
import { publicOrigin } from '../../http/public-origin';
import type { Services } from '../../services';

/** Recovery (spec sections 2 and 5): forgot password, reset, forgot email. */
export function registerRecoveryRoutes(api: FastifyInstance, services: Services, config: AppConfig) {
  api.post(
    '/api/auth/forgot-password',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) => {
      await services.recovery.forgotPassword(request.ctx, request.body, publicOrigin(request, config));
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

  // The reset page asks first whether its link still works, so a used link is refused before the form.
  api.post(
    '/api/auth/reset-password/check',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      await services.recovery.checkResetKey(request.ctx, request.body);
      return { valid: true };
    },
  );

  api.post(
    '/api/auth/forgot-email',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => services.recovery.forgotEmail(request.ctx, request.body),
  );
}

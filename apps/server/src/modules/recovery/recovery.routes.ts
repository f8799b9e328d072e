import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { AppConfig } from '../../config';
import type { Services } from '../../services';

/**
 * The page's own hostname (the brand was resolved from it, so the link names a known brand), over https
 * outside LOCAL as the login cookie is Secure there: a proxy that ends TLS speaks plain http to this
 * server, but members never do (decision 020).
 */
function origin(request: FastifyRequest, config: Pick<AppConfig, 'env'>): string {
  return `${config.env === 'LOCAL' ? request.protocol : 'https'}://${request.host}`;
}

/** Recovery (spec sections 2 and 5): forgot password, reset, forgot email. */
export function registerRecoveryRoutes(api: FastifyInstance, services: Services, config: AppConfig) {
  api.post(
    '/api/auth/forgot-password',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) => {
      await services.recovery.forgotPassword(request.ctx, request.body, origin(request, config));
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

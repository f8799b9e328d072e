import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { type AppConfig, ConfigError } from '../../config';
import { badInput, unauthenticated } from '../../errors';
import type { Services } from '../../services';
import { clearMemberCookie, setMemberCookie } from './auth.cookies';
import { createSignature } from './signature';

const LoginBody = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(1_024),
});

export function registerAuthRoutes(app: FastifyInstance, services: Services, config: AppConfig) {
  // A secret of this process alone would sign tokens and links no other server accepts (decision 012).
  if (config.jwtSecretFrom === 'unset') {
    throw new ConfigError('Set JWT_SECRET, or load the configuration with the secret kept in the database');
  }
  app.post(
    '/api/auth/token/generic',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request) => {
      const { token, expiresAt } = await services.auth.issueGeneric(request.ctx.brand.config.id);
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get('/api/auth/sign', (request, reply) => {
    const { auth, brand } = request.ctx;
    if (auth.kind === 'anonymous') throw unauthenticated();
    const subject = `${brand.config.id}.${auth.kind === 'member' ? `member:${auth.claims.id}` : 'generic'}`;
    const { signature, expiresAt } = createSignature(config.jwtSecret, subject, Date.now());
    return reply.send({ signature, expiresAt: expiresAt.toISOString() });
  });

  app.post(
    '/api/auth/login',
    // Per client address; the per-account limit is in auth.service.ts.
    { config: { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const body = LoginBody.safeParse(request.body);
      if (!body.success) throw badInput('Enter your email address and password.');
      const issued = await services.auth.login(request.ctx, body.data.email, body.data.password);
      setMemberCookie(reply, issued, config);
      return { member: issued.claims };
    },
  );

  app.post('/api/auth/logout', async (request, reply) => {
    await services.auth.logout(request.ctx);
    clearMemberCookie(reply, config);
    return reply.code(204).send();
  });
}

import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { addSecurityHeaders } from './security-headers';

/** The headers of a 200 and of a 404, with `register` applied to a fresh instance. */
async function answers(register: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/', (_request, reply) => reply.send({ ok: true }));
  const found = await app.inject({ method: 'GET', url: '/' });
  const missing = await app.inject({ method: 'GET', url: '/nowhere' });
  await app.close();
  const strip = (headers: Record<string, unknown>) => {
    const { date: _date, 'permissions-policy': _pp, 'x-transaction-id': _id, ...rest } = headers;
    return rest;
  };
  return { found: strip(found.headers), missing: strip(missing.headers), raw: found.headers };
}

// Decision 039: helmet's headers are computed once and written by one hook; they must stay exactly the
// ones @fastify/helmet writes itself, with HSTS and without.
describe.each([true, false])('precomputed security headers (hsts %s)', (hsts) => {
  it('are the ones @fastify/helmet sets, on answers and on 404s, with the policy and the transaction id', async () => {
    const options = { contentSecurityPolicy: false as const, hsts };
    const helmet = await answers(async (app) => {
      await app.register(fastifyHelmet, options);
    });
    const ours = await answers((app) => addSecurityHeaders(app, options));
    expect(ours.found).toEqual(helmet.found);
    expect(ours.missing).toEqual(helmet.missing);
    expect(Object.keys(helmet.found)).toContain('x-content-type-options');
    expect('strict-transport-security' in helmet.found).toBe(hsts);
    expect(ours.raw['permissions-policy']).toContain('camera=()');
    expect(ours.raw['x-transaction-id']).toMatch(/^req-|^[0-9a-f-]+$/);
  });
});

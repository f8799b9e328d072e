import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppConfig } from '../../config';
import { badInput, unauthenticated } from '../../errors';
import { addRequestContextHook } from '../../http/request-context';
import type { Services } from '../../services';
import { funnelFor } from './funnel';

const FunnelBody = z.object({ plan: z.coerce.number().int().positive().max(1_000_000) });
const SignupBody = z.object({
  planId: z.number().int().positive().max(1_000_000),
  email: z.string().max(254),
  password: z.string().max(1_024),
  name: z.string().max(200).default(''),
  language: z.string().max(10).optional(),
  timezone: z.string().max(64).optional(),
});

/** `/subscriptionflow`: sign-up funnels and the visitor's sign-up. */
export async function registerSubscriptionFlow(app: FastifyInstance, services: Services, config: AppConfig) {
  await app.register((api) => {
    addRequestContextHook(api, services, config);

    api.post('/v1/signup_plan/funnels/get', async (request) => {
      if (request.ctx.auth.kind === 'anonymous')
        throw unauthenticated('A visitor or member token is required');
      const body = FunnelBody.safeParse(request.body);
      if (!body.success) throw badInput('Send the plan id as {"plan": <id>}.');
      const plan = (await services.plans.getPlans(request.ctx)).find(
        (candidate) => candidate.id === body.data.plan,
      );
      if (!plan) throw badInput('This plan is not offered on this site.', 'unknown_plan');
      return funnelFor(plan);
    });

    api.post(
      '/v1/signup',
      { config: { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } } },
      async (request) => {
        const body = SignupBody.safeParse(request.body);
        if (!body.success) throw badInput('Choose a plan and enter your email address and a password.');
        if (request.ctx.auth.kind === 'member')
          throw badInput('You are already signed in.', 'already_signed_in');
        const { checkoutId, url, subscriptionId } = await services.signups.startSignup(request.ctx, {
          planId: body.data.planId,
          email: body.data.email,
          password: body.data.password,
          name: body.data.name,
          ...(body.data.language ? { language: body.data.language } : {}),
          ...(body.data.timezone ? { timezone: body.data.timezone } : {}),
        });
        return { checkoutId, url, subscriptionId };
      },
    );
    return Promise.resolve();
  });
}

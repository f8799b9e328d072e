import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppConfig } from '../../config';
import { badInput, unauthenticated } from '../../errors';
import { addRequestContextHook } from '../../http/request-context';
import type { Services } from '../../services';
import type { Plan } from '../plans/plans.service';

const FunnelBody = z.object({ plan: z.coerce.number().int().positive().max(1_000_000) });
const SignupBody = z.object({
  planId: z.number().int().positive().max(1_000_000),
  email: z.string().max(254),
  password: z.string().max(1_024),
  name: z.string().max(200).default(''),
  language: z.string().max(10).optional(),
  timezone: z.string().max(64).optional(),
});

/** The steps of a plan's sign-up funnel; the 7th (index 6) is the upsell whose price the member area shows. */
export const FUNNEL_STEPS = [
  'plan',
  'account',
  'payment',
  'receipt',
  'welcome',
  'triple_entries',
  'upsell',
] as const;
/** Spec section 4: 20 days of paid access, then monthly membership. */
export const UPSELL_ACCESS_DAYS = 20;

export interface FunnelEntry {
  step: (typeof FUNNEL_STEPS)[number];
  position: number;
  plan_id: number;
  name: string;
  currency: string;
  symbol: string;
  /** Prices in the brand's currency (purchasing-power price), as decimal strings of major units. */
  ppp_initial: string;
  ppp_recurring: string;
  recurring: Plan['recurring'];
  access_days: number | null;
}

const major = (minor: number) => (minor / 100).toFixed(2);

export function funnelFor(plan: Plan): FunnelEntry[] {
  return FUNNEL_STEPS.map((step, position) => ({
    step,
    position,
    plan_id: plan.id,
    name: plan.name,
    currency: plan.currency,
    symbol: plan.symbol,
    ppp_initial: major(plan.priceInitial),
    ppp_recurring: major(plan.priceRecurring),
    recurring: plan.recurring,
    access_days: step === 'upsell' ? UPSELL_ACCESS_DAYS : null,
  }));
}

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

import { UPSELL_ACCESS_DAYS, majorAmount } from '@member/domain';

import type { Plan } from '../plans/plans.service';

/*
 * A plan's sign-up funnel (spec section 7: `POST /subscriptionflow/v1/signup_plan/funnels/get`). Its
 * seventh entry (index 6, `UPSELL_FUNNEL_PRICE_INDEX`) is the upsell: its `symbol` and `ppp_recurring`
 * are the upsell's price, which the member area's upsell offers are priced from on the server
 * (`modules/sweeps/upsell.service.ts`, decision 032). The route and the offers read the same list.
 */

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
  /** The upsell's days of paid access before the monthly membership (spec section 9); null elsewhere. */
  access_days: number | null;
}

export function funnelFor(plan: Plan): FunnelEntry[] {
  return FUNNEL_STEPS.map((step, position) => ({
    step,
    position,
    plan_id: plan.id,
    name: plan.name,
    currency: plan.currency,
    symbol: plan.symbol,
    // Major units with the currency's own decimals (19.99 USD, 1999 JPY).
    ppp_initial: majorAmount(plan.priceInitial, plan.currency),
    ppp_recurring: majorAmount(plan.priceRecurring, plan.currency),
    recurring: plan.recurring,
    access_days: step === 'upsell' ? UPSELL_ACCESS_DAYS : null,
  }));
}

import type { RequestContext } from '../../context';
import type { PlansTable } from '../../db/tables/plans';
import type { PlansRepository, PlanWithLocalPrice } from './plans.repository';

/** Plan of spec section 3. Prices are integer minor units (cents) of `currency`. */
export interface Plan {
  id: number;
  name: string;
  group: string;
  description: string;
  /** Days of trial before the first recurring charge; 0 for none. */
  trialPeriod: number;
  priceRecurring: number;
  priceInitial: number;
  currency: string;
  symbol: string;
  recurring: { interval: PlansTable['recurring_interval']; interval_count: number };
}

export function toPlan(row: PlanWithLocalPrice): Plan {
  // A plan listed in another currency is sold here at its price in the brand's currency.
  const local =
    row.local_currency !== null &&
    row.local_symbol !== null &&
    row.local_price_recurring !== null &&
    row.local_price_initial !== null &&
    row.local_currency !== row.currency
      ? {
          currency: row.local_currency,
          symbol: row.local_symbol,
          priceRecurring: row.local_price_recurring,
          priceInitial: row.local_price_initial,
        }
      : null;
  return {
    id: row.id,
    name: row.name,
    group: row.group_name,
    description: row.description,
    trialPeriod: row.trial_period_days,
    priceRecurring: local?.priceRecurring ?? row.price_recurring,
    priceInitial: local?.priceInitial ?? row.price_initial,
    currency: local?.currency ?? row.currency,
    symbol: local?.symbol ?? row.symbol,
    recurring: { interval: row.recurring_interval, interval_count: row.recurring_interval_count },
  };
}

export function createPlansService({ repository }: { repository: PlansRepository }) {
  /** plan.getPlans: the plans of the request's brand, priced in its billing currency. */
  async function getPlans(ctx: RequestContext): Promise<Plan[]> {
    const brand = ctx.brand.config;
    const rows = await repository.listForBrand(brand.id, brand.billing.currency);
    return rows.map(toPlan);
  }

  return { getPlans };
}

export type PlansService = ReturnType<typeof createPlansService>;

import type { Insertable } from 'kysely';

/* The `plan_prices` table, made by migration 0002-membership. */

/** A plan's price in a currency other than its list currency. */
export interface PlanPricesTable {
  plan_id: number;
  currency: string;
  symbol: string;
  price_recurring: number;
  price_initial: number;
}

export type NewPlanPrice = Insertable<PlanPricesTable>;

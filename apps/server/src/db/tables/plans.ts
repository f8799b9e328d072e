import type { Insertable, Selectable } from 'kysely';

/* The `plans` table, made by migration 0002-membership. */

export interface PlansTable {
  /** Fixed by the catalogue (Champion ids 147 to 151 come from the spec), not auto-increment. */
  id: number;
  /** Null: offered on every brand. */
  brand_id: number | null;
  name: string;
  group_name: string;
  description: string;
  trial_period_days: number;
  /** Minor units (cents) of `currency`. */
  price_recurring: number;
  price_initial: number;
  currency: string;
  symbol: string;
  /** A check constraint keeps it to these four. */
  recurring_interval: 'day' | 'week' | 'month' | 'year';
  recurring_interval_count: number;
  media_types: string;
  is_vpn: number;
  bonus_coins: number;
  sort_order: number;
}

export type PlanRow = Selectable<PlansTable>;
export type NewPlan = Insertable<PlansTable>;

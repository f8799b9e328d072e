import type { Generated, Insertable, Selectable } from 'kysely';

/* The `subscriptions` table, made by migration 0001-platform. */

export interface SubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  brand_id: number;
  plan_id: number | null;
  plan_name: string;
  membership_id: string | null;
  is_active: number;
  is_trial: number;
  billing_period_days: number;
  next_billing_date: string | null;
  start_date: string;
  end_date: string | null;
  ref_id: string;
  cancelled_at: string | null;
  cancel_ref_id: string | null;
  cancel_date: string | null;
  media_types: string;
  offers: string;
  /** Added by 0005-payments: the recurring price in minor units of `currency`. */
  price_minor: Generated<number>;
  currency: Generated<string>;
  /** Renewal lease: the runner that claimed the row and until when (several servers run the job). */
  renewal_claim: Generated<string | null>;
  renewal_claimed_until: Generated<string | null>;
  renewal_failures: Generated<number>;
  /** Canceled details are kept 10 months (spec section 9), then the job deletes the row. */
  purge_after: Generated<string | null>;
  cancel_option: Generated<string | null>;
  retention_offer_at: Generated<string | null>;
  renewal_discount_percent: Generated<number>;
}

export type NewSubscription = Insertable<SubscriptionsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;

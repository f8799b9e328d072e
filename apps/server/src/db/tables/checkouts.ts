import type { Generated, Selectable } from 'kysely';

/* The `checkouts` table, made by migration 0005-payments. */

export interface CheckoutsTable {
  id: string;
  brand_id: number;
  member_id: number | null;
  purpose: string;
  amount_minor: number;
  currency: string;
  description: string;
  metadata: string;
  return_path: string;
  locale: string;
  provider: string;
  status: Generated<CheckoutStatus>;
  payment_intent_id: string | null;
  failure_code: string | null;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  updated_at: string;
  /** Added by 0008: the provider-hosted page (Stripe Checkout Session id) and the first return from it. */
  provider_session_id: Generated<string | null>;
  returned_at: Generated<string | null>;
}

export type CheckoutStatus = 'open' | 'processing' | 'succeeded' | 'expired';

export type CheckoutRow = Selectable<CheckoutsTable>;

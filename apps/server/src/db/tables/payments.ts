import type { Selectable } from 'kysely';

/* The `payments` table, made by migration 0005-payments. */

export interface PaymentsTable {
  id: string;
  brand_id: number;
  member_id: number | null;
  provider: string;
  /** The provider's intent (pi_…); null while pending, and for a charge the provider never made. */
  provider_payment_id: string | null;
  checkout_id: string | null;
  subscription_id: number | null;
  purpose: string;
  status: PaymentStatus;
  amount_minor: number;
  currency: string;
  description: string;
  metadata: string;
  failure_code: string | null;
  idempotency_key: string | null;
  created_at: string;
}

/** `pending` (added by 0013): written before the charge, settled after it or by reconciliation. */
export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

export type PaymentRow = Selectable<PaymentsTable>;

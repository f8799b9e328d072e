import type { Generated, Selectable } from 'kysely';

/* The `payment_refunds` table, made by migration 0028-payment-refunds, `resends` by 0029-refund-failed (docs/decisions/038). */

export interface PaymentRefundsTable {
  /** `rf_…` */
  id: string;
  brand_id: number;
  member_id: number | null;
  /** Our payment being refunded (payments.id); its provider intent is what the provider refunds. */
  payment_id: string;
  provider: string;
  /** The provider's refund (re_…), once it accepted it. */
  provider_refund_id: string | null;
  amount_minor: number;
  currency: string;
  /** Why it is owed, e.g. `order_cancelled`. */
  reason: string;
  /** Unique: what owes a refund names it (`order-refund:<orderId>`); sent to the provider as its key. */
  idempotency_key: string;
  status: RefundStatus;
  attempts: Generated<number>;
  last_error: string | null;
  /** A sender holds the refund until then while its request is in flight. */
  claimed_until: string | null;
  /** How often the operator sent a failed refund again; the provider's key then ends `:resend-<n>`. */
  resends: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * `pending`: owed, not yet accepted by the provider; `succeeded`: the provider accepted it; `failed`:
 * the provider accepted it and later could not return the money (Stripe's `refund.failed`), or answered
 * it failed at once. A failed refund waits for the operator.
 */
export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export type PaymentRefundRow = Selectable<PaymentRefundsTable>;

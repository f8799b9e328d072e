import type { Generated } from 'kysely';

/* The `payment_fulfilments` table, made by migration 0005-payments. */

export interface PaymentFulfilmentsTable {
  payment_id: string;
  purpose: string;
  created_at: string;
  /** Added by 0008: the runner holding the lease, until when, and when the handler finished. */
  claim: string | null;
  claimed_until: string | null;
  completed_at: string | null;
  /** How many times a handler was started for the payment. */
  attempts: Generated<number>;
}

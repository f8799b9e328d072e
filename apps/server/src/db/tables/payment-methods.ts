import type { Selectable } from 'kysely';

/* The `payment_methods` table, made by migration 0005-payments. */

export interface PaymentMethodsTable {
  /** The provider's payment method id (pm_…). */
  id: string;
  brand_id: number;
  member_id: number;
  provider: string;
  cc_type: string;
  cc_last: string;
  exp_month: number;
  exp_year: number;
  is_default: number;
  created_at: string;
  updated_at: string;
  /** Added by 0006-wallet-account: the card's first 6 digits, for recovery by card (spec section 5). */
  cc_first6: string | null;
}

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

import type { Selectable } from 'kysely';

/* The `saved_card_payments` table, made by migration 0025-saved-card-payments (docs/decisions/035). */

export interface SavedCardPaymentsTable {
  brand_id: number;
  member_id: number;
  /** The key the web sent with the purchase: one key, one checkout paid. */
  request_key: string;
  checkout_id: string;
  /** The saved card the member chose (pm_…). */
  payment_method_id: string;
  created_at: string;
}

export type SavedCardPaymentRow = Selectable<SavedCardPaymentsTable>;

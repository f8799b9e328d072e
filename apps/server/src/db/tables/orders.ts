import type { Generated, Selectable } from 'kysely';

/* The `orders` table, made by migration 0006-wallet-account. */

export interface OrdersTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  reference: string;
  status: string;
  currency: string;
  /** Minor units of `currency`. */
  subtotal: number;
  delivery_fee: number;
  total: number;
  free_gift: string | null;
  /** JSON: the shipping address and method the order ships with. */
  shipping_info: string;
  created_at: string;
  /** Added by 0018-marketplace: the verified payment, the tracking reference, when it shipped or was cancelled, and the refund recorded. */
  payment_id: Generated<string | null>;
  tracking: Generated<string | null>;
  shipped_at: Generated<string | null>;
  cancelled_at: Generated<string | null>;
  refunded_minor: Generated<number>;
  /** Added by 0021-order-coins: the coins that paid part of the order, and what they paid (minor units). */
  coins: Generated<number>;
  coins_value_minor: Generated<number>;
}

export type OrderRow = Selectable<OrdersTable>;

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
}

export type OrderRow = Selectable<OrdersTable>;

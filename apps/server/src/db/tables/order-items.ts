import type { Generated, Selectable } from 'kysely';

/* The `order_items` table, made by migration 0006-wallet-account. */

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  image: string | null;
}

export type OrderItemRow = Selectable<OrderItemsTable>;

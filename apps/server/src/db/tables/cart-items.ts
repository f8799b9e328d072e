import type { Selectable } from 'kysely';

/* The `cart_items` table, made by migration 0018-marketplace: the member's cart, kept on the server. */

export interface CartItemsTable {
  brand_id: number;
  member_id: number;
  product_id: number;
  /** At least 1; a line at 0 is deleted. */
  quantity: number;
  updated_at: string;
}

export type CartItemRow = Selectable<CartItemsTable>;

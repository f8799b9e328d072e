import type { Selectable } from 'kysely';

/* The `shop_checkouts` table, made by migration 0018-marketplace. */

/** open: steps being filled; paying: priced and sent to the payment page; placed: the order exists; sold_out: paid, but the stock was gone (refund recorded). */
export type ShopCheckoutStatus = 'open' | 'paying' | 'placed' | 'sold_out';

export interface ShopCheckoutsTable {
  /** `mk_<uuid>`: also the order's idempotency key. */
  id: string;
  brand_id: number;
  member_id: number;
  status: ShopCheckoutStatus;
  /** JSON: contact email and shipping address of the information step. */
  information: string | null;
  shipping_method: string | null;
  /** JSON: the lines the server priced when the member went to pay. */
  lines: string | null;
  currency: string | null;
  /** Minor units of `currency`: what the payment must be. */
  total: number | null;
  payment_checkout_id: string | null;
  order_id: number | null;
  failure_code: string | null;
  created_at: string;
  updated_at: string;
}

export type ShopCheckoutRow = Selectable<ShopCheckoutsTable>;

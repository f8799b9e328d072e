import type { Generated, Selectable } from 'kysely';

/* The `shop_checkouts` table, made by migration 0018-marketplace. */

/**
 * open: steps being filled; paying: priced and sent to the payment page; placed: the order exists;
 * sold_out: paid, but the stock was gone (refund recorded); refused: paid by card, but the coins meant
 * to pay the rest were no longer in the wallet (refund recorded, no coins taken).
 */
export type ShopCheckoutStatus = 'open' | 'paying' | 'placed' | 'sold_out' | 'refused';

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
  /** Minor units of `currency`: the order's total (the card pays it less `coins_value_minor`). */
  total: number | null;
  /** Added by 0021-order-coins: the coins the server decided to take, and what they pay (minor units). */
  coins: Generated<number>;
  coins_value_minor: Generated<number>;
  payment_checkout_id: string | null;
  order_id: number | null;
  failure_code: string | null;
  created_at: string;
  updated_at: string;
}

export type ShopCheckoutRow = Selectable<ShopCheckoutsTable>;

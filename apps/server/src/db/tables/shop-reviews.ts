import type { Generated, Selectable } from 'kysely';

/* The `shop_reviews` table, made by migration 0018-marketplace: one review per member and product. */

export interface ShopReviewsTable {
  id: Generated<number>;
  brand_id: number;
  product_id: number;
  member_id: number;
  /** 1 to 5. */
  rating: number;
  text: string;
  created_at: string;
}

export type ShopReviewRow = Selectable<ShopReviewsTable>;

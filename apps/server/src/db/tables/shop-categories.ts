import type { Generated, Selectable } from 'kysely';

/* The `shop_categories` table, made by migration 0018-marketplace. */

export interface ShopCategoriesTable {
  id: Generated<number>;
  brand_id: number;
  slug: string;
  /** JSON: the name per locale, e.g. {"en-us": "Kitchen"}. */
  names: string;
  position: Generated<number>;
  created_at: string;
}

export type ShopCategoryRow = Selectable<ShopCategoriesTable>;

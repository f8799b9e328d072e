import type { Generated, Selectable } from 'kysely';

/* The `shop_products` table, made by migration 0018-marketplace. */

export interface ShopProductsTable {
  id: Generated<number>;
  brand_id: number;
  category_id: number;
  slug: string;
  /** JSON: the name per locale. */
  names: string;
  /** JSON: the description per locale. */
  descriptions: string;
  /** JSON: the list price per ISO 4217 currency, in minor units, e.g. {"USD": 1999, "JPY": 2200}. */
  prices: string;
  /** JSON: image paths, the first is the product's picture. */
  images: string;
  /** Units left; a check keeps it from going negative. */
  stock: number;
  /** 0/1. */
  shippable: Generated<number>;
  /** 0/1: may come as the free gift of an order. */
  free_gift_eligible: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type ShopProductRow = Selectable<ShopProductsTable>;

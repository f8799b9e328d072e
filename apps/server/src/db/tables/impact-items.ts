import type { Generated, Selectable } from 'kysely';

/* The `impact_items` table, made by migration 0019-impacts-onboarding. */

export interface ImpactItemsTable {
  id: Generated<number>;
  brand_id: number;
  category_id: number;
  slug: string;
  /** English texts; other languages in `langs`. */
  name: string;
  description: Generated<string>;
  /** What one unit is, e.g. `tree`, `litre of clean water`. */
  unit: string;
  /** JSON: `{ "<locale>": { "name", "description", "unit" } }`. */
  langs: Generated<string>;
  /** Whole coins per unit. */
  price_per_unit: number;
  /** JSON: the unit quantities offered as quick choices, e.g. `[1, 5, 10]`. */
  prices: Generated<string>;
  target_quantity: number;
  /** JSON: image URLs, first is the cover. */
  images: Generated<string>;
  position: Generated<number>;
  /** 0/1: a retired item is kept for history but takes no contributions. */
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type ImpactItemRow = Selectable<ImpactItemsTable>;

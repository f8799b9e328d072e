import type { Generated, Selectable } from 'kysely';

/* The `impact_categories` table, made by migration 0019-impacts-onboarding. */

export interface ImpactCategoriesTable {
  id: Generated<number>;
  brand_id: number;
  slug: string;
  /** English name; other languages in `langs`. */
  name: string;
  /** JSON: `{ "<locale>": "<name>" }`. */
  langs: Generated<string>;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type ImpactCategoryRow = Selectable<ImpactCategoriesTable>;

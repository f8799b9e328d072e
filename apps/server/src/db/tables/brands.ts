import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/* The `brands` table, made by migration 0001-platform. */

export interface BrandsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  logo: string;
  icon: string;
  template: string;
  layout: string;
  status: string;
  media_types: string;
  colors: string;
  support: string;
  company_address: string;
  brand_tags: string;
  languages: string;
  billing: string;
  cdn_server: string;
  country_code: string;
  created_at: string;
  /** Added by 0023-brand-moves: JSON `{ name, url }` once the brand has moved to another brand, else null. */
  moved_to: ColumnType<string | null, string | null | undefined, string | null>;
}

export type BrandRow = Selectable<BrandsTable>;
export type NewBrand = Insertable<BrandsTable>;

/* The `catalog_seeds` table, made by migration 0007-catalog-i18n. */

/** A brand whose demo catalog is complete (written with its last title). */
export interface CatalogSeedsTable {
  brand_id: number;
  seed: number;
  titles: number;
  created_at: string;
}

/* The `media_imports` table, made by migration 0007-catalog-i18n. */

/** A file imported by `catalog:import`: its content hash, the title it became and where it was copied. */
export interface MediaImportsTable {
  brand_id: number;
  content_hash: string;
  media_id: number;
  source_name: string;
  stored_path: string;
  created_at: string;
}

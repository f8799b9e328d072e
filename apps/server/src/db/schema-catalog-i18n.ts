/** Tables of migration 0007-catalog-i18n (docs/decisions/005-catalog-search.md). */

/** A title's title and description in one locale; the media_items row is the original. */
export interface MediaTranslationsTable {
  media_id: number;
  locale: string;
  title: string;
  /** Null: the original description. */
  description: string | null;
}

export interface GenreTranslationsTable {
  genre_id: number;
  locale: string;
  title: string;
}

/** A brand whose demo catalog is complete (written with its last title). */
export interface CatalogSeedsTable {
  brand_id: number;
  seed: number;
  titles: number;
  created_at: string;
}

/** A file imported by `catalog:import`: its content hash, the title it became and where it was copied. */
export interface MediaImportsTable {
  brand_id: number;
  content_hash: string;
  media_id: number;
  source_name: string;
  stored_path: string;
  created_at: string;
}

/** Migration 0011: the text analysis the search index was written with (one row, id 1). */
export interface SearchIndexStateTable {
  id: number;
  analysis: number;
}

export interface CatalogI18nTables {
  media_translations: MediaTranslationsTable;
  genre_translations: GenreTranslationsTable;
  catalog_seeds: CatalogSeedsTable;
  media_imports: MediaImportsTable;
  search_index_state: SearchIndexStateTable;
}

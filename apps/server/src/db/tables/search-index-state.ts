/* The `search_index_state` table, made by migration 0011-search-analysis-version. */

/** Migration 0011: the text analysis the search index was written with (one row, id 1). */
export interface SearchIndexStateTable {
  id: number;
  analysis: number;
}

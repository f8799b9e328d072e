import type { Generated } from 'kysely';

/* The `library_entries` table, made by migration 0004-library. */

/** Collection and history entries (0004-library); `list` is 'collection' or 'history'. */
export interface LibraryEntriesTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  list: 'collection' | 'history';
  media_type: string;
  media_id: number;
  title: string;
  artist: string | null;
  duration_seconds: number | null;
  thumbnail_origin: string;
  thumbnail_path: string;
  thumbnail_cache_index: number;
  added_at: string;
}

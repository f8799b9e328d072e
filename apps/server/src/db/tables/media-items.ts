import type { Generated, Insertable, Selectable } from 'kysely';

/* The `media_items` table, made by migration 0003-catalog. */

/** Catalog (migration 0003, docs/decisions/005). `media_search` is engine-specific and read by raw SQL. */
export interface MediaItemsTable {
  id: Generated<number>;
  brand_id: number;
  media_type: string;
  parent_id: number | null;
  position: number | null;
  title: string;
  slug: string;
  description: string;
  thumbnail_origin: string;
  thumbnail_path: string;
  thumbnail_cache_index: number;
  is_free: number;
  vendor_id: string | null;
  playback_key: string | null;
  release_date: string | null;
  release_year: number | null;
  release_sort: string;
  duration_seconds: number | null;
  language: string | null;
  country_of_origin: string | null;
  quality: string | null;
  popularity: number;
  staff_pick: number;
  geo_allow: string | null;
  details: string;
  created_at: string;
}

export type MediaItemRow = Selectable<MediaItemsTable>;
export type NewMediaItem = Insertable<MediaItemsTable>;

/* The `media_genres` table, made by migration 0003-catalog. */

export interface MediaGenresTable {
  media_id: number;
  genre_id: number;
  brand_id: number;
  release_sort: string;
  is_direct: number;
}

/* The `media_progress` table, made by migration 0004-library. */

export interface MediaProgressTable {
  brand_id: number;
  member_id: number;
  media_type: string;
  media_id: number;
  progress: number;
  position: string | null;
  finished: number;
  updated_at: string;
}

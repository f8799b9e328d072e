/* The `playlist_tracks` table, made by migration 0004-library. */

export interface PlaylistTracksTable {
  playlist_id: number;
  media_id: number;
  position: number;
  title: string;
  artist: string | null;
  album_title: string | null;
  duration_seconds: number | null;
  thumbnail_origin: string;
  thumbnail_path: string;
  thumbnail_cache_index: number;
  added_at: string;
}

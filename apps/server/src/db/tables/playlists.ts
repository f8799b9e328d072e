import type { Generated } from 'kysely';

/* The `playlists` table, made by migration 0004-library. */

export interface PlaylistsTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

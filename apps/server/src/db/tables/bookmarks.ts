import type { Generated } from 'kysely';

/* The `bookmarks` table, made by migration 0027-bookmarks. */

export interface BookmarksTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  media_type: string;
  media_id: number;
  /** Seconds (audiobook) or the fraction read, 0..1 (ebook). */
  position: number;
  /** The EPUB CFI of an ebook bookmark; null for an audiobook. */
  location: string | null;
  position_key: string;
  name: string;
  created_at: string;
}

import type { Generated } from 'kysely';

/* The `genres` table, made by migration 0003-catalog. */

export interface GenresTable {
  id: Generated<number>;
  media_type: string;
  slug: string;
  title: string;
  parent_id: number | null;
}

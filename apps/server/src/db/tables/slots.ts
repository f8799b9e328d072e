import type { Generated } from 'kysely';

/* The `slots` table, made by migration 0003-catalog. */

export interface SlotsTable {
  id: Generated<number>;
  brand_id: number;
  slug: string;
  title: string;
  media_type: string;
  properties: string;
}

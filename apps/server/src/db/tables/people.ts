import type { Generated } from 'kysely';

/* The `people` table, made by migration 0003-catalog. */

export interface PeopleTable {
  id: Generated<number>;
  slug: string;
  title: string;
}

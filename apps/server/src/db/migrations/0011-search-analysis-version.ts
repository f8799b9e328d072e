import { type Kysely, sql } from 'kysely';

/*
 * Which text analysis the search index was written with (docs/decisions/005). Version 2 indexes runs of
 * Japanese and Chinese as overlapping character pairs, where version 1 kept each run as one word (found
 * only by its beginning). The documents are made in TypeScript (catalog.search-text.ts), so they are
 * rewritten at start-up with the current code (catalog.search-maintenance.ts), not here: an applied
 * migration must never change what it does, and a later migration may change what that code reads.
 * A database with no titles yet gets version 2: everything written from now on is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_index_state (
    id integer primary key check (id = 1),
    analysis integer not null
  )`.execute(db);
  await sql`insert into search_index_state (id, analysis)
    select 1, case when exists (select 1 from media_items) then 1 else 2 end`.execute(db);
}

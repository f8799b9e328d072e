import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';

/*
 * A search vocabulary on PostgreSQL (docs/decisions/005), as SQLite has had since migration 0009:
 * `media_search_vocab(term)` holds every lexeme of the search documents, so a query word is expanded
 * to the whole lexemes it is a prefix of before the search runs. A GIN index answers an AND of exact
 * lexemes by intersecting their posting lists; for a prefix (`harbor:*`) it first collects every
 * matching lexeme's postings into a bitmap. At 1,000,000 titles, `silent & harbor` took 5 ms where
 * `silent:* & harbor:*` took 31 ms.
 *
 * The terms sort in byte order (`collate "C"`), as on SQLite, so a prefix is a range of the primary
 * key. Documents written before migration 0009 still carry the `brand-<id>` lexeme of 0007, which no
 * query reaches; it stays out of the vocabulary, or the word "brand" would expand to it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') return;
  await sql`create table media_search_vocab (term text collate "C" primary key)`.execute(db);
  await sql`insert into media_search_vocab (term)
    select distinct lexeme from media_search, unnest(tsvector_to_array(document)) as lexeme
    where lexeme not like 'brand-%'`.execute(db);
}

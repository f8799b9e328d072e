import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';

/*
 * Search walks titles in ranking order (issue 3's speed targets at 1,000,000 titles;
 * docs/decisions/005-catalog-search.md). Every search row gets a rank key,
 * `(2^28 - 1 - popularity) * 2^32 + (2^32 - 1 - id)` (popularity clamped to [0, 2^28 - 1]), that sorts
 * a title before every less popular one, then the newer id first: the repository's ranking order. A
 * scan in key order can stop after the N best matches, so a word in 900,000 titles costs what a rare
 * one does. The expressions are written out here (not imported) because an applied migration must
 * never change what it does.
 *
 * SQLite:
 * - `media_search` (title, people, description, scope) is rebuilt with the rowid
 *   `type index * 2^60 + rank key`, so one media type is a rowid range FTS5 seeks to and walks in
 *   ranking order; the scope token stays `b<brand id>`. `media_search_title` (title, scope) indexes
 *   titles alone, so "title matches first" never walks a word that is common in descriptions only.
 *   Both keep the 2- and 3-character prefix indexes.
 * - `media_search_keys(media_id, rank)`: the rowid each title was indexed under, so a changed
 *   popularity deletes the old row, and the delete trigger finds it.
 * - `media_search_vocab(term)`: every indexed word, so a prefix of 4+ characters is expanded to whole
 *   terms (FTS5 merges a prefix's doclists whole when it has no prefix index of that length).
 *
 * PostgreSQL: `media_search` becomes (media_id, brand_id, media_type, rank, title_document, document)
 * with GIN indexes on both documents and a btree on (brand_id, media_type, rank): a scan of one brand
 * and type either walks rank order and stops, or reads a word's GIN bitmap and sorts it, whichever the
 * word's share of titles (from its lexeme statistics, kept with statistics target 1000) calls for.
 * The brand lexeme of migration 0007 is no longer queried.
 */

// The media type's fixed index (catalog.search-query.ts SEARCH_TYPE_INDEX) in the rowid's top 3 bits.
const TYPE_INDEX = `(case m.media_type when 'audiobook' then 0 when 'ebook' then 1 when 'music' then 2
  when 'movie' then 3 when 'game' then 4 when 'stream' then 5 when 'software' then 6 else 7 end)`;
const RANK_SQLITE = `(${TYPE_INDEX} * 1152921504606846976
  + (268435455 - min(max(m.popularity, 0), 268435455)) * 4294967296 + (4294967295 - m.id))`;
const RANK_POSTGRES = `((268435455::bigint - least(greatest(m.popularity::bigint, 0), 268435455::bigint))
  * 4294967296::bigint + (4294967295::bigint - m.id::bigint))`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`create table media_search_keys (
      media_id integer primary key,
      rank integer not null
    )`.execute(db);
    await sql`create table media_search_vocab (term text primary key) without rowid`.execute(db);
    await sql`create virtual table media_search_ranked using fts5(
      title, people, description, scope,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    )`.execute(db);
    await sql`create virtual table media_search_title using fts5(
      title, scope,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    )`.execute(db);

    await sql`insert into media_search_keys (media_id, rank)
      select m.id, ${sql.raw(RANK_SQLITE)} from media_items m
      where m.id in (select rowid from media_search)`.execute(db);
    // In key order: FTS5 appends to its doclists fastest when rowids rise.
    await sql`insert into media_search_ranked (rowid, title, people, description, scope)
      select k.rank, s.title, s.people, s.description, 'b' || m.brand_id
      from media_search_keys k
      join media_search s on s.rowid = k.media_id
      join media_items m on m.id = k.media_id
      order by k.rank`.execute(db);
    await sql`insert into media_search_title (rowid, title, scope)
      select k.rank, s.title, 'b' || m.brand_id
      from media_search_keys k
      join media_search s on s.rowid = k.media_id
      join media_items m on m.id = k.media_id
      order by k.rank`.execute(db);
    await sql`create virtual table temp.media_search_old_terms using fts5vocab(main, media_search, col)`.execute(
      db,
    );
    await sql`insert or ignore into media_search_vocab (term)
      select distinct term from temp.media_search_old_terms where col <> 'scope'`.execute(db);
    await sql`drop table temp.media_search_old_terms`.execute(db);

    await sql`drop trigger media_items_search_delete`.execute(db);
    await sql`drop table media_search`.execute(db);
    await sql`alter table media_search_ranked rename to media_search`.execute(db);
    await sql`insert into media_search (media_search) values ('optimize')`.execute(db);
    await sql`insert into media_search_title (media_search_title) values ('optimize')`.execute(db);
    // A virtual table cannot hold a foreign key; this keeps deleted titles out of search results.
    await sql`create trigger media_items_search_delete after delete on media_items begin
      delete from media_search where rowid = (select rank from media_search_keys where media_id = old.id);
      delete from media_search_title where rowid = (select rank from media_search_keys where media_id = old.id);
      delete from media_search_keys where media_id = old.id;
    end`.execute(db);
    return;
  }

  await sql`create table media_search_ranked (
    media_id integer primary key references media_items(id) on delete cascade,
    brand_id integer not null,
    media_type text not null,
    rank bigint not null,
    title_document tsvector not null,
    document tsvector not null
  )`.execute(db);
  // Migration 0003 weighted title words A: they are the title document.
  await sql`insert into media_search_ranked (media_id, brand_id, media_type, rank, title_document, document)
    select m.id, m.brand_id, m.media_type, ${sql.raw(RANK_POSTGRES)}, ts_filter(s.document, '{a}'), s.document
    from media_search s join media_items m on m.id = s.media_id`.execute(db);
  await sql`drop table media_search`.execute(db);
  await sql`alter table media_search_ranked rename to media_search`.execute(db);
  await sql`alter index media_search_ranked_pkey rename to media_search_pkey`.execute(db);
  await sql`create index media_search_rank on media_search (brand_id, media_type, rank)`.execute(db);
  await sql`create index media_search_title_document on media_search using gin (title_document)`.execute(db);
  await sql`create index media_search_document on media_search using gin (document)`.execute(db);
  // The repository picks a plan from these lexeme statistics (catalog.search-query.ts): a longer list
  // of most common lexemes tells a word in 2 % of titles from a rare one.
  await sql`alter table media_search alter column title_document set statistics 1000`.execute(db);
  await sql`alter table media_search alter column document set statistics 1000`.execute(db);
  await sql`analyze media_search`.execute(db);
}

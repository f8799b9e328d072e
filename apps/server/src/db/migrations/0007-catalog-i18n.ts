import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { notNull } from './helpers';

/*
 * Catalog metadata in the brand's languages, seed markers and imported files (issue 3, parts 4 and 5;
 * docs/decisions/005-catalog-search.md).
 *
 * - `media_translations`: a title's title and description in one locale (`fr-ca`, `ja-jp`, ...). The
 *   row in `media_items` is the original; a locale without a row reads the original. Lists join it by
 *   primary key `(media_id, locale)`, so a translated page is still one statement.
 * - `genre_translations`: a genre's name in one locale, read the same way.
 * - `catalog_seeds`: one row per brand whose demo catalog is complete, written in the same
 *   transaction as the brand's last title, so a first start interrupted during seeding leaves either
 *   a whole catalog or none, and the next start knows which. Brands whose older, non-atomic seed
 *   finished (it wrote the 'seasonal_winter' shelf last) are marked here.
 * - `media_imports`: the content hash of each imported file and the title it became, so importing
 *   the same folder again changes nothing.
 * - Search is scoped to a brand inside the index, so a capped candidate scan never fills up with
 *   another brand's titles: on SQLite `media_search` is rebuilt with a `scope` column (`b<brand id>`)
 *   and prefix indexes for 2 and 3 characters (type-ahead); on PostgreSQL each document gains the
 *   lexeme `brand-<id>`, which no query word can produce (query words are letters and digits only).
 */

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('media_translations')
    .addColumn('media_id', 'integer', (col) => col.notNull().references('media_items.id').onDelete('cascade'))
    .addColumn('locale', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text')
    .addPrimaryKeyConstraint('media_translations_pk', ['media_id', 'locale'])
    .execute();

  await db.schema
    .createTable('genre_translations')
    .addColumn('genre_id', 'integer', (col) => col.notNull().references('genres.id').onDelete('cascade'))
    .addColumn('locale', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addPrimaryKeyConstraint('genre_translations_pk', ['genre_id', 'locale'])
    .execute();

  await db.schema
    .createTable('catalog_seeds')
    .addColumn('brand_id', 'integer', (col) => col.primaryKey().references('brands.id').onDelete('cascade'))
    .addColumn('seed', 'integer', notNull)
    .addColumn('titles', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  // The seed before this migration wrote the 'seasonal_winter' shelf last: a brand that has it holds a
  // complete demo catalog. One without it (an interrupted seed) is left unmarked and seeded again.
  await sql`insert into catalog_seeds (brand_id, seed, titles, created_at)
    select m.brand_id, 0, count(*), ${new Date().toISOString()}
    from media_items m
    where m.parent_id is null and m.vendor_id like 'demo-%'
      and exists (select 1 from slots s where s.brand_id = m.brand_id and s.slug = 'seasonal_winter')
    group by m.brand_id`.execute(db);

  await db.schema
    .createTable('media_imports')
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('content_hash', 'text', notNull)
    .addColumn('media_id', 'integer', (col) => col.notNull().references('media_items.id').onDelete('cascade'))
    .addColumn('source_name', 'text', notNull)
    .addColumn('stored_path', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('media_imports_pk', ['brand_id', 'content_hash'])
    .execute();

  if (dialect === 'sqlite') {
    await sql`create virtual table media_search_scoped using fts5(
      title, people, description, scope,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    )`.execute(db);
    await sql`insert into media_search_scoped (rowid, title, people, description, scope)
      select s.rowid, s.title, s.people, s.description, 'b' || m.brand_id
      from media_search s join media_items m on m.id = s.rowid`.execute(db);
    await sql`drop trigger media_items_search_delete`.execute(db);
    await sql`drop table media_search`.execute(db);
    await sql`alter table media_search_scoped rename to media_search`.execute(db);
    await sql`create trigger media_items_search_delete after delete on media_items begin
      delete from media_search where rowid = old.id;
    end`.execute(db);
  } else {
    await sql`update media_search s
      set document = s.document || (('brand-' || m.brand_id)::tsvector)
      from media_items m where m.id = s.media_id`.execute(db);
  }
}

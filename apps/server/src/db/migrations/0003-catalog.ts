import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

/*
 * The catalog (spec section 3, issue 3; docs/decisions/005-catalog-search.md).
 *
 * - One `media_items` table for the seven media types. Fields every type has, and fields lists sort or
 *   filter on, are columns; the remaining per-type fields (isbn, upc, edition, numPages, publisher,
 *   copyright, seasonNumber, episodeNumber, type, languages, live schedule) are JSON text in `details`.
 * - Tracks, episodes and chapters are media items too (they have their own title, duration, people,
 *   genres and playback key), attached to their album, series or audiobook by `parent_id`, ordered by
 *   `position` (track, episode or chapter number). Lists and search show top-level items only.
 * - `release_sort` is the non-null key of "new releases": the release date, or 1 January of the
 *   release year, or '0000-00-00'. Keyset cursors need a key without nulls to compare against.
 * - `media_genres` holds a title's own genres (`is_direct` = 1) and their ancestors (0), so the page
 *   of a parent genre lists its subgenres' titles exactly once. It carries copies of `brand_id` and
 *   `release_sort` so a genre page is a range scan of one index, however deep the page.
 * - `geo_allow` is a JSON list of ISO countries, or null for everywhere.
 * - Search lives in `media_search`: an FTS5 table on SQLite and a tsvector table on PostgreSQL.
 */

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('media_items'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('media_type', 'text', notNull)
    .addColumn('parent_id', 'integer', (col) => col.references('media_items.id').onDelete('cascade'))
    .addColumn('position', 'integer')
    .addColumn('title', 'text', notNull)
    .addColumn('slug', 'text', notNull)
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('thumbnail_origin', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('thumbnail_path', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('thumbnail_cache_index', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_free', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('vendor_id', 'text')
    .addColumn('playback_key', 'text')
    .addColumn('release_date', 'text')
    .addColumn('release_year', 'integer')
    .addColumn('release_sort', 'text', notNull)
    .addColumn('duration_seconds', 'integer')
    .addColumn('language', 'text')
    .addColumn('country_of_origin', 'text')
    .addColumn('quality', 'text')
    .addColumn('popularity', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('staff_pick', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('geo_allow', 'text')
    .addColumn('details', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  // A detail is read by primary key and checked against brand and type on the row, so it needs no
  // index of its own. Shelves are top-level items only; partial indexes leave children out of them.
  await db.schema
    .createIndex('media_items_new_releases')
    .on('media_items')
    .columns(['brand_id', 'media_type', 'release_sort desc', 'id desc'])
    .where(sql.ref('parent_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('media_items_popular')
    .on('media_items')
    .columns(['brand_id', 'media_type', 'popularity desc', 'id desc'])
    .where(sql.ref('parent_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('media_items_children')
    .on('media_items')
    .columns(['parent_id', 'position', 'id'])
    .execute();

  await withId(db.schema.createTable('people'), dialect)
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', notNull)
    .execute();

  await db.schema
    .createTable('media_people')
    .addColumn('media_id', 'integer', (col) => col.notNull().references('media_items.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('role', 'text', notNull)
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('media_people_pk', ['media_id', 'role', 'person_id'])
    .execute();
  await db.schema.createIndex('media_people_person').on('media_people').column('person_id').execute();

  await withId(db.schema.createTable('genres'), dialect)
    .addColumn('media_type', 'text', notNull)
    .addColumn('slug', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('parent_id', 'integer', (col) => col.references('genres.id').onDelete('set null'))
    .addUniqueConstraint('genres_type_slug', ['media_type', 'slug'])
    .execute();

  await db.schema
    .createTable('media_genres')
    .addColumn('media_id', 'integer', (col) => col.notNull().references('media_items.id').onDelete('cascade'))
    .addColumn('genre_id', 'integer', (col) => col.notNull().references('genres.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', notNull)
    .addColumn('release_sort', 'text', notNull)
    .addColumn('is_direct', 'integer', notNull)
    .addPrimaryKeyConstraint('media_genres_pk', ['media_id', 'genre_id'])
    .execute();
  await db.schema
    .createIndex('media_genres_page')
    .on('media_genres')
    .columns(['genre_id', 'brand_id', 'release_sort desc', 'media_id desc'])
    .execute();

  await withId(db.schema.createTable('slots'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('slug', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('media_type', 'text', notNull)
    .addColumn('properties', 'text', (col) => col.notNull().defaultTo('{}'))
    .addUniqueConstraint('slots_brand_slug', ['brand_id', 'slug'])
    .execute();

  await db.schema
    .createTable('slot_items')
    .addColumn('slot_id', 'integer', (col) => col.notNull().references('slots.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (col) => col.notNull().references('media_items.id').onDelete('cascade'))
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('slot_items_pk', ['slot_id', 'media_id'])
    .execute();
  await db.schema
    .createIndex('slot_items_order')
    .on('slot_items')
    .columns(['slot_id', 'position', 'media_id'])
    .execute();
  await db.schema.createIndex('slot_items_media').on('slot_items').column('media_id').execute();

  if (dialect === 'sqlite') {
    // The FTS5 rowid is the media item id. Text is accent-folded by the repository before it is
    // indexed (so both engines fold alike); remove_diacritics also covers rows written by other tools.
    await sql`create virtual table media_search using fts5(
      title, people, description,
      tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
    // A virtual table cannot hold a foreign key; this keeps deleted titles out of search results.
    await sql`create trigger media_items_search_delete after delete on media_items begin
      delete from media_search where rowid = old.id;
    end`.execute(db);
  } else {
    // The 'simple' configuration: no stemming or stop words, so prefix queries behave as on SQLite;
    // accents are folded by the repository, not by the unaccent extension (not installable everywhere).
    await sql`create table media_search (
      media_id integer primary key references media_items(id) on delete cascade,
      document tsvector not null
    )`.execute(db);
    await sql`create index media_search_document on media_search using gin (document)`.execute(db);
  }
}

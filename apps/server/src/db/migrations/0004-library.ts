import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

/*
 * The member's library (spec section 3: collection and history entries, playlists; section 7:
 * content.updateMediaProgress). Every row carries brand_id and member_id and every read filters by both.
 *
 * - `library_entries` holds the collection (`list` = 'collection') and the play history ('history'):
 *   one row per member, list and title (unique), so adding twice keeps one entry. Title, artist,
 *   duration and thumbnail are the catalog's values when the entry was written (the client's are never
 *   stored); an entry outlives a title that leaves the catalog, so media_id is not a foreign key.
 *   Re-adding to history deletes and inserts the row, so `id` grows with recency and breaks ties of
 *   equal `added_at` millisecond timestamps.
 * - `playlists` and `playlist_tracks` (ordered by `position`, one row per track and playlist).
 * - `media_progress`: one row per member and title (unique), upserted; a write only replaces a row whose
 *   `updated_at` is not newer, so the last write by timestamp wins under concurrent updates.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const member = (col: Parameters<typeof notNull>[0]) =>
    col.notNull().references('members.id').onDelete('cascade');
  const brand = (col: Parameters<typeof notNull>[0]) =>
    col.notNull().references('brands.id').onDelete('cascade');

  await withId(db.schema.createTable('library_entries'), dialect)
    .addColumn('brand_id', 'integer', brand)
    .addColumn('member_id', 'integer', member)
    .addColumn('list', 'text', notNull)
    .addColumn('media_type', 'text', notNull)
    .addColumn('media_id', 'integer', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('artist', 'text')
    .addColumn('duration_seconds', 'integer')
    .addColumn('thumbnail_origin', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('thumbnail_path', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('thumbnail_cache_index', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('added_at', 'text', notNull)
    .addUniqueConstraint('library_entries_member_item', ['member_id', 'list', 'media_type', 'media_id'])
    .addCheckConstraint('library_entries_list', sql`list in ('collection', 'history')`)
    .execute();
  await db.schema
    .createIndex('library_entries_recent')
    .on('library_entries')
    .columns(['member_id', 'list', 'added_at desc', 'id desc'])
    .execute();

  await withId(db.schema.createTable('playlists'), dialect)
    .addColumn('brand_id', 'integer', brand)
    .addColumn('member_id', 'integer', member)
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('playlists_member').on('playlists').columns(['member_id', 'id']).execute();

  await db.schema
    .createTable('playlist_tracks')
    .addColumn('playlist_id', 'integer', (col) =>
      col.notNull().references('playlists.id').onDelete('cascade'),
    )
    .addColumn('media_id', 'integer', notNull)
    .addColumn('position', 'integer', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('artist', 'text')
    .addColumn('album_title', 'text')
    .addColumn('duration_seconds', 'integer')
    .addColumn('thumbnail_origin', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('thumbnail_path', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('thumbnail_cache_index', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('added_at', 'text', notNull)
    .addPrimaryKeyConstraint('playlist_tracks_pk', ['playlist_id', 'media_id'])
    .execute();
  await db.schema
    .createIndex('playlist_tracks_order')
    .on('playlist_tracks')
    .columns(['playlist_id', 'position'])
    .execute();

  await db.schema
    .createTable('media_progress')
    .addColumn('brand_id', 'integer', brand)
    .addColumn('member_id', 'integer', member)
    .addColumn('media_type', 'text', notNull)
    .addColumn('media_id', 'integer', notNull)
    .addColumn('progress', dialect === 'postgres' ? 'double precision' : 'real', notNull)
    .addColumn('position', 'text')
    .addColumn('finished', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', notNull)
    .addPrimaryKeyConstraint('media_progress_pk', ['member_id', 'media_type', 'media_id'])
    .execute();
  await db.schema
    .createIndex('media_progress_recent')
    .on('media_progress')
    .columns(['member_id', 'finished', 'updated_at desc'])
    .execute();
}

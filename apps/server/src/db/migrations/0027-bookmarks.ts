import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

/*
 * Issue 14 item 11 (decision 037): the member's bookmarks in audiobooks and books, on the server so they
 * follow the member to any device. One row per bookmark, carrying brand_id and member_id (every read
 * filters by both); `position` is seconds in an audiobook and the fraction read in an ebook, whose EPUB
 * CFI is `location`. `position_key` names the place ("t:83.5", or "c:" and the CFI), and is unique per
 * member and title, so a bookmark added twice (a double click, a retried request) is one bookmark.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('bookmarks'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('media_type', 'text', notNull)
    .addColumn('media_id', 'integer', notNull)
    .addColumn('position', dialect === 'postgres' ? 'double precision' : 'real', notNull)
    .addColumn('location', 'text')
    .addColumn('position_key', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('bookmarks_member_place', ['member_id', 'media_type', 'media_id', 'position_key'])
    .addCheckConstraint('bookmarks_media_type', sql`media_type in ('audiobook', 'ebook')`)
    .execute();
  await db.schema
    .createIndex('bookmarks_member_title')
    .on('bookmarks')
    .columns(['member_id', 'media_type', 'media_id', 'position'])
    .execute();
}

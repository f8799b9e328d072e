import type { Kysely } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

/*
 * Issue 14 item 7 (docs/decisions/036): a member's reminders for broadcasts still to come. A reminder
 * names the stream and the broadcast's start (a stream's schedule may hold several broadcasts); one per
 * member and broadcast (`live_reminders_once`), so setting it twice keeps one row.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('live_reminders'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (col) => col.notNull().references('media_items.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('live_reminders_once', ['brand_id', 'member_id', 'media_id', 'starts_at'])
    .execute();
}

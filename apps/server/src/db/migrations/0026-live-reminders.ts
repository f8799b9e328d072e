import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

/*
 * Issue 14 item 7 (docs/decisions/036): a member's reminders for broadcasts still to come. A reminder
 * names the stream and the broadcast's start (a stream's schedule may hold several broadcasts); one per
 * member and broadcast (`live_reminders_once`), so setting it twice keeps one row. The reminders job
 * mails each one shortly before its start: `ends_at` (the broadcast's end when it was set) keeps an
 * ended broadcast out of the job's query, `origin` is the public origin of the page it was set on (the
 * mail's link), and `mailed_at` is set in the transaction that writes its mail, by a conditional
 * UPDATE, so it is mailed once whatever the number of servers. The partial index holds only the
 * reminders still to mail, in start order.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('live_reminders'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (col) => col.notNull().references('media_items.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', notNull)
    .addColumn('ends_at', 'text', notNull)
    .addColumn('origin', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('mailed_at', 'text')
    .addUniqueConstraint('live_reminders_once', ['brand_id', 'member_id', 'media_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('live_reminders_to_mail')
    .on('live_reminders')
    .columns(['starts_at', 'id'])
    .where(sql.ref('mailed_at'), 'is', null)
    .execute();
}

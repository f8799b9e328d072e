import type { Kysely } from 'kysely';

import { notNull } from './helpers';

/*
 * Issue 14 item 5 (docs/decisions/035): a purchase paid with a saved card. `saved_card_payments` keeps,
 * per member, the key the web sent with the request and the hosted checkout it paid, so a request
 * repeated with its key (a retry after a lost answer, a double click that opened a second checkout)
 * charges nothing more and answers the first checkout's outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_card_payments')
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('request_key', 'text', notNull)
    .addColumn('checkout_id', 'text', notNull)
    .addColumn('payment_method_id', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('saved_card_payments_pk', ['brand_id', 'member_id', 'request_key'])
    .execute();
}

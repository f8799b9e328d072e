import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

/*
 * Payment fulfilment leases and the wrong-password lockout (issue 5; docs/decisions/010).
 *
 * - `payment_fulfilments` gains a lease: `claim` names the runner holding it, `claimed_until` when it
 *   lapses, `completed_at` when the handler finished. A claim not completed by `claimed_until` (the
 *   server died between claim and completion) is taken again by the next webhook delivery or by the
 *   billing job's sweep, up to `attempts` 5 (then it waits for an operator). Rows written before this
 *   migration were completed: they get `completed_at`.
 * - `checkouts` gains the provider's hosted session (Stripe Checkout) and `returned_at`, set once by
 *   the first return from it, the one that may sign a new member in.
 * - `password_attempts`: one row per check of a member's current password (change email, change
 *   password, deactivation) that failed or is in flight. Five rows within 15 minutes refuse further
 *   checks; the rows live in the database so every server behind a load balancer counts the same.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('payment_fulfilments').addColumn('claim', 'text').execute();
  await db.schema.alterTable('payment_fulfilments').addColumn('claimed_until', 'text').execute();
  await db.schema.alterTable('payment_fulfilments').addColumn('completed_at', 'text').execute();
  await db.schema
    .alterTable('payment_fulfilments')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await sql`UPDATE payment_fulfilments SET completed_at = created_at`.execute(db);
  await db.schema
    .createIndex('payment_fulfilments_open')
    .on('payment_fulfilments')
    .columns(['completed_at', 'claimed_until'])
    .execute();

  await db.schema.alterTable('checkouts').addColumn('provider_session_id', 'text').execute();
  await db.schema.alterTable('checkouts').addColumn('returned_at', 'text').execute();

  await withId(db.schema.createTable('password_attempts'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('action', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('password_attempts_member')
    .on('password_attempts')
    .columns(['member_id', 'created_at'])
    .execute();
}

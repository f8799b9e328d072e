import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { withId } from './helpers';

/**
 * Wallet (spec sections 3 and 7), account extras (shipping addresses, orders) and recovery.
 *
 * - `coin_ledger` is append-only: one row per credit (positive) or spend (negative) with the balance
 *   it left and an idempotency key unique per brand, so a retried credit or spend applies once.
 *   `wallets.balance` is a cache of the ledger's sum, changed only in the same transaction as the
 *   ledger row by a conditional UPDATE (`balance >= amount`), and a check keeps it from going negative.
 * - Every member-owned row cascades from `members`, so deleting an account deletes its data.
 * - Reset keys are stored only as SHA-256 hashes; the usable key exists only in the mail (the outbox
 *   row the dev viewer reads), and it expires and is single-use.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('wallets')
    .addColumn('member_id', 'integer', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('wallets_balance_not_negative', sql`balance >= 0`)
    .execute();

  await withId(db.schema.createTable('coin_ledger'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('balance_after', 'integer', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('coin_ledger_amount_not_zero', sql`amount <> 0`)
    .addCheckConstraint('coin_ledger_balance_not_negative', sql`balance_after >= 0`)
    .addUniqueConstraint('coin_ledger_idempotency', ['brand_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('coin_ledger_member').on('coin_ledger').columns(['member_id', 'id']).execute();

  await withId(db.schema.createTable('shipping_addresses'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('apartment', 'text')
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('postcode', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('shipping_addresses_member')
    .on('shipping_addresses')
    .columns(['member_id', 'id'])
    .execute();

  // Orders come from the marketplace (a later issue); amounts are integer minor units of `currency`.
  await withId(db.schema.createTable('orders'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('subtotal', 'integer', (col) => col.notNull())
    .addColumn('delivery_fee', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('free_gift', 'text')
    .addColumn('shipping_info', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_member').on('orders').columns(['member_id', 'created_at']).execute();

  await withId(db.schema.createTable('order_items'), dialect)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('unit_price', 'integer', (col) => col.notNull())
    .addColumn('image', 'text')
    .addCheckConstraint('order_items_quantity_positive', sql`quantity > 0`)
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

  await withId(db.schema.createTable('password_reset_keys'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_reset_keys_member')
    .on('password_reset_keys')
    .column('member_id')
    .execute();

  // The resized profile picture (PNG, base64 text so both engines store it alike, ~100 KB at most);
  // in the database rather than on disk so every server behind a load balancer can serve it.
  await db.schema
    .createTable('member_avatars')
    .addColumn('member_id', 'integer', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // Mail the server sends (reset links); the dev viewer reads it, and SMTP delivery marks it sent.
  await withId(db.schema.createTable('mail_outbox'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.references('members.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_created').on('mail_outbox').columns(['brand_id', 'id']).execute();

  // Recovery requests (forgot password, forgot email) per brand, IP and subject, for rate limits.
  await withId(db.schema.createTable('recovery_attempts'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('recovery_attempts_lookup')
    .on('recovery_attempts')
    .columns(['brand_id', 'kind', 'created_at'])
    .execute();

  // Recovery by card (spec section 5) needs the first 6 digits (the card's IIN) next to the last 4
  // that 0005-payments keeps; the payment providers fill it when a card is saved.
  await db.schema.alterTable('payment_methods').addColumn('cc_first6', 'text').execute();
  await db.schema
    .createIndex('payment_methods_card_digits')
    .on('payment_methods')
    .columns(['brand_id', 'cc_last', 'cc_first6'])
    .execute();
}

import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

/**
 * Payments, sign-up and the subscription lifecycle (issue 5).
 *
 * - `sandbox_objects`: the built-in sandbox provider's own store, shaped like Stripe objects
 *   (customers, setup intents, payment methods, payment intents), one JSON document per object id.
 * - `payment_customers`: the provider customer of a member (one per brand, member and provider).
 * - `payment_methods`: the cards a member saved, as the provider reported them (never a full number).
 * - `checkouts`: one hosted payment page each; the server's own record of what is being paid for.
 * - `payments`: every verified charge (the billing history), unique per provider payment id.
 * - `payment_fulfilments`: claims that run a purpose's handler exactly once per payment.
 * - `webhook_events`: provider events already received, so a redelivered event is processed once.
 * - `signups`: a visitor's pending sign-up until its payment is verified (then the member exists).
 * - `subscriptions` gains the plan price, the renewal lease (`renewal_claimed_until`, `renewal_claim`)
 *   and `purge_after` (details are kept 10 months after cancellation).
 * Amounts are integer minor units; timestamps are ISO-8601 UTC text (docs/decisions/002).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sandbox_objects')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', notNull)
    .addColumn('data', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('payment_customers')
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('provider', 'text', notNull)
    .addColumn('customer_id', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('payment_customers_pk', ['brand_id', 'member_id', 'provider'])
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('brand_id', 'integer', notNull)
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('provider', 'text', notNull)
    .addColumn('cc_type', 'text', notNull)
    .addColumn('cc_last', 'text', notNull)
    .addColumn('exp_month', 'integer', notNull)
    .addColumn('exp_year', 'integer', notNull)
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('payment_methods_member')
    .on('payment_methods')
    .columns(['brand_id', 'member_id'])
    .execute();

  await db.schema
    .createTable('checkouts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.references('members.id').onDelete('cascade'))
    .addColumn('purpose', 'text', notNull)
    .addColumn('amount_minor', 'integer', notNull)
    .addColumn('currency', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('metadata', 'text', notNull)
    .addColumn('return_path', 'text', notNull)
    .addColumn('locale', 'text', notNull)
    .addColumn('provider', 'text', notNull)
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('payment_intent_id', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addCheckConstraint('checkouts_status', sql`status in ('open', 'processing', 'succeeded', 'expired')`)
    .addCheckConstraint('checkouts_amount', sql`amount_minor > 0`)
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('brand_id', 'integer', notNull)
    .addColumn('member_id', 'integer')
    .addColumn('provider', 'text', notNull)
    .addColumn('provider_payment_id', 'text', notNull)
    .addColumn('checkout_id', 'text')
    .addColumn('subscription_id', 'integer')
    .addColumn('purpose', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('amount_minor', 'integer', notNull)
    .addColumn('currency', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('metadata', 'text', notNull)
    .addColumn('failure_code', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('payments_provider_payment', ['provider', 'provider_payment_id'])
    .addUniqueConstraint('payments_idempotency', ['idempotency_key'])
    .addCheckConstraint('payments_status', sql`status in ('succeeded', 'failed')`)
    .execute();
  await db.schema
    .createIndex('payments_member')
    .on('payments')
    .columns(['brand_id', 'member_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('payment_fulfilments')
    .addColumn('payment_id', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('received_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('signups'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('email', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('password_hash', 'text', notNull)
    .addColumn('language', 'text', notNull)
    .addColumn('timezone', 'text', notNull)
    .addColumn('plan_id', 'integer', notNull)
    .addColumn('subscription_ref_id', 'text', (col) => col.notNull().unique())
    .addColumn('checkout_id', 'text', notNull)
    .addColumn('member_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .alterTable('subscriptions')
    .addColumn('price_minor', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('renewal_claim', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('renewal_claimed_until', 'text').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('renewal_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('purge_after', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('cancel_option', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('retention_offer_at', 'text').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('renewal_discount_percent', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('subscriptions_next_billing')
    .on('subscriptions')
    .columns(['is_active', 'next_billing_date'])
    .execute();
}

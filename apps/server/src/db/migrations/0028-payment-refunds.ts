import type { Kysely } from 'kysely';

import { notNull } from './helpers';

/*
 * Issue 17 (docs/decisions/038): refunds sent to the payment provider. A refund is written here, in the
 * transaction that makes it owed (an order cancelled), before the provider is asked; the provider's
 * answer settles it. `idempotency_key` is unique, so what owes a refund owes it once, and the same key
 * goes to the provider, so a retried request refunds once there too. A refund the provider has not
 * accepted stays `pending` and the billing job sends it again (`attempts`, `last_error`); a sender holds
 * it with `claimed_until` while its request is in flight.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('brand_id', 'integer', notNull)
    .addColumn('member_id', 'integer')
    .addColumn('payment_id', 'text', (col) => col.notNull().references('payments.id'))
    .addColumn('provider', 'text', notNull)
    .addColumn('provider_refund_id', 'text')
    .addColumn('amount_minor', 'integer', notNull)
    .addColumn('currency', 'text', notNull)
    .addColumn('reason', 'text', notNull)
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', notNull)
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('payment_refunds_pending')
    .on('payment_refunds')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('payment_refunds_payment').on('payment_refunds').column('payment_id').execute();
}

import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { notNull } from './helpers';

/*
 * Payments are recorded before the provider is asked to charge (issue 12, item 8; decision 013).
 *
 * - `payments.status` gains `pending`: the row is written with the idempotency key sent to the
 *   provider, then the charge is made, then the row is settled (`succeeded` or `failed`). A server
 *   that dies in between leaves a pending row, which the billing job reconciles with the provider.
 * - `payments.provider_payment_id` may be empty while pending (the provider has not named the intent
 *   yet; a unique constraint admits several empty values on both engines).
 * - Indexes for the reconciliation's two scans: pending payments and `processing` checkouts by age.
 *
 * SQLite cannot change a column's NOT NULL or a CHECK constraint in place, so its table is rebuilt
 * (no foreign key points at `payments`) inside the migration's transaction (db/database.ts runs SQLite
 * DDL in transactions); PostgreSQL alters it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`ALTER TABLE payments DROP CONSTRAINT payments_status`.execute(db);
    await sql`ALTER TABLE payments ADD CONSTRAINT payments_status CHECK (status in ('pending', 'succeeded', 'failed'))`.execute(
      db,
    );
    await sql`ALTER TABLE payments ALTER COLUMN provider_payment_id DROP NOT NULL`.execute(db);
  } else {
    await rebuildSqlitePayments(db);
  }
  await db.schema
    .createIndex('payments_status_age')
    .on('payments')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('checkouts_status_age')
    .on('checkouts')
    .columns(['status', 'updated_at'])
    .execute();
}

async function rebuildSqlitePayments(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments_0013')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('brand_id', 'integer', notNull)
    .addColumn('member_id', 'integer')
    .addColumn('provider', 'text', notNull)
    .addColumn('provider_payment_id', 'text')
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
    .addCheckConstraint('payments_status', sql`status in ('pending', 'succeeded', 'failed')`)
    .execute();
  await sql`INSERT INTO payments_0013 (id, brand_id, member_id, provider, provider_payment_id,
      checkout_id, subscription_id, purpose, status, amount_minor, currency, description, metadata,
      failure_code, idempotency_key, created_at)
      SELECT id, brand_id, member_id, provider, provider_payment_id, checkout_id, subscription_id,
      purpose, status, amount_minor, currency, description, metadata, failure_code, idempotency_key,
      created_at FROM payments`.execute(db);
  await sql`DROP TABLE payments`.execute(db);
  await sql`ALTER TABLE payments_0013 RENAME TO payments`.execute(db);
  await db.schema
    .createIndex('payments_member')
    .on('payments')
    .columns(['brand_id', 'member_id', 'created_at'])
    .execute();
}

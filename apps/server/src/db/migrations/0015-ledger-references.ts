import { type Kysely, sql } from 'kysely';

/*
 * Issue 13, item 2 (docs/decisions/018): every coin ledger line says what it paid for or where its
 * coins came from, as a reference (`reference_kind`, `reference_id`): `payment` and the payment's id
 * for coins bought, `order` and the order's id for an order paid with coins. Lines written before this
 * migration that bought coins name their payment (their idempotency key is `payment:<id>`); the others
 * cannot be told apart and are `unknown`, with their idempotency key as the id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('coin_ledger')
    .addColumn('reference_kind', 'text', (col) => col.notNull().defaultTo('unknown'))
    .execute();
  await db.schema
    .alterTable('coin_ledger')
    .addColumn('reference_id', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`
    update coin_ledger
    set reference_kind = 'payment', reference_id = substr(idempotency_key, 9) -- after 'payment:'
    where source = 'payment' and idempotency_key like 'payment:%'
  `.execute(db);
  await sql`update coin_ledger set reference_id = idempotency_key where reference_kind = 'unknown'`.execute(
    db,
  );
  await db.schema
    .createIndex('coin_ledger_reference')
    .on('coin_ledger')
    .columns(['brand_id', 'reference_kind', 'reference_id'])
    .execute();
}

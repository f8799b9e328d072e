import type { Kysely } from 'kysely';

/*
 * Issue 15 (docs/decisions/034).
 *
 * - Item 7: an operator deactivates a member (`member:deactivate`): the member cannot sign in and every
 *   session ends, until `member:reactivate`. The account and its records (orders, payments, coins) stay.
 * - Item 6: `schema_breaks` lists the migrations the previous release cannot read as they are applied,
 *   so a release rolled back onto a database it cannot read refuses to start (db/migrate.ts).
 *
 * Additive: the previous release ignores the columns and the table (a deactivated member could sign in
 * there again after a rollback; decision 034 says so), so it is not breaking.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('deactivated_at', 'text').execute();
  await db.schema.alterTable('members').addColumn('deactivation_reason', 'text').execute();
  await db.schema
    .createTable('schema_breaks')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('applied_at', 'text', (col) => col.notNull())
    .execute();
}

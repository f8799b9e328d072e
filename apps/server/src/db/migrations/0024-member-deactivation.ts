import type { Kysely } from 'kysely';

/*
 * Issue 15, item 7 (docs/decisions/034): an operator deactivates a member (`member:deactivate`): the
 * member cannot sign in and every session ends, until `member:reactivate`. The account and its records
 * (orders, payments, coins) stay. Additive: the previous release ignores the columns (a deactivated
 * member could sign in there again after a rollback; decision 034 says so), so it is not breaking.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('deactivated_at', 'text').execute();
  await db.schema.alterTable('members').addColumn('deactivation_reason', 'text').execute();
}

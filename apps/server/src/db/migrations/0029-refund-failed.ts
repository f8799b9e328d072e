import type { Kysely } from 'kysely';

/*
 * Issue 17 (docs/decisions/038, "Refunds that fail after they were accepted"): a refund the provider
 * accepted may fail later (Stripe's `refund.failed`: a closed card). `payment_refunds.status` gains
 * `failed`; the column is text without a CHECK constraint (0028), so the new value needs no rebuild on
 * either engine. An operator may send a failed refund again (`payments:refunds --retry`): the provider
 * remembers the first key's failed answer, so each resend goes with the key plus `:resend-<resends>`,
 * counted here. Additive: the previous release reads and writes these rows as before (its inserts take
 * the default, and it never selects `failed` rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payment_refunds')
    .addColumn('resends', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

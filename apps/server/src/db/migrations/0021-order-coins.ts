import type { Kysely } from 'kysely';

/*
 * Issue 17 (docs/decisions/031): coins paying part of a marketplace order. The checkout keeps the
 * coins the server decided to take and what they are worth (so the card pays `total − value`), and the
 * order keeps them too, so that cancelling it gives exactly those coins back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['shop_checkouts', 'orders']) {
    await db.schema
      .alterTable(table)
      .addColumn('coins', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('coins_value_minor', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
}

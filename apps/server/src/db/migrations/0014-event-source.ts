import { type Kysely, sql } from 'kysely';

/*
 * Issue 12, item 9 (docs/decisions/014): every event says who wrote it, `server` (raised by the server
 * itself: sign-in, sign-out, account changes, play starts) or `client` (posted to /api/event), so a
 * caller's event can never pass for the server's. Rows written before this migration cannot be told
 * apart and are `unknown`. Client consumption events name a title by its vendor id; the index finds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('source', 'text', (col) =>
      col
        .notNull()
        .defaultTo('unknown')
        .check(sql`source in ('server', 'client', 'unknown')`),
    )
    .execute();
  await db.schema
    .createIndex('media_items_brand_vendor')
    .on('media_items')
    .columns(['brand_id', 'vendor_id'])
    .execute();
}

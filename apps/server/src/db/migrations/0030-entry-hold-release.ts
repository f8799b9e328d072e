import { type Kysely, sql } from 'kysely';

import { notNull } from './helpers';

/*
 * Decision 023: a giveaway's cap holds by reservation, and now each checkout's hold is a row, so the
 * billing job can give back the hold of a checkout that expired unpaid exactly once. `released_at`
 * (given back), `taken_at` (a verified payment owns the entries) and `refunded_at` (a payment after the
 * release found the cap full) are each set by one conditional UPDATE, so the sweep and a payment never
 * both decide a hold.
 *
 * Holds of checkouts opened before this migration are recorded from their checkouts: the entries and
 * the giveaway the server wrote into the metadata of every `entries` checkout and every entry upsell
 * (`triple`, `bonus`) not paid yet. A checkout with a succeeded payment already turned its hold into sold
 * entries (or will, when its handler runs) and gets no row: its payment grants as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sweep_entry_holds')
    .addColumn('checkout_id', 'text', (col) => col.primaryKey())
    .addColumn('brand_id', 'integer', notNull)
    .addColumn('sweep_id', 'integer', (col) => col.notNull().references('sweeps.id'))
    .addColumn('entries', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('released_at', 'text')
    .addColumn('taken_at', 'text')
    .addColumn('refunded_at', 'text')
    .addCheckConstraint('sweep_entry_holds_entries', sql`entries > 0`)
    .execute();
  // The billing job's sweep reads the holds nothing has decided yet.
  await db.schema
    .createIndex('sweep_entry_holds_undecided')
    .on('sweep_entry_holds')
    .columns(['released_at', 'taken_at', 'refunded_at'])
    .execute();

  const checkouts = await sql<{ id: string; brand_id: number; metadata: string; created_at: string }>`
    select c.id, c.brand_id, c.metadata, c.created_at
    from checkouts c
    where c.purpose in ('entries', 'upsell')
      and c.status <> 'succeeded'
      and not exists (
        select 1 from payments p where p.checkout_id = c.id and p.status = 'succeeded'
      )
  `.execute(db);
  for (const checkout of checkouts.rows) {
    const hold = heldEntries(checkout.metadata);
    if (!hold) continue;
    await sql`
      insert into sweep_entry_holds (checkout_id, brand_id, sweep_id, entries, created_at)
      select ${checkout.id}, ${checkout.brand_id}, s.id, ${hold.entries}, ${checkout.created_at}
      from sweeps s where s.id = ${hold.sweepId}
    `.execute(db);
  }
}

/** The giveaway and entries a checkout's metadata held (an access upsell holds none). */
function heldEntries(metadata: string): { sweepId: number; entries: number } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const fields = parsed as Record<string, unknown>;
  const sweepId = Number(fields.sweepId);
  const entries = Number(fields.entries);
  return Number.isSafeInteger(sweepId) && Number.isSafeInteger(entries) && entries > 0
    ? { sweepId, entries }
    : null;
}

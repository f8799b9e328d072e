import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

/*
 * Issue 16 (docs/decisions/023): giveaways (sweeps) with their prices and multipliers, an append-only
 * entry ledger, the auditable draws and the winners' claims.
 *
 * - `sweep_entries` is append-only: one row per grant (free monthly entry, verified payment, postal
 *   envelope), with an idempotency key unique per brand, so a repeated payment event grants once. A
 *   member's cancellation marks monthly-exclusive rows forfeited rather than deleting them.
 * - `sweeps.entries_reserved` counts entries sold or held by an open checkout; a conditional UPDATE
 *   (`entries_reserved + n <= entries`) keeps it under the cap however many purchases run at once.
 * - `sweep_draws` keeps what makes a draw recomputable: the seed's commitment (published when the
 *   sweep is made), the pool hash (published at the close), the seed (published at the draw) and, per
 *   round, the position and the winner.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('sweeps'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('ref_number', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('product_name', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('image', 'text', notNull)
    .addColumn('start_date', 'text', notNull)
    .addColumn('end_date', 'text', notNull)
    .addColumn('start_available_date', 'text', notNull)
    .addColumn('end_available_date', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('monthly_exclusive', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('entries', 'integer')
    .addColumn('entries_reserved', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_entries_sold', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('draw_period', 'text', notNull)
    .addColumn('seed', 'text', notNull)
    .addColumn('seed_commitment', 'text', notNull)
    .addColumn('winner_selected_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addCheckConstraint('sweeps_reserved_within_cap', sql`entries is null or entries_reserved <= entries`)
    .addUniqueConstraint('sweeps_ref_number', ['brand_id', 'ref_number'])
    .execute();
  await db.schema.createIndex('sweeps_brand_end').on('sweeps').columns(['brand_id', 'end_date']).execute();

  await withId(db.schema.createTable('sweep_prices'), dialect)
    .addColumn('sweep_id', 'integer', (col) => col.notNull().references('sweeps.id').onDelete('cascade'))
    .addColumn('currency', 'text', notNull)
    .addColumn('symbol', 'text', notNull)
    .addColumn('country_code', 'text')
    .addColumn('entries', 'integer', notNull)
    .addColumn('amount_minor', 'integer', notNull)
    .execute();
  await db.schema.createIndex('sweep_prices_sweep').on('sweep_prices').column('sweep_id').execute();

  await withId(db.schema.createTable('sweep_multipliers'), dialect)
    .addColumn('sweep_id', 'integer', (col) => col.notNull().references('sweeps.id').onDelete('cascade'))
    .addColumn('currency', 'text', notNull)
    .addColumn('symbol', 'text', notNull)
    .addColumn('country_code', 'text')
    .addColumn('amount_minor', 'integer', notNull)
    .addColumn('multiplier_factor', 'integer', notNull)
    .execute();
  await db.schema.createIndex('sweep_multipliers_sweep').on('sweep_multipliers').column('sweep_id').execute();

  await withId(db.schema.createTable('sweep_entries'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('sweep_id', 'integer', (col) => col.notNull().references('sweeps.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.references('members.id').onDelete('cascade'))
    .addColumn('entrant', 'text', notNull)
    .addColumn('entries', 'integer', notNull)
    .addColumn('amount_minor', 'integer')
    .addColumn('currency', 'text')
    .addColumn('source', 'text', notNull)
    .addColumn('reference_kind', 'text', notNull)
    .addColumn('reference_id', 'text', notNull)
    .addColumn('idempotency_key', 'text', notNull)
    .addColumn('period_key', 'text', notNull)
    .addColumn('forfeited_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addCheckConstraint('sweep_entries_positive', sql`entries > 0`)
    .addUniqueConstraint('sweep_entries_idempotency', ['brand_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('sweep_entries_sweep_entrant')
    .on('sweep_entries')
    .columns(['sweep_id', 'entrant'])
    .execute();
  await db.schema
    .createIndex('sweep_entries_member')
    .on('sweep_entries')
    .columns(['member_id', 'sweep_id'])
    .execute();

  await withId(db.schema.createTable('sweep_draws'), dialect)
    .addColumn('sweep_id', 'integer', (col) => col.notNull().references('sweeps.id').onDelete('cascade'))
    .addColumn('period_key', 'text', notNull)
    .addColumn('outcome', 'text', notNull)
    .addColumn('unique_entrants', 'integer', notNull)
    .addColumn('total_entries', 'integer', notNull)
    .addColumn('pool_hash', 'text', notNull)
    .addColumn('seed', 'text')
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('sweep_draws_period', ['sweep_id', 'period_key'])
    .execute();

  await withId(db.schema.createTable('sweep_winners'), dialect)
    .addColumn('sweep_id', 'integer', (col) => col.notNull().references('sweeps.id').onDelete('cascade'))
    .addColumn('draw_id', 'integer', (col) => col.notNull().references('sweep_draws.id').onDelete('cascade'))
    .addColumn('round', 'integer', notNull)
    .addColumn('position', 'integer', notNull)
    .addColumn('total_entries', 'integer', notNull)
    .addColumn('entrant', 'text', notNull)
    .addColumn('member_id', 'integer', (col) => col.references('members.id').onDelete('set null'))
    .addColumn('status', 'text', notNull)
    .addColumn('claim_deadline', 'text', notNull)
    .addColumn('claim_address', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('displayed_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('sweep_winners_round', ['draw_id', 'round'])
    .execute();
  await db.schema.createIndex('sweep_winners_member').on('sweep_winners').columns(['member_id']).execute();
}

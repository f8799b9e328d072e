import { type Kysely, sql } from 'kysely';

/**
 * Plans (spec section 3) and the member's reference number.
 *
 * - `plans.id` is a plain integer key, not auto-increment: the spec fixes some ids (Champion 147 to
 *   151) and subscriptions, sign-up funnels and payment state refer to plans by id.
 * - A plan with a null `brand_id` is offered on every brand; otherwise only on that brand.
 * - `price_*`, `currency` and `symbol` are the plan's list price; `plan_prices` holds its price in
 *   other currencies, so one plan id can be sold on a USD brand and a CAD brand. A brand offers a plan
 *   only when the plan has a price in the brand's billing currency.
 * - Amounts are integer minor units (cents), never floats.
 */
// No dialect parameter: every column below reads the same on both engines (docs/decisions/002).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('brand_id', 'integer', (col) => col.references('brands.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('group_name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('trial_period_days', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('price_recurring', 'integer', (col) => col.notNull())
    .addColumn('price_initial', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('symbol', 'text', (col) => col.notNull())
    .addColumn('recurring_interval', 'text', (col) => col.notNull())
    .addColumn('recurring_interval_count', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('media_types', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('is_vpn', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('bonus_coins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint(
      'plans_recurring_interval',
      sql`recurring_interval in ('day', 'week', 'month', 'year')`,
    )
    .execute();
  await db.schema.createIndex('plans_brand').on('plans').column('brand_id').execute();

  await db.schema
    .createTable('plan_prices')
    .addColumn('plan_id', 'integer', (col) => col.notNull().references('plans.id').onDelete('cascade'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('symbol', 'text', (col) => col.notNull())
    .addColumn('price_recurring', 'integer', (col) => col.notNull())
    .addColumn('price_initial', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('plan_prices_pk', ['plan_id', 'currency'])
    .execute();

  // A stable, random reference the member quotes to support (spec section 3: referenceNumber). It is
  // nullable so existing rows need no backfill here; the members service assigns one on first read.
  await db.schema.alterTable('members').addColumn('reference_number', 'text').execute();
  await db.schema
    .createIndex('members_reference_number')
    .on('members')
    .column('reference_number')
    .unique()
    .execute();
}

import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { withId } from './helpers';

/*
 * Issue 18, items 1 and 4 (docs/decisions/025): impacts and onboarding.
 *
 * - `impact_categories` and `impact_items` are per brand, edited by the operator's admin commands.
 *   Names and descriptions in the brand's languages are JSON (`langs`), the English text in the row.
 * - `impact_contributions`: one row per contribution, committed in the same transaction as the coin
 *   spend that pays for it (the ledger line references it). `(brand_id, member_id, request_key)` is
 *   unique, so a repeated contribution request adds nothing twice.
 * - `impact_member_targets`: the member's own target per item (the target modal).
 * - `member_badges`: badges granted by the server (the onboarding's Explorer Badge), once each.
 * Every member-owned row cascades from `members`.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('impact_categories'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('langs', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('impact_categories_slug', ['brand_id', 'slug'])
    .execute();

  await withId(db.schema.createTable('impact_items'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('impact_categories.id').onDelete('cascade'),
    )
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('unit', 'text', (col) => col.notNull())
    .addColumn('langs', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('price_per_unit', 'integer', (col) => col.notNull())
    .addColumn('prices', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('target_quantity', 'integer', (col) => col.notNull())
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('impact_items_price_positive', sql`price_per_unit > 0`)
    .addCheckConstraint('impact_items_target_not_negative', sql`target_quantity >= 0`)
    .addUniqueConstraint('impact_items_slug', ['brand_id', 'slug'])
    .execute();
  await db.schema
    .createIndex('impact_items_category')
    .on('impact_items')
    .columns(['category_id', 'position'])
    .execute();

  await withId(db.schema.createTable('impact_contributions'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (col) => col.notNull().references('impact_items.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('coins', 'integer', (col) => col.notNull())
    .addColumn('request_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('impact_contributions_quantity_positive', sql`quantity > 0`)
    .addUniqueConstraint('impact_contributions_request', ['brand_id', 'member_id', 'request_key'])
    .execute();
  await db.schema
    .createIndex('impact_contributions_item')
    .on('impact_contributions')
    .columns(['item_id'])
    .execute();
  await db.schema
    .createIndex('impact_contributions_member')
    .on('impact_contributions')
    .columns(['member_id', 'id'])
    .execute();

  await db.schema
    .createTable('impact_member_targets')
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (col) => col.notNull().references('impact_items.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('target_quantity', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('impact_member_targets_pk', ['member_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('member_badges')
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('badge', 'text', (col) => col.notNull())
    .addColumn('awarded_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('member_badges_pk', ['member_id', 'badge'])
    .execute();
}

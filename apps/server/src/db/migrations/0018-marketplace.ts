import { type Kysely, sql } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

/*
 * Issue 17 (docs/decisions/024): the marketplace. Categories and products per brand (names and
 * descriptions per language, list prices per currency in minor units, stock that a check keeps from
 * going negative), reviews (one per member and product), the member's cart on the server, and the
 * member's checkout, which keeps what each step entered and, once the member pays, the lines and
 * total the server priced (the payment handler places the order from that snapshot, once). Orders
 * gain what a shipped or cancelled order records.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('shop_categories'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('slug', 'text', notNull)
    .addColumn('names', 'text', notNull)
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('shop_categories_brand_slug', ['brand_id', 'slug'])
    .execute();

  await withId(db.schema.createTable('shop_products'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('shop_categories.id').onDelete('cascade'),
    )
    .addColumn('slug', 'text', notNull)
    .addColumn('names', 'text', notNull)
    .addColumn('descriptions', 'text', notNull)
    .addColumn('prices', 'text', notNull)
    .addColumn('images', 'text', notNull)
    .addColumn('stock', 'integer', notNull)
    .addColumn('shippable', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('free_gift_eligible', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addCheckConstraint('shop_products_stock_not_negative', sql`stock >= 0`)
    .addUniqueConstraint('shop_products_brand_slug', ['brand_id', 'slug'])
    .execute();
  await db.schema
    .createIndex('shop_products_category')
    .on('shop_products')
    .columns(['brand_id', 'category_id', 'id'])
    .execute();

  await withId(db.schema.createTable('shop_reviews'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) =>
      col.notNull().references('shop_products.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('rating', 'integer', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addCheckConstraint('shop_reviews_rating', sql`rating between 1 and 5`)
    .addUniqueConstraint('shop_reviews_one_per_member', ['product_id', 'member_id'])
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) =>
      col.notNull().references('shop_products.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addPrimaryKeyConstraint('cart_items_pk', ['member_id', 'product_id'])
    .addCheckConstraint('cart_items_quantity_positive', sql`quantity > 0`)
    .execute();

  await db.schema
    .createTable('shop_checkouts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('status', 'text', notNull)
    .addColumn('information', 'text')
    .addColumn('shipping_method', 'text')
    .addColumn('lines', 'text')
    .addColumn('currency', 'text')
    .addColumn('total', 'integer')
    .addColumn('payment_checkout_id', 'text')
    .addColumn('order_id', 'integer')
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('shop_checkouts_member')
    .on('shop_checkouts')
    .columns(['brand_id', 'member_id', 'status'])
    .execute();

  await db.schema.alterTable('orders').addColumn('payment_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('tracking', 'text').execute();
  await db.schema.alterTable('orders').addColumn('shipped_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('cancelled_at', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_minor', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

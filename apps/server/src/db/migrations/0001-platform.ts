import type { Kysely } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('brands'), dialect)
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('logo', 'text', notNull)
    .addColumn('icon', 'text', notNull)
    .addColumn('template', 'text', notNull)
    .addColumn('layout', 'text', (col) => col.notNull().defaultTo('default'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('media_types', 'text', notNull)
    .addColumn('colors', 'text', notNull)
    .addColumn('support', 'text', notNull)
    .addColumn('company_address', 'text', notNull)
    .addColumn('brand_tags', 'text', notNull)
    .addColumn('languages', 'text', notNull)
    .addColumn('billing', 'text', notNull)
    .addColumn('cdn_server', 'text', notNull)
    .addColumn('country_code', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('brand_hostnames')
    .addColumn('hostname', 'text', (col) => col.primaryKey())
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('is_primary', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('brand_hostnames_brand').on('brand_hostnames').column('brand_id').execute();

  await withId(db.schema.createTable('members'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('email', 'text', notNull)
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', notNull)
    .addColumn('avatar_url', 'text')
    .addColumn('timezone', 'text', notNull)
    .addColumn('language', 'text', notNull)
    .addColumn('provider', 'text', notNull)
    .addColumn('account_type', 'text', (col) => col.notNull().defaultTo('member'))
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('recipe', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('members_brand_email', ['brand_id', 'email'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_member').on('sessions').column('member_id').execute();

  await withId(db.schema.createTable('login_attempts'), dialect)
    .addColumn('brand_id', 'integer', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('ip', 'text', notNull)
    .addColumn('succeeded', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('login_attempts_account')
    .on('login_attempts')
    .columns(['brand_id', 'email', 'created_at'])
    .execute();

  await withId(db.schema.createTable('subscriptions'), dialect)
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', notNull)
    .addColumn('plan_id', 'integer')
    .addColumn('plan_name', 'text', notNull)
    .addColumn('membership_id', 'text')
    .addColumn('is_active', 'integer', notNull)
    .addColumn('is_trial', 'integer', notNull)
    .addColumn('billing_period_days', 'integer', notNull)
    .addColumn('next_billing_date', 'text')
    .addColumn('start_date', 'text', notNull)
    .addColumn('end_date', 'text')
    .addColumn('ref_id', 'text', (col) => col.notNull().unique())
    .addColumn('cancelled_at', 'text')
    .addColumn('cancel_ref_id', 'text')
    .addColumn('cancel_date', 'text')
    .addColumn('media_types', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('offers', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('subscriptions_member').on('subscriptions').column('member_id').execute();

  await withId(db.schema.createTable('events'), dialect)
    .addColumn('namespace', 'text', notNull)
    .addColumn('env', 'text', notNull)
    .addColumn('brand_id', 'integer')
    .addColumn('member_id', 'integer')
    .addColumn('token_kind', 'text', notNull)
    .addColumn('brand_domain_name', 'text', notNull)
    .addColumn('brand_country_code', 'text')
    .addColumn('req_ip', 'text', notNull)
    .addColumn('req_country_code', 'text')
    .addColumn('tags', 'text', notNull)
    .addColumn('language', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('browser_language', 'text')
    .addColumn('is_test', 'integer', notNull)
    .addColumn('layout', 'text')
    .addColumn('vendor_id', 'text')
    .addColumn('subscription_provider', 'text')
    .addColumn('extras', 'text', notNull)
    .addColumn('transaction_id', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('events_member_created')
    .on('events')
    .columns(['member_id', 'created_at'])
    .execute();
}

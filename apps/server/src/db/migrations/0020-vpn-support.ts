import type { Kysely } from 'kysely';

import type { Dialect } from '../database';
import { notNull, withId } from './helpers';

/*
 * Issue 18, items 3, 5 and 6 (docs/decisions/026):
 * - `vpn_certificates`: each member's VPN client certificate and key, signed by the brand's CA. At most
 *   one is active per member (`active_key` is `<brand>:<member>` while active, null once revoked, and
 *   unique), revoked ones stay for the brand's revocation list.
 * - `support_reports`: feedback and problem reports, `member.info.feedbacks`; `request_key` makes a
 *   repeated submission one report.
 * - `member_notices`: notices a member has seen once (the migration-to-brand modal).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('vpn_certificates'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('serial_number', 'text', notNull)
    .addColumn('certificate_pem', 'text', notNull)
    .addColumn('private_key_pem', 'text', notNull)
    .addColumn('issued_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('active_key', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoke_reason', 'text')
    .addUniqueConstraint('vpn_certificates_serial', ['brand_id', 'serial_number'])
    .addUniqueConstraint('vpn_certificates_active', ['active_key'])
    .execute();
  await db.schema
    .createIndex('vpn_certificates_member')
    .on('vpn_certificates')
    .columns(['brand_id', 'member_id'])
    .execute();

  await withId(db.schema.createTable('support_reports'), dialect)
    .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id').onDelete('cascade'))
    .addColumn('request_key', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('media_type', 'text')
    .addColumn('media_id', 'text')
    .addColumn('title', 'text')
    .addColumn('position_seconds', 'integer')
    .addColumn('issue_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('language', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('support_reports_request', ['brand_id', 'member_id', 'request_key'])
    .execute();
  await db.schema
    .createIndex('support_reports_brand_created')
    .on('support_reports')
    .columns(['brand_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('member_notices')
    .addColumn('brand_id', 'integer', notNull)
    .addColumn('member_id', 'integer', notNull)
    .addColumn('notice', 'text', notNull)
    .addColumn('seen_at', 'text', notNull)
    .addPrimaryKeyConstraint('member_notices_pk', ['brand_id', 'member_id', 'notice'])
    .execute();
}

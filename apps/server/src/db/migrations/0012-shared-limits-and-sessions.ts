import { type Kysely, sql } from 'kysely';

import { notNull } from './helpers';

/*
 * Limits every server shares, sessions with an absolute end, and the generated JWT secret
 * (issue 12; docs/decisions/012).
 *
 * - `login_attempts` is counted per account and address and per address across accounts, and purged
 *   by age: two indexes for those.
 * - `recovery_attempts.answered_at`: set when a forgot-password request is answered, the one write
 *   that known and unknown addresses both make (so both commit alike).
 * - `rate_limit_counters`: one fixed-window request counter per limit and client (http/rate-limit-store.ts).
 * - `server_secrets`: secrets generated once and read by every server (the JWT secret when
 *   JWT_SECRET is unset).
 * - `sessions.legacy_cookie`: 1 for the sessions that exist now, whose cookie may still be named
 *   `mb-jwt` where it is now `__Host-mb-jwt`; sessions made from here on are 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('login_attempts_address')
    .on('login_attempts')
    .columns(['ip', 'created_at'])
    .execute();
  await db.schema.createIndex('login_attempts_created').on('login_attempts').column('created_at').execute();

  await db.schema.alterTable('recovery_attempts').addColumn('answered_at', 'text').execute();

  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_ends_at', 'text', notNull)
    .addColumn('hits', 'integer', notNull)
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('legacy_cookie', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update sessions set legacy_cookie = 1`.execute(db);
}

import type { Kysely } from 'kysely';

import { notNull } from './helpers';

/*
 * Issue 13, item 5 (docs/decisions/017): scheduled jobs (the billing job, giveaway draws to come) run
 * on one node at a time. A job's row holds its lease (who runs it, until when) and when it is due
 * next, so any number of servers share one schedule: a node runs a job only once it takes the lease
 * of a due row with a conditional UPDATE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('next_run_at', 'text', notNull)
    .addColumn('holder', 'text')
    .addColumn('leased_until', 'text')
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
}

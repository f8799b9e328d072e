import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';

/** The job_leases rows: each job's schedule and the lease of the node running it. */
export function createJobsRepository(db: Kysely<Database>) {
  return {
    /** Writes a job's row once; a row already there (another node, an earlier start) keeps its schedule. */
    ensure: async (name: string, firstRunAt: string) => {
      await db
        .insertInto('job_leases')
        .values({ name, next_run_at: firstRunAt })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
    },

    /**
     * Takes the lease of a due job with a conditional UPDATE: of several nodes asking at once, exactly
     * one changes the row, and only that one runs the job. A lease past its end (its node died) is free.
     */
    claim: async (name: string, holder: string, at: string, until: string) => {
      const result = await db
        .updateTable('job_leases')
        .set({ holder, leased_until: until, last_started_at: at })
        .where('name', '=', name)
        .where('next_run_at', '<=', at)
        .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Releases the lease and sets the next run, only while `holder` still holds it. */
    finish: async (
      name: string,
      holder: string,
      outcome: { nextRunAt: string; finishedAt: string; error: string | null },
    ) => {
      const result = await db
        .updateTable('job_leases')
        .set({
          holder: null,
          leased_until: null,
          next_run_at: outcome.nextRunAt,
          last_finished_at: outcome.finishedAt,
          last_error: outcome.error,
        })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

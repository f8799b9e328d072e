import type { FastifyInstance } from 'fastify';

import type { Db } from '../db/database';
import { type Job, type JobRunnerDeps, createJobRunner } from './job-runner';
import { createJobsRepository } from './jobs.repository';

/**
 * Runs the server's scheduled jobs once it is ready (each on one node at a time across the servers
 * sharing the database) and stops them when it closes, after the runs in progress finish. A null
 * entry is a job switched off by its configuration.
 */
export function registerJobs(
  app: FastifyInstance,
  db: Db,
  jobs: readonly (Job | null)[],
  onRun?: JobRunnerDeps['onRun'],
): void {
  const runner = createJobRunner({
    repository: createJobsRepository(db.kysely),
    log: app.log,
    ...(onRun ? { onRun } : {}),
  });
  for (const job of jobs) if (job) runner.schedule(job);
  app.addHook('onReady', (done) => {
    runner.start();
    done();
  });
  app.addHook('onClose', async () => {
    await runner.stop();
  });
}

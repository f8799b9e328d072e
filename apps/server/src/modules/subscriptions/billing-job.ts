import type { Job } from '../../jobs/job-runner';
import type { SubscriptionsService } from './subscriptions.service';

/**
 * The renewal and purge job, every BILLING_JOB_INTERVAL_SECONDS (none when 0). The job runner runs it
 * on one node at a time; within a run each due row is still leased with a conditional UPDATE and
 * charged with an idempotency key, so a subscription is charged once per period even when a run
 * outlives the job's lease.
 */
export function billingJob(
  subscriptions: Pick<SubscriptionsService, 'runBillingJob'>,
  intervalSeconds: number,
): Job | null {
  if (intervalSeconds === 0) return null;
  return {
    name: 'billing',
    intervalMs: intervalSeconds * 1000,
    run: async (log) => {
      const counts = await subscriptions.runBillingJob();
      if (Object.values(counts).some((count) => count > 0)) log.info({ billing: counts }, 'billing job');
    },
  };
}

import type { Job } from '../../jobs/job-runner';
import type { LiveService } from './live.service';

/** How often the reminders job looks for broadcasts about to start (a reminder is at most this late). */
export const LIVE_REMINDERS_JOB_INTERVAL_MS = 60_000;

/**
 * Live match reminders (docs/decisions/036): mails each member's reminder shortly before its broadcast
 * starts, through the outbox. On one node at a time through the job runner's lease, and safe even past
 * it: each reminder is claimed by a conditional UPDATE in the transaction that writes its mail.
 */
export function liveRemindersJob(
  live: Pick<LiveService, 'mailDueReminders'>,
  intervalMs = LIVE_REMINDERS_JOB_INTERVAL_MS,
): Job {
  return {
    name: 'live-reminders',
    intervalMs,
    run: async (log) => {
      const mailed = await live.mailDueReminders();
      if (mailed > 0) log.info({ mailed }, 'live reminders job');
    },
  };
}

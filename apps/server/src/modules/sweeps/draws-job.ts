import type { Job } from '../../jobs/job-runner';
import type { SweepsService } from './sweeps.service';

/** How often the draws job asks whether a period has closed (draws are due monthly; claims lapse daily). */
export const DRAWS_JOB_INTERVAL_MS = 15 * 60 * 1000;

/**
 * The giveaway draws (docs/decisions/023): on one node at a time through the job runner's lease, and
 * safe even past it, since each period's draw is recorded once in one transaction keyed by sweep and
 * period. A run after a crash finds the undrawn periods and draws them from the same seed and pool.
 */
export function drawsJob(sweeps: Pick<SweepsService, 'runDraws'>, intervalMs = DRAWS_JOB_INTERVAL_MS): Job {
  return {
    name: 'draws',
    intervalMs,
    run: async (log) => {
      const counts = await sweeps.runDraws();
      if (Object.values(counts).some((count) => count > 0)) log.info({ draws: counts }, 'draws job');
    },
  };
}

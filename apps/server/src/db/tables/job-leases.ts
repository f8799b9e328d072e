/** Migration 0016: one row per scheduled job, holding its lease and when it is due next (jobs/). */
export interface JobLeasesTable {
  name: string;
  next_run_at: string;
  /** The node running the job now; null between runs. */
  holder: string | null;
  /** Until when the holder's lease stands; past it, another node may take the job over. */
  leased_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  /** The last run's error, null after a run that succeeded. */
  last_error: string | null;
}

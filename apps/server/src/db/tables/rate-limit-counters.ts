/* The `rate_limit_counters` table, made by migration 0012-shared-limits-and-sessions. */

/** A fixed-window request counter of one limit and client, shared by every server. */
export interface RateLimitCountersTable {
  /** The limit (route) and the client it counts, e.g. `POST/membergraphapi/api/auth/login|10.0.0.1`. */
  key: string;
  window_ends_at: string;
  hits: number;
}

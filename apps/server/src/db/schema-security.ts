import type { Generated } from 'kysely';

/*
 * Tables and columns of migration 0012-shared-limits-and-sessions (issue 12; docs/decisions/012),
 * merged into `Database` (schema.ts) and its table types by declaration merging.
 */

/** A fixed-window request counter of one limit and client, shared by every server. */
export interface RateLimitCountersTable {
  /** The limit (route) and the client it counts, e.g. `POST/membergraphapi/api/auth/login|10.0.0.1`. */
  key: string;
  window_ends_at: string;
  hits: number;
}

/** Secrets generated once and kept for every server (the JWT secret without JWT_SECRET). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

declare module './schema' {
  interface Database {
    rate_limit_counters: RateLimitCountersTable;
    server_secrets: ServerSecretsTable;
  }
  interface SessionsTable {
    /** 1 for sessions made before the `__Host-mb-jwt` cookie, which may still use the old name. */
    legacy_cookie: Generated<number>;
  }
}

declare module './schema-wallet-account' {
  interface RecoveryAttemptsTable {
    /** When a forgot-password request was answered; refused requests leave no row. */
    answered_at: string | null;
  }
}

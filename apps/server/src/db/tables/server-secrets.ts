/* The `server_secrets` table, made by migration 0012-shared-limits-and-sessions. */

/** Secrets generated once and kept for every server (the JWT secret without JWT_SECRET). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

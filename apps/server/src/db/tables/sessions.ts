import type { Generated, Selectable } from 'kysely';

/* The `sessions` table, made by migration 0001-platform. */

export interface SessionsTable {
  id: string;
  member_id: number;
  brand_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
  ip: string | null;
  /** Added by 0012: 1 for sessions made before the `__Host-mb-jwt` cookie, which may still use the old name. */
  legacy_cookie: Generated<number>;
}

export type SessionRow = Selectable<SessionsTable>;

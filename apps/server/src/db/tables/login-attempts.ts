import type { Generated } from 'kysely';

/* The `login_attempts` table, made by migration 0001-platform. */

export interface LoginAttemptsTable {
  id: Generated<number>;
  brand_id: number;
  email: string;
  ip: string;
  succeeded: number;
  created_at: string;
}

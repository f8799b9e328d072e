import type { Generated } from 'kysely';

/* The `password_attempts` table, made by migration 0008-fulfilment-leases-password-lockout. */

/** A check of a member's current password that failed or is still running (decision 010). */
export interface PasswordAttemptsTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  /** What the password was asked for: change_email, change_password or deactivate. */
  action: string;
  created_at: string;
}

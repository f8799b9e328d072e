import type { Generated } from 'kysely';

/* The `recovery_attempts` table, made by migration 0006-wallet-account. */

export interface RecoveryAttemptsTable {
  id: Generated<number>;
  brand_id: number;
  kind: string;
  ip: string;
  /** A hash of what was asked about (email or card digits), never the value itself. */
  subject: string;
  created_at: string;
  /** Added by 0012: when a forgot-password request was answered; refused requests leave no row. */
  answered_at: string | null;
}

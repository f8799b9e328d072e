import type { Generated } from 'kysely';

/* The `password_reset_keys` table, made by migration 0006-wallet-account. */

export interface PasswordResetKeysTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  /** SHA-256 (hex) of the key sent by mail; the key itself is never stored. */
  key_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

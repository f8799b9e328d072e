import type { Generated } from 'kysely';

/*
 * Table of migration 0008 owned by the account module; it extends `Database` (db/schema.ts) by
 * declaration merging, like the payments module's tables.
 */

/** A check of a member's current password that failed or is still running (decision 010). */
export interface PasswordAttemptsTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  /** What the password was asked for: change_email, change_password or deactivate. */
  action: string;
  created_at: string;
}

declare module '../../db/schema' {
  interface Database {
    password_attempts: PasswordAttemptsTable;
  }
}

import type { Generated, Selectable } from 'kysely';

/* The `signups` table, made by migration 0005-payments. */

export interface SignupsTable {
  id: Generated<number>;
  brand_id: number;
  email: string;
  name: string;
  password_hash: string;
  language: string;
  timezone: string;
  plan_id: number;
  subscription_ref_id: string;
  checkout_id: string;
  member_id: number | null;
  created_at: string;
}

export type SignupRow = Selectable<SignupsTable>;

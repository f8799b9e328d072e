import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/* The `members` table, made by migration 0001-platform. */

export interface MembersTable {
  id: Generated<number>;
  brand_id: number;
  email: string;
  name: string;
  password_hash: string;
  avatar_url: string | null;
  timezone: string;
  language: string;
  provider: string;
  account_type: string;
  tags: string;
  recipe: string | null;
  created_at: string;
  updated_at: string;
  /** Added by 0002-membership; assigned on first read of member.info when missing. */
  reference_number: Generated<string | null>;
  /** Added by 0024-member-deactivation: set while an operator has deactivated the member (decision 034). */
  deactivated_at: Generated<string | null>;
  deactivation_reason: Generated<string | null>;
}

export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;

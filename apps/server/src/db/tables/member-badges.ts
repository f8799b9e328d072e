/* The `member_badges` table, made by migration 0019-impacts-onboarding. */

export interface MemberBadgesTable {
  member_id: number;
  brand_id: number;
  /** e.g. `explorer` (the onboarding's Explorer Badge). */
  badge: string;
  awarded_at: string;
}

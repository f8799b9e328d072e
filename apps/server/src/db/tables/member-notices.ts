/* The `member_notices` table, made by migration 0020-vpn-support: notices a member has seen once. */

export interface MemberNoticesTable {
  brand_id: number;
  member_id: number;
  /** What was seen, such as `brand_moved:<target hostname>`. */
  notice: string;
  seen_at: string;
}

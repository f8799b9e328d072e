/* The `impact_member_targets` table, made by migration 0019-impacts-onboarding. */

export interface ImpactMemberTargetsTable {
  member_id: number;
  item_id: number;
  brand_id: number;
  target_quantity: number;
  updated_at: string;
}

import type { Generated, Selectable } from 'kysely';

/* The `impact_contributions` table, made by migration 0019-impacts-onboarding. */

export interface ImpactContributionsTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  item_id: number;
  quantity: number;
  /** Whole coins spent (the ledger line referencing this row says the same). */
  coins: number;
  /** The client's key for this contribution; unique per member. */
  request_key: string;
  created_at: string;
}

export type ImpactContributionRow = Selectable<ImpactContributionsTable>;

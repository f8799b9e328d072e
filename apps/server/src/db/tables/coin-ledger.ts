import type { ColumnType, Generated, Selectable } from 'kysely';

/* The `coin_ledger` table, made by migration 0006-wallet-account. */

/** Append-only: rows are inserted, never updated (they go only with the member's account). */
export interface CoinLedgerTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  /** Positive for a credit, negative for a spend; never 0. */
  amount: number;
  balance_after: number;
  description: string;
  source: string;
  /**
   * What the line paid for or where its coins came from (migration 0015): `payment` for coins bought,
   * `subscription` for a membership's bonus coins, `order` for an order paid with coins, `unknown` for
   * older lines. Required on insert.
   */
  reference_kind: ColumnType<string, LedgerReferenceKind, never>;
  reference_id: ColumnType<string, string, never>;
  /** Unique per brand. */
  idempotency_key: string;
  created_at: string;
}

/** The kinds of reference a new ledger line can carry; a feature that spends coins adds its own. */
export type LedgerReferenceKind = 'payment' | 'subscription' | 'order' | 'impact' | 'onboarding';

export type CoinLedgerRow = Selectable<CoinLedgerTable>;

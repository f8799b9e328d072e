import type { Generated, Selectable } from 'kysely';

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
  /** Unique per brand. */
  idempotency_key: string;
  created_at: string;
}

export type CoinLedgerRow = Selectable<CoinLedgerTable>;

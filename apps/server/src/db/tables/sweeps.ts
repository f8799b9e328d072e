import type { Generated, Selectable } from 'kysely';

/* The giveaway tables, made by migration 0017-giveaways (docs/decisions/023). */

export interface SweepsTable {
  id: Generated<number>;
  brand_id: number;
  /** Public reference, unique per brand (the spec's ref_number); names the sweep in pool documents. */
  ref_number: string;
  name: string;
  product_name: string;
  description: string;
  image: string;
  /** ISO-8601 UTC instants. */
  start_date: string;
  end_date: string;
  start_available_date: string;
  end_available_date: string;
  /** `active` or `closed` (an operator's stop; dates decide everything else). */
  status: string;
  monthly_exclusive: Generated<number>;
  /** JSON array of strings. */
  tags: Generated<string>;
  /** Cap on entries sold, null for none (the spec's `entries`). */
  entries: number | null;
  entries_reserved: Generated<number>;
  total_entries_sold: Generated<number>;
  /** The Eastern month (YYYY-MM) whose close draws this sweep; moves on when a draw rolls over. */
  draw_period: string;
  /** Secret until the draw; its SHA-256 commitment is public from the start. */
  seed: string;
  seed_commitment: string;
  winner_selected_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SweepPricesTable {
  id: Generated<number>;
  sweep_id: number;
  currency: string;
  symbol: string;
  country_code: string | null;
  entries: number;
  amount_minor: number;
}

export interface SweepMultipliersTable {
  id: Generated<number>;
  sweep_id: number;
  currency: string;
  symbol: string;
  country_code: string | null;
  /** A purchase of at least this amount gets its entries multiplied. */
  amount_minor: number;
  multiplier_factor: number;
}

/** Append-only entry ledger; rows are never deleted, a forfeit only stamps `forfeited_at`. */
export interface SweepEntriesTable {
  id: Generated<number>;
  brand_id: number;
  sweep_id: number;
  /** Null for a postal entrant. */
  member_id: number | null;
  /** The public, opaque entrant id used in the pool document (`M-…` member reference or `P-…`). */
  entrant: string;
  entries: number;
  /** What a paid grant cost (null for free and postal entries). */
  amount_minor: number | null;
  currency: string | null;
  /** free, payment, postal, bonus. */
  source: string;
  reference_kind: string;
  reference_id: string;
  idempotency_key: string;
  period_key: string;
  forfeited_at: string | null;
  created_at: string;
}

export interface SweepDrawsTable {
  id: Generated<number>;
  sweep_id: number;
  period_key: string;
  /** `drawn` or `rollover`. */
  outcome: string;
  unique_entrants: number;
  total_entries: number;
  pool_hash: string;
  /** The revealed seed (null for a rollover, whose seed stays secret for the next period). */
  seed: string | null;
  created_at: string;
}

export interface SweepWinnersTable {
  id: Generated<number>;
  sweep_id: number;
  draw_id: number;
  /** 0 for the winner, then the alternates in order. */
  round: number;
  position: number;
  total_entries: number;
  entrant: string;
  member_id: number | null;
  /** `pending` (may claim), `claimed`, `expired` (deadline passed, an alternate was drawn). */
  status: string;
  claim_deadline: string;
  /** JSON of the shipping address given with the claim. */
  claim_address: string | null;
  claimed_at: string | null;
  /** When the member's winner modal was shown (the spec's winner_displayed, set by the server). */
  displayed_at: string | null;
  created_at: string;
}

/**
 * One checkout's hold of a giveaway's cap (migration 0030, docs/decisions/023): written when a checkout
 * for entries opens, then decided once: taken by its payment, released by the billing job once the
 * checkout can no longer be paid, or (a payment after the release, the cap full) refunded.
 */
export interface SweepEntryHoldsTable {
  checkout_id: string;
  brand_id: number;
  sweep_id: number;
  entries: number;
  created_at: string;
  released_at: string | null;
  taken_at: string | null;
  refunded_at: string | null;
}

export type SweepRow = Selectable<SweepsTable>;
export type SweepPriceRow = Selectable<SweepPricesTable>;
export type SweepMultiplierRow = Selectable<SweepMultipliersTable>;
export type SweepWinnerRow = Selectable<SweepWinnersTable>;
export type SweepEntryHoldRow = Selectable<SweepEntryHoldsTable>;

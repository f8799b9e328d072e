/* The `wallets` table, made by migration 0006-wallet-account. */

export interface WalletsTable {
  member_id: number;
  brand_id: number;
  /** Cache of the member's ledger sum; a check constraint keeps it at 0 or more. */
  balance: number;
  updated_at: string;
}

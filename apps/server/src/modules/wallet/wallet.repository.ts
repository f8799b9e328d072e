import type { Kysely } from 'kysely';

import { isoNow } from '../../db/json';
import type { Database } from '../../db/schema';

export interface LedgerEntryInput {
  brandId: number;
  memberId: number;
  /** Positive to credit, negative to spend. */
  amount: number;
  description: string;
  source: string;
  idempotencyKey: string;
}

export type ApplyEntryResult =
  | { outcome: 'applied'; balance: number }
  /** The idempotency key was used before, by this member with this amount: nothing changed. */
  | { outcome: 'replayed'; balance: number }
  /** The key was used before for another member or amount. */
  | { outcome: 'key_conflict' }
  | { outcome: 'insufficient'; balance: number }
  | { outcome: 'no_member' };

/** Unique violations on either engine (SQLite's extended code, PostgreSQL's SQLSTATE). */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * The coin ledger. Rows are only ever inserted; the cached `wallets.balance` changes only in the same
 * transaction as its ledger row, through an UPDATE whose WHERE keeps the balance at 0 or more. On
 * PostgreSQL that UPDATE takes the wallet's row lock and re-checks the condition after a concurrent
 * writer commits; on SQLite the one connection runs transactions one at a time. Either way two spends
 * can never both pass a check that only one of them fits.
 */
export function createWalletRepository(db: Kysely<Database>) {
  async function findEntryByKey(brandId: number, idempotencyKey: string) {
    return db
      .selectFrom('coin_ledger')
      .select(['member_id', 'amount'])
      .where('brand_id', '=', brandId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  async function balance(brandId: number, memberId: number): Promise<number> {
    const row = await db
      .selectFrom('wallets')
      .select('balance')
      .where('brand_id', '=', brandId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row ? row.balance : 0;
  }

  async function replayOutcome(entry: LedgerEntryInput): Promise<ApplyEntryResult | null> {
    const existing = await findEntryByKey(entry.brandId, entry.idempotencyKey);
    if (!existing) return null;
    if (existing.member_id !== entry.memberId || existing.amount !== entry.amount) {
      return { outcome: 'key_conflict' };
    }
    return { outcome: 'replayed', balance: await balance(entry.brandId, entry.memberId) };
  }

  /** One credit or spend: one transaction holding the balance change and its ledger row. */
  async function applyEntry(entry: LedgerEntryInput): Promise<ApplyEntryResult> {
    const replay = await replayOutcome(entry);
    if (replay) return replay;
    try {
      return await db.transaction().execute(async (trx) => {
        const now = isoNow();
        // The wallet row is made on first use, and only for a member of this brand.
        await trx
          .insertInto('wallets')
          .columns(['member_id', 'brand_id', 'balance', 'updated_at'])
          .expression(
            trx
              .selectFrom('members')
              .select((eb) => [
                'id as member_id',
                'brand_id',
                eb.val(0).as('balance'),
                eb.val(now).as('updated_at'),
              ])
              .where('id', '=', entry.memberId)
              .where('brand_id', '=', entry.brandId),
          )
          .onConflict((oc) => oc.column('member_id').doNothing())
          .execute();
        const updated = await trx
          .updateTable('wallets')
          .set((eb) => ({ balance: eb('balance', '+', entry.amount), updated_at: now }))
          .where('member_id', '=', entry.memberId)
          .where('brand_id', '=', entry.brandId)
          .where((eb) => eb(eb('balance', '+', entry.amount), '>=', 0))
          .returning('balance')
          .executeTakeFirst();
        if (!updated) {
          const wallet = await trx
            .selectFrom('wallets')
            .select('balance')
            .where('member_id', '=', entry.memberId)
            .where('brand_id', '=', entry.brandId)
            .executeTakeFirst();
          return wallet
            ? ({ outcome: 'insufficient', balance: wallet.balance } as const)
            : ({ outcome: 'no_member' } as const);
        }
        const after = updated.balance;
        await trx
          .insertInto('coin_ledger')
          .values({
            brand_id: entry.brandId,
            member_id: entry.memberId,
            amount: entry.amount,
            balance_after: after,
            description: entry.description,
            source: entry.source,
            idempotency_key: entry.idempotencyKey,
            created_at: now,
          })
          .execute();
        return { outcome: 'applied', balance: after } as const;
      });
    } catch (error) {
      // A concurrent request with the same key committed first; its transaction is the one that counts.
      if (isUniqueViolation(error)) {
        const raced = await replayOutcome(entry);
        if (raced) return raced;
      }
      throw error;
    }
  }

  return {
    applyEntry,
    balance,

    /** Newest first; `beforeId` pages back. */
    listEntries: (brandId: number, memberId: number, limit: number, beforeId: number | null) => {
      let query = db
        .selectFrom('coin_ledger')
        .select(['id', 'amount', 'balance_after', 'description', 'source', 'created_at'])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId);
      if (beforeId !== null) query = query.where('id', '<', beforeId);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    /** The ledger's own sum, to check the cached balance against. */
    ledgerSum: async (brandId: number, memberId: number): Promise<number> => {
      const row = await db
        .selectFrom('coin_ledger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.val(0)).as('total'))
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;

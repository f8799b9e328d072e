import type { Kysely } from 'kysely';

import { isoNow } from '../../db/json';
import type { Database } from '../../db/schema';
import type { LedgerReferenceKind } from '../../db/tables/coin-ledger';
import { type DbExecutor, inTransaction } from '../../db/transaction';

export interface LedgerEntryInput {
  brandId: number;
  memberId: number;
  /** Positive to credit, negative to spend. */
  amount: number;
  description: string;
  source: string;
  /** What the entry paid for or where its coins came from. */
  reference: LedgerReference;
  idempotencyKey: string;
}

/** What a ledger line paid for (an order) or where its coins came from (a payment). */
export interface LedgerReference {
  kind: LedgerReferenceKind;
  id: string;
}

/** A ledger line as the member reads it. */
export interface LedgerLine {
  id: number;
  /** ISO-8601 UTC. */
  date: string;
  description: string;
  /** Positive for a credit, negative for a spend. */
  amount: number;
  balanceAfter: number;
  source: string;
  /** What the line paid for or where its coins came from; `unknown` for lines older than references. */
  reference: { kind: string; id: string };
}

export type ApplyEntryResult =
  | { outcome: 'applied'; balance: number }
  /** The idempotency key was used before, by this member with this amount: nothing changed. */
  | { outcome: 'replayed'; balance: number }
  /** The key was used before for another member or amount. */
  | { outcome: 'key_conflict' }
  | { outcome: 'insufficient'; balance: number }
  | { outcome: 'no_member' };

/**
 * The coin ledger. Rows are only ever inserted; the cached `wallets.balance` changes only in the same
 * transaction as its ledger row. An entry first takes the member's wallet row (an update to itself: a
 * row lock on PostgreSQL, held to the end of the transaction; the writer on SQLite), so one member's
 * entries run one at a time on any number of servers: the idempotency key and the balance are read
 * after any earlier entry committed, and two spends can never both pass a check only one of them fits.
 * The ledger row is written before the balance, `on conflict do nothing`, so a key taken meanwhile by
 * another member is answered as a conflict without an error that would abort the caller's transaction.
 */
export function createWalletRepository(db: Kysely<Database>) {
  async function balance(brandId: number, memberId: number): Promise<number> {
    const row = await db
      .selectFrom('wallets')
      .select('balance')
      .where('brand_id', '=', brandId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row ? row.balance : 0;
  }

  /**
   * One credit or spend: the balance change and its ledger row commit together, with the caller's
   * transaction when `executor` is one (then they also roll back with it).
   */
  function applyEntry(entry: LedgerEntryInput, executor: DbExecutor = db): Promise<ApplyEntryResult> {
    return inTransaction(executor, async (tx) => {
      const now = isoNow();
      // The wallet row is made on first use, and only for a member of this brand.
      await tx
        .insertInto('wallets')
        .columns(['member_id', 'brand_id', 'balance', 'updated_at'])
        .expression(
          tx
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
      const wallet = await tx
        .updateTable('wallets')
        .set((eb) => ({ balance: eb.ref('balance') }))
        .where('member_id', '=', entry.memberId)
        .where('brand_id', '=', entry.brandId)
        .returning('balance')
        .executeTakeFirst();
      if (!wallet) return { outcome: 'no_member' } as const;
      const existing = await tx
        .selectFrom('coin_ledger')
        .select(['member_id', 'amount'])
        .where('brand_id', '=', entry.brandId)
        .where('idempotency_key', '=', entry.idempotencyKey)
        .executeTakeFirst();
      if (existing) {
        return existing.member_id === entry.memberId && existing.amount === entry.amount
          ? ({ outcome: 'replayed', balance: wallet.balance } as const)
          : ({ outcome: 'key_conflict' } as const);
      }
      const after = wallet.balance + entry.amount;
      if (after < 0) return { outcome: 'insufficient', balance: wallet.balance } as const;
      const written = await tx
        .insertInto('coin_ledger')
        .values({
          brand_id: entry.brandId,
          member_id: entry.memberId,
          amount: entry.amount,
          balance_after: after,
          description: entry.description,
          source: entry.source,
          reference_kind: entry.reference.kind,
          reference_id: entry.reference.id,
          idempotency_key: entry.idempotencyKey,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['brand_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!written) return { outcome: 'key_conflict' } as const;
      await tx
        .updateTable('wallets')
        .set({ balance: after, updated_at: now })
        .where('member_id', '=', entry.memberId)
        .where('brand_id', '=', entry.brandId)
        .execute();
      return { outcome: 'applied', balance: after } as const;
    });
  }

  return {
    applyEntry,
    balance,

    /** Newest first; `beforeId` pages back. */
    listEntries: async (
      brandId: number,
      memberId: number,
      limit: number,
      beforeId: number | null,
    ): Promise<LedgerLine[]> => {
      let query = db
        .selectFrom('coin_ledger')
        .select([
          'id',
          'amount',
          'balance_after',
          'description',
          'source',
          'reference_kind',
          'reference_id',
          'created_at',
        ])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId);
      if (beforeId !== null) query = query.where('id', '<', beforeId);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        date: row.created_at,
        description: row.description,
        amount: row.amount,
        balanceAfter: row.balance_after,
        source: row.source,
        reference: { kind: row.reference_kind, id: row.reference_id },
      }));
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

import type { Insertable, Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { PaymentRefundsTable, RefundStatus } from '../../db/tables/payment-refunds';

/** Refund rows (docs/decisions/038). Methods that write may take the caller's transaction. */
export function createRefundsRepository(db: Kysely<Database>) {
  return {
    /** The payment a refund is owed for, read in the caller's transaction when there is one. */
    findPayment: (id: string, executor: Kysely<Database> = db) =>
      executor.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst(),

    /** What is already owed or refunded of a payment (every refund, pending or not). */
    refundedOf: async (paymentId: string, executor: Kysely<Database> = db) => {
      const row = await executor
        .selectFrom('payment_refunds')
        .select((eb) => eb.fn.sum<number | string | null>('amount_minor').as('total'))
        .where('payment_id', '=', paymentId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Inserts a refund unless one with its idempotency key exists; true when this call wrote it. */
    insertRefund: async (row: Insertable<PaymentRefundsTable>, executor: Kysely<Database> = db) => {
      const result = await executor
        .insertInto('payment_refunds')
        .values(row)
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    findRefundByKey: (key: string, executor: Kysely<Database> = db) =>
      executor
        .selectFrom('payment_refunds')
        .selectAll()
        .where('idempotency_key', '=', key)
        .executeTakeFirst(),

    findRefund: (id: string) =>
      db.selectFrom('payment_refunds').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Takes a pending refund to send it, counting the attempt; one sender at a time (a sender whose
     * hold lapsed, its server gone, is replaced). True for the one caller that took it.
     */
    claimRefund: async (id: string, at: string, until: string) => {
      const result = await db
        .updateTable('payment_refunds')
        .set((eb) => ({ claimed_until: until, attempts: eb('attempts', '+', 1), updated_at: at }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The provider accepted the refund. */
    settleRefund: async (id: string, providerRefundId: string, at: string) => {
      const result = await db
        .updateTable('payment_refunds')
        .set({
          status: 'succeeded',
          provider_refund_id: providerRefundId,
          last_error: null,
          claimed_until: null,
          updated_at: at,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The provider's refund failed (Stripe's `refund.failed`, or a failed answer to the request): the
     * row moves to `failed` once, from `succeeded` (accepted, then failed) or from `pending` (the answer
     * or the event came before the sender settled it). Only the provider refund it was settled with, or
     * none yet, matches: a late failure of an earlier send changes nothing. True for the one call that moved it.
     */
    failRefund: async (id: string, providerRefundId: string, reason: string, at: string) => {
      const result = await db
        .updateTable('payment_refunds')
        .set({
          status: 'failed',
          provider_refund_id: providerRefundId,
          last_error: reason.slice(0, 500),
          claimed_until: null,
          updated_at: at,
        })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'succeeded'])
        .where((eb) =>
          eb.or([eb('provider_refund_id', '=', providerRefundId), eb('provider_refund_id', 'is', null)]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The operator sends a failed refund again: pending once more, its attempts starting over, counted as
     * a resend (the provider's key changes with it). True for the one caller that reopened it.
     */
    reopenFailedRefund: async (id: string, at: string) => {
      const result = await db
        .updateTable('payment_refunds')
        .set((eb) => ({
          status: 'pending',
          resends: eb('resends', '+', 1),
          attempts: 0,
          provider_refund_id: null,
          claimed_until: null,
          updated_at: at,
        }))
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Where the refunds named by these keys stand, for one member of one brand (the member's order
     * screens: `order-refund:<orderId>`); another member's refund is not read.
     */
    statusesOfKeys: (brandId: number, memberId: number, keys: readonly string[]) =>
      keys.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('payment_refunds')
            .select(['idempotency_key', 'status'])
            .where('brand_id', '=', brandId)
            .where('member_id', '=', memberId)
            .where('idempotency_key', 'in', keys)
            .execute(),

    /** The provider refused or did not answer: still pending, with why, for the next attempt. */
    releaseRefund: async (id: string, error: string, at: string) => {
      await db
        .updateTable('payment_refunds')
        .set({ last_error: error.slice(0, 500), claimed_until: null, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Pending refunds the billing job may send again: not held, fewer than `maxAttempts`. Oldest first. */
    listRetryable: (at: string, maxAttempts: number, limit: number) =>
      db
        .selectFrom('payment_refunds')
        .selectAll()
        .where('status', '=', 'pending')
        .where('attempts', '<', maxAttempts)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
        .orderBy('created_at')
        .limit(limit)
        .execute(),

    /** For the operator: refunds in these statuses, oldest first. */
    listRefunds: (statuses: readonly RefundStatus[], limit: number) =>
      db
        .selectFrom('payment_refunds')
        .selectAll()
        .where('status', 'in', statuses)
        .orderBy('created_at')
        .limit(limit)
        .execute(),

    /** The operator sends a refund the job gave up on again: its attempts start over. */
    resetAttempts: async (id: string, at: string) => {
      const result = await db
        .updateTable('payment_refunds')
        .set({ attempts: 0, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type RefundsRepository = ReturnType<typeof createRefundsRepository>;

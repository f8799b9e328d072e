import type { Kysely, Transaction } from 'kysely';

import type { Database } from '../../db/schema';
import type { CheckoutStatus, CheckoutsTable } from '../../db/tables/checkouts';
import type { PaymentsTable } from '../../db/tables/payments';
import type { SavedCardPaymentsTable } from '../../db/tables/saved-card-payments';

/** A payment settled as never charged (the provider has no charge for its key); it may be charged again. */
export const NOT_CHARGED = 'not_charged';

import type { Insertable } from 'kysely';

/** Payment rows. Member data is always read within its brand and member. */
/** A saved card as the services read it. */
export interface SavedCard {
  /** The provider's payment method id (pm_…). */
  id: string;
  ccType: string;
  ccLast: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

/**
 * Serialises changes to one member's cards: on PostgreSQL the no-op update holds their rows until the
 * transaction ends, so a concurrent default change, removal or addition waits and then reads what the
 * first one wrote (exactly one default stays); SQLite runs one write transaction at a time anyway.
 */
async function lockCards(trx: Transaction<Database>, brandId: number, memberId: number) {
  await trx
    .updateTable('payment_methods')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .execute();
}

export function createPaymentsRepository(db: Kysely<Database>) {
  return {
    insertCheckout: async (row: Insertable<CheckoutsTable>) => {
      await db.insertInto('checkouts').values(row).execute();
    },

    findCheckout: (brandId: number, id: string) =>
      db
        .selectFrom('checkouts')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** For provider events, which name a checkout but no brand; the row then gives the brand. */
    findCheckoutById: (id: string) =>
      db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Moves a checkout from one status to another only if it is still in `from` (one winner). */
    transitionCheckout: async (
      id: string,
      from: CheckoutStatus,
      changes: {
        status: CheckoutStatus;
        updated_at: string;
        failure_code?: string | null;
        payment_intent_id?: string | null;
        attempts?: number;
      },
    ) => {
      const result = await db
        .updateTable('checkouts')
        .set(changes)
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    markCheckoutSucceeded: async (id: string, paymentIntentId: string, at: string) => {
      await db
        .updateTable('checkouts')
        .set({ status: 'succeeded', payment_intent_id: paymentIntentId, failure_code: null, updated_at: at })
        .where('id', '=', id)
        .where('status', '!=', 'succeeded')
        .execute();
    },

    /**
     * Reopens a checkout left in `processing` by the attempt `attempt` (its charge failed or never
     * happened), so the member can pay again; a later attempt that is under way is not touched.
     */
    reopenCheckout: async (
      id: string,
      attempt: number,
      changes: { failure_code: string | null; payment_intent_id: string | null; updated_at: string },
    ) => {
      const result = await db
        .updateTable('checkouts')
        .set({ status: 'open', ...changes })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('attempts', '=', attempt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Checkouts in `processing` since before `before`: a charge whose server may have died. Oldest first. */
    listStuckCheckouts: (before: string, limit: number) =>
      db
        .selectFrom('checkouts')
        .selectAll()
        .where('status', '=', 'processing')
        .where('updated_at', '<=', before)
        .orderBy('updated_at')
        .limit(limit)
        .execute(),

    /** Keeps the provider-hosted session of a checkout (the first one, if two were opened at once). */
    setCheckoutSession: async (id: string, sessionId: string, at: string) => {
      await db
        .updateTable('checkouts')
        .set({ provider_session_id: sessionId, updated_at: at })
        .where('id', '=', id)
        .where('provider_session_id', 'is', null)
        .execute();
    },

    /** True for the first return from the provider's page only. */
    markCheckoutReturned: async (id: string, at: string) => {
      const result = await db
        .updateTable('checkouts')
        .set({ returned_at: at })
        .where('id', '=', id)
        .where('returned_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Inserts a payment unless one with the same provider id or idempotency key exists. */
    insertPayment: async (row: Insertable<PaymentsTable>) => {
      const result = await db
        .insertInto('payments')
        .values(row)
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    findPaymentByProviderId: (provider: string, providerPaymentId: string) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_payment_id', '=', providerPaymentId)
        .executeTakeFirst(),

    findPaymentByIdempotencyKey: (key: string) =>
      db.selectFrom('payments').selectAll().where('idempotency_key', '=', key).executeTakeFirst(),

    findPaymentById: (id: string) =>
      db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The checkout's payment that was charged or may still be (`succeeded` first, then `pending`), if any. */
    findLivePaymentOfCheckout: (checkoutId: string) =>
      db
        .selectFrom('payments')
        .select(['id', 'status'])
        .where('checkout_id', '=', checkoutId)
        .where('status', 'in', ['succeeded', 'pending'])
        .orderBy('status', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /**
     * Settles a pending payment with the provider's answer; true for the one caller that changed it.
     * A payment settled as never charged may still become succeeded: the provider's word wins.
     */
    settlePayment: async (
      id: string,
      outcome: {
        status: 'succeeded' | 'failed';
        providerPaymentId: string | null;
        failureCode: string | null;
      },
    ) => {
      const result = await db
        .updateTable('payments')
        .set({
          status: outcome.status,
          provider_payment_id: outcome.providerPaymentId,
          failure_code: outcome.failureCode,
        })
        .where('id', '=', id)
        .where((eb) =>
          outcome.status === 'succeeded'
            ? eb.or([
                eb('status', '=', 'pending'),
                eb.and([eb('status', '=', 'failed'), eb('failure_code', '=', NOT_CHARGED)]),
              ])
            : eb('status', '=', 'pending'),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Makes a payment settled as never charged pending again, to charge it now (one caller wins). */
    retryUncharged: async (id: string, at: string) => {
      const result = await db
        .updateTable('payments')
        .set({ status: 'pending', failure_code: null, created_at: at })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .where('failure_code', '=', NOT_CHARGED)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Payments written before their charge and not settled since before `before`. Oldest first. */
    listPendingPayments: (before: string, limit: number) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('status', '=', 'pending')
        .where('created_at', '<=', before)
        .orderBy('created_at')
        .limit(limit)
        .execute(),

    setPaymentMember: async (paymentId: string, memberId: number) => {
      await db
        .updateTable('payments')
        .set({ member_id: memberId })
        .where('id', '=', paymentId)
        .where('member_id', 'is', null)
        .execute();
    },

    setPaymentSubscription: async (paymentId: string, subscriptionId: number) => {
      await db
        .updateTable('payments')
        .set({ subscription_id: subscriptionId })
        .where('id', '=', paymentId)
        .execute();
    },

    /** The member's settled payments (a pending one is not a transaction yet), newest first. */
    listPayments: (brandId: number, memberId: number, limit: number) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('status', '!=', 'pending')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** The succeeded payments of a member's subscription, newest first. */
    listSubscriptionPayments: (brandId: number, memberId: number, subscriptionId: number) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('subscription_id', '=', subscriptionId)
        .where('status', '=', 'succeeded')
        .orderBy('created_at', 'desc')
        .execute(),

    /**
     * Leases a payment's fulfilment to `claim` until `until`: true for one caller at a time. A lease
     * that lapsed or was released without completion can be taken again while fewer than
     * `maxAttempts` runs were started; a completed one never.
     */
    claimFulfilment: async (
      paymentId: string,
      purpose: string,
      lease: { claim: string; at: string; until: string; maxAttempts: number },
    ) => {
      const inserted = await db
        .insertInto('payment_fulfilments')
        .values({
          payment_id: paymentId,
          purpose,
          created_at: lease.at,
          claim: lease.claim,
          claimed_until: lease.until,
          completed_at: null,
          attempts: 1,
        })
        .onConflict((conflict) => conflict.column('payment_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
      const retaken = await db
        .updateTable('payment_fulfilments')
        .set((eb) => ({ claim: lease.claim, claimed_until: lease.until, attempts: eb('attempts', '+', 1) }))
        .where('payment_id', '=', paymentId)
        .where('completed_at', 'is', null)
        .where('claimed_until', '<=', lease.at)
        .where('attempts', '<', lease.maxAttempts)
        .executeTakeFirst();
      return Number(retaken.numUpdatedRows) === 1;
    },

    /** Marks the fulfilment done, if `claim` still holds the lease (false when it lapsed and was retaken). */
    completeFulfilment: async (paymentId: string, claim: string, at: string) => {
      const result = await db
        .updateTable('payment_fulfilments')
        .set({ completed_at: at })
        .where('payment_id', '=', paymentId)
        .where('claim', '=', claim)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a failed handler's lease at once, so the next delivery or sweep may run it again. */
    releaseFulfilment: async (paymentId: string, claim: string, at: string) => {
      await db
        .updateTable('payment_fulfilments')
        .set({ claimed_until: at })
        .where('payment_id', '=', paymentId)
        .where('claim', '=', claim)
        .where('completed_at', 'is', null)
        .execute();
    },

    /**
     * Succeeded payments of the given purposes whose fulfilment is not done and not leased: a lapsed
     * lease with attempts left, or no claim at all for a payment recorded before `recordedBefore` (a crash between
     * recording and claiming). Oldest first.
     */
    listUnfulfilled: (
      purposes: string[],
      options: { at: string; recordedBefore: string; maxAttempts: number; limit: number },
    ) =>
      db
        .selectFrom('payments')
        .leftJoin('payment_fulfilments', 'payment_fulfilments.payment_id', 'payments.id')
        .selectAll('payments')
        .where('payments.status', '=', 'succeeded')
        .where('payments.purpose', 'in', purposes.length > 0 ? purposes : [''])
        .where((eb) =>
          eb.or([
            eb.and([
              eb('payment_fulfilments.payment_id', 'is not', null),
              eb('payment_fulfilments.completed_at', 'is', null),
              eb('payment_fulfilments.claimed_until', '<=', options.at),
              eb('payment_fulfilments.attempts', '<', options.maxAttempts),
            ]),
            eb.and([
              eb('payment_fulfilments.payment_id', 'is', null),
              eb('payments.created_at', '<=', options.recordedBefore),
            ]),
          ]),
        )
        .orderBy('payments.created_at')
        .limit(options.limit)
        .execute(),

    /** Records a provider event id; false when it was already received. */
    recordWebhookEvent: async (id: string, provider: string, type: string, at: string) => {
      const result = await db
        .insertInto('webhook_events')
        .values({ id, provider, type: type.slice(0, 100), received_at: at })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    forgetWebhookEvent: async (id: string) => {
      await db.deleteFrom('webhook_events').where('id', '=', id).execute();
    },

    findCustomer: async (brandId: number, memberId: number, provider: string) => {
      const row = await db
        .selectFrom('payment_customers')
        .select('customer_id')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return row?.customer_id ?? null;
    },

    /** Keeps the first customer when two requests create one at once. */
    insertCustomer: async (
      brandId: number,
      memberId: number,
      provider: string,
      customerId: string,
      at: string,
    ) => {
      await db
        .insertInto('payment_customers')
        .values({ brand_id: brandId, member_id: memberId, provider, customer_id: customerId, created_at: at })
        .onConflict((conflict) => conflict.columns(['brand_id', 'member_id', 'provider']).doNothing())
        .execute();
    },

    /** The member's saved cards, the default first. */
    listPaymentMethods: async (brandId: number, memberId: number): Promise<SavedCard[]> =>
      (
        await db
          .selectFrom('payment_methods')
          .selectAll()
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .orderBy('is_default', 'desc')
          .orderBy('created_at', 'desc')
          .execute()
      ).map((row) => ({
        id: row.id,
        ccType: row.cc_type,
        ccLast: row.cc_last,
        expMonth: row.exp_month,
        expYear: row.exp_year,
        isDefault: row.is_default === 1,
      })),

    /** Saves a card (once per id) and, when asked, makes it the only default, in one transaction. */
    savePaymentMethod: async (
      row: {
        id: string;
        brand_id: number;
        member_id: number;
        provider: string;
        cc_type: string;
        cc_last: string;
        cc_first6: string | null;
        exp_month: number;
        exp_year: number;
      },
      makeDefault: boolean,
      replaces: string | null,
      at: string,
    ) =>
      db.transaction().execute(async (trx) => {
        await lockCards(trx, row.brand_id, row.member_id);
        const existing = await trx
          .selectFrom('payment_methods')
          .select(['id', 'member_id', 'brand_id'])
          .where('id', '=', row.id)
          .executeTakeFirst();
        if (existing && (existing.member_id !== row.member_id || existing.brand_id !== row.brand_id))
          return false;
        if (!existing) {
          await trx
            .insertInto('payment_methods')
            .values({ ...row, is_default: 0, created_at: at, updated_at: at })
            .execute();
        }
        if (replaces) {
          await trx
            .deleteFrom('payment_methods')
            .where('brand_id', '=', row.brand_id)
            .where('member_id', '=', row.member_id)
            .where('id', '=', replaces)
            .execute();
        }
        if (makeDefault) {
          await trx
            .updateTable('payment_methods')
            .set((eb) => ({
              is_default: eb.case().when('id', '=', row.id).then(1).else(0).end(),
              updated_at: at,
            }))
            .where('brand_id', '=', row.brand_id)
            .where('member_id', '=', row.member_id)
            .execute();
        }
        return true;
      }),

    setDefaultPaymentMethod: async (brandId: number, memberId: number, id: string, at: string) =>
      db.transaction().execute(async (trx) => {
        await lockCards(trx, brandId, memberId);
        const found = await trx
          .selectFrom('payment_methods')
          .select('id')
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!found) return false;
        await trx
          .updateTable('payment_methods')
          .set((eb) => ({ is_default: eb.case().when('id', '=', id).then(1).else(0).end(), updated_at: at }))
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .execute();
        return true;
      }),

    /**
     * Removes one of the member's cards. Removing the default makes the newest remaining card the
     * default (or leaves none), in the same transaction, so the member always has one default or no card.
     */
    removePaymentMethod: async (brandId: number, memberId: number, id: string, at: string) =>
      db.transaction().execute(async (trx) => {
        await lockCards(trx, brandId, memberId);
        const found = await trx
          .selectFrom('payment_methods')
          .select(['id', 'is_default'])
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!found) return false;
        await trx.deleteFrom('payment_methods').where('id', '=', id).execute();
        const next = await trx
          .selectFrom('payment_methods')
          .select(['id', 'is_default'])
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .orderBy('is_default', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .executeTakeFirst();
        if (next && next.is_default !== 1) {
          await trx
            .updateTable('payment_methods')
            .set((eb) => ({
              is_default: eb.case().when('id', '=', next.id).then(1).else(0).end(),
              updated_at: at,
            }))
            .where('brand_id', '=', brandId)
            .where('member_id', '=', memberId)
            .execute();
        }
        return true;
      }),

    /**
     * Records which checkout a saved-card request key pays (the first one wins); answers the checkout
     * and card the key was first recorded with.
     */
    recordSavedCardRequest: async (row: Insertable<SavedCardPaymentsTable>) => {
      await db
        .insertInto('saved_card_payments')
        .values(row)
        .onConflict((conflict) => conflict.columns(['brand_id', 'member_id', 'request_key']).doNothing())
        .execute();
      return db
        .selectFrom('saved_card_payments')
        .select(['checkout_id', 'payment_method_id'])
        .where('brand_id', '=', row.brand_id)
        .where('member_id', '=', row.member_id)
        .where('request_key', '=', row.request_key)
        .executeTakeFirstOrThrow();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

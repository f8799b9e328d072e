import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';

import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { DbExecutor } from '../../db/transaction';
import type { PlansTable } from '../../db/tables/plans';
import type { SignupsTable } from '../../db/tables/signups';
import type { NewSubscription, SubscriptionsTable } from '../../db/tables/subscriptions';

/** A subscription as the lifecycle reads it (the columns member.info shows are read by members). */
export interface Subscription {
  id: number;
  brandId: number;
  memberId: number;
  planId: number | null;
  planName: string;
  refId: string;
  isActive: boolean;
  isTrial: boolean;
  billingPeriodDays: number;
  startDate: string;
  nextBillingDate: string | null;
  cancelRefId: string | null;
  cancelledAt: string | null;
  /** The recurring price in minor units of `currency`. */
  priceMinor: number;
  currency: string;
  /** Percent off the next renewal (the retention offer), 0 without one. */
  renewalDiscountPercent: number;
  /** When the retention offer was shown; cancelling needs it shown first. */
  retentionOfferAt: string | null;
  renewalFailures: number;
}

/** A plan as a sign-up's fulfilment reads it. */
export interface SignupPlan {
  id: number;
  name: string;
  trialPeriodDays: number;
  priceRecurring: number;
  recurringInterval: PlansTable['recurring_interval'];
  recurringIntervalCount: number;
  mediaTypes: string[];
  isVpn: boolean;
}

function toSubscription(row: Selectable<SubscriptionsTable>): Subscription {
  return {
    id: row.id,
    brandId: row.brand_id,
    memberId: row.member_id,
    planId: row.plan_id,
    planName: row.plan_name,
    refId: row.ref_id,
    isActive: row.is_active === 1,
    isTrial: row.is_trial === 1,
    billingPeriodDays: row.billing_period_days,
    startDate: row.start_date,
    nextBillingDate: row.next_billing_date,
    cancelRefId: row.cancel_ref_id,
    cancelledAt: row.cancelled_at,
    priceMinor: row.price_minor,
    currency: row.currency,
    renewalDiscountPercent: row.renewal_discount_percent,
    retentionOfferAt: row.retention_offer_at,
    renewalFailures: row.renewal_failures,
  };
}

function toSignupPlan(row: Selectable<PlansTable>): SignupPlan {
  return {
    id: row.id,
    name: row.name,
    trialPeriodDays: row.trial_period_days,
    priceRecurring: row.price_recurring,
    recurringInterval: row.recurring_interval,
    recurringIntervalCount: row.recurring_interval_count,
    mediaTypes: readJson<string[]>(row.media_types, []),
    isVpn: row.is_vpn === 1,
  };
}

/** Sign-ups and the subscription lifecycle; member rows are the members module's. */
export function createSubscriptionsRepository(db: Kysely<Database>) {
  return {
    findPlan: async (planId: number) => {
      const row = await db.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirst();
      return row && toSignupPlan(row);
    },

    insertSignup: async (row: Insertable<SignupsTable>) => {
      await db.insertInto('signups').values(row).execute();
    },

    findSignupByRef: (brandId: number, refId: string) =>
      db
        .selectFrom('signups')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('subscription_ref_id', '=', refId)
        .executeTakeFirst(),

    setSignupCheckout: async (id: number, checkoutId: string) => {
      await db.updateTable('signups').set({ checkout_id: checkoutId }).where('id', '=', id).execute();
    },

    findSignup: (brandId: number, id: number) =>
      db
        .selectFrom('signups')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * Completes a paid sign-up in one transaction: `createMember` makes the member in it (the members
     * module's rows; null when another account already uses the email, which completes nothing), then
     * the first subscription, and ties the sign-up to the member. A sign-up completed before returns
     * its member.
     */
    completeSignup: (
      signupId: number,
      createMember: (within: Kysely<Database>) => Promise<number | null>,
      subscription: (memberId: number) => NewSubscription,
    ) =>
      db.transaction().execute(async (trx) => {
        const signup = await trx
          .selectFrom('signups')
          .select('member_id')
          .where('id', '=', signupId)
          .executeTakeFirst();
        if (!signup) return null;
        if (signup.member_id !== null) return { memberId: signup.member_id, created: false };
        const id = await createMember(trx);
        if (id === null) return null;
        await trx.insertInto('subscriptions').values(subscription(id)).execute();
        await trx.updateTable('signups').set({ member_id: id }).where('id', '=', signupId).execute();
        return { memberId: id, created: true };
      }),

    /**
     * A signed-in member's new subscription, paid on the hosted page (decision 029). Its ref is unique, so
     * a payment verified twice inserts it once.
     */
    insertMemberSubscription: async (row: NewSubscription, executor: DbExecutor = db) => {
      await executor
        .insertInto('subscriptions')
        .values(row)
        .onConflict((conflict) => conflict.column('ref_id').doNothing())
        .execute();
    },

    /** Whether the member has a running (active, not canceled) subscription to the plan. */
    hasRunningPlan: async (brandId: number, memberId: number, planId: number) => {
      const row = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('plan_id', '=', planId)
        .where('is_active', '=', 1)
        .where('cancel_ref_id', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    findByRef: async (brandId: number, memberId: number, refId: string) => {
      const row = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('ref_id', '=', refId)
        .executeTakeFirst();
      return row && toSubscription(row);
    },

    findById: async (id: number) => {
      const row = await db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toSubscription(row);
    },

    /** Updates a member's subscription; `guard` adds conditions so only one concurrent change wins. */
    update: async (
      brandId: number,
      memberId: number,
      id: number,
      changes: Updateable<SubscriptionsTable>,
      guard: { active?: boolean; canceled?: boolean; noDiscount?: boolean } = {},
      executor: DbExecutor = db,
    ) => {
      let query = executor
        .updateTable('subscriptions')
        .set(changes)
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('id', '=', id);
      if (guard.active !== undefined) query = query.where('is_active', '=', guard.active ? 1 : 0);
      if (guard.canceled === true) query = query.where('cancel_ref_id', 'is not', null);
      if (guard.canceled === false) query = query.where('cancel_ref_id', 'is', null);
      if (guard.noDiscount === true) query = query.where('renewal_discount_percent', '=', 0);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Active subscriptions whose billing date has come and that no live lease holds. */
    listDue: (nowIso: string, limit: number) =>
      db
        .selectFrom('subscriptions')
        .select('id')
        .where('is_active', '=', 1)
        .where('next_billing_date', '<=', nowIso)
        .where((eb) =>
          eb.or([eb('renewal_claimed_until', 'is', null), eb('renewal_claimed_until', '<', nowIso)]),
        )
        .orderBy('next_billing_date')
        .limit(limit)
        .execute(),

    /**
     * Takes the renewal lease of one due subscription with a conditional UPDATE: of several servers
     * running the job at once, exactly one changes the row, and only that one charges it.
     */
    claimRenewal: async (id: number, claim: string, nowIso: string, untilIso: string) => {
      const result = await db
        .updateTable('subscriptions')
        .set({ renewal_claim: claim, renewal_claimed_until: untilIso })
        .where('id', '=', id)
        .where('is_active', '=', 1)
        .where('next_billing_date', '<=', nowIso)
        .where((eb) =>
          eb.or([eb('renewal_claimed_until', 'is', null), eb('renewal_claimed_until', '<', nowIso)]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Writes the renewal's outcome and releases the lease, only while this runner still holds it. */
    finishRenewal: async (id: number, claim: string, changes: Updateable<SubscriptionsTable>) => {
      const result = await db
        .updateTable('subscriptions')
        .set({ ...changes, renewal_claim: null, renewal_claimed_until: null })
        .where('id', '=', id)
        .where('renewal_claim', '=', claim)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deletes canceled subscriptions whose 10 months of kept details are over. */
    purge: async (nowIso: string) => {
      const result = await db
        .deleteFrom('subscriptions')
        .where('is_active', '=', 0)
        .where('purge_after', 'is not', null)
        .where('purge_after', '<=', nowIso)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;

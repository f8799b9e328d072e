import type { Insertable, Kysely, Updateable } from 'kysely';

import type { Database } from '../../db/schema';
import type { NewSubscription, SubscriptionsTable } from '../../db/tables/subscriptions';
import type { SignupsTable } from '../../db/tables/signups';

/** Sign-ups and the subscription lifecycle; member rows are read within their brand and member. */
export function createSubscriptionsRepository(db: Kysely<Database>) {
  return {
    findPlan: (planId: number) =>
      db.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirst(),

    memberEmailTaken: async (brandId: number, email: string) =>
      (await db
        .selectFrom('members')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('email', '=', email)
        .executeTakeFirst()) !== undefined,

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

    findMember: (brandId: number, memberId: number) =>
      db
        .selectFrom('members')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .executeTakeFirst(),

    findSignup: (brandId: number, id: number) =>
      db
        .selectFrom('signups')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * Creates the member of a paid sign-up and its first subscription in one transaction, and ties the
     * sign-up to the member. Returns null when another account already uses the email.
     */
    completeSignup: (
      signupId: number,
      member: Omit<Insertable<Database['members']>, 'id'>,
      subscription: (memberId: number) => NewSubscription,
    ) =>
      db.transaction().execute(async (trx) => {
        const signup = await trx
          .selectFrom('signups')
          .selectAll()
          .where('id', '=', signupId)
          .executeTakeFirst();
        if (!signup) return null;
        if (signup.member_id !== null) return { memberId: signup.member_id, created: false };
        const taken = await trx
          .selectFrom('members')
          .select('id')
          .where('brand_id', '=', member.brand_id)
          .where('email', '=', member.email)
          .executeTakeFirst();
        if (taken) return null;
        const { id } = await trx
          .insertInto('members')
          .values(member)
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('subscriptions').values(subscription(id)).execute();
        await trx.updateTable('signups').set({ member_id: id }).where('id', '=', signupId).execute();
        return { memberId: id, created: true };
      }),

    findByRef: (brandId: number, memberId: number, refId: string) =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('ref_id', '=', refId)
        .executeTakeFirst(),

    findById: (id: number) =>
      db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Updates a member's subscription; `guard` adds conditions so only one concurrent change wins. */
    update: async (
      brandId: number,
      memberId: number,
      id: number,
      changes: Updateable<SubscriptionsTable>,
      guard: { activeIs?: 0 | 1; canceled?: boolean } = {},
    ) => {
      let query = db
        .updateTable('subscriptions')
        .set(changes)
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('id', '=', id);
      if (guard.activeIs !== undefined) query = query.where('is_active', '=', guard.activeIs);
      if (guard.canceled === true) query = query.where('cancel_ref_id', 'is not', null);
      if (guard.canceled === false) query = query.where('cancel_ref_id', 'is', null);
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

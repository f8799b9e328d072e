import { randomBytes } from 'node:crypto';

import { purgeDate } from '@member/domain';
import type { Kysely } from 'kysely';

import { isoNow } from '../../db/json';
import type { Database } from '../../db/schema';

/** The statements behind the operator's member commands (members.operator.ts). */
export function createMembersOperatorRepository(db: Kysely<Database>) {
  const columns = [
    'members.id',
    'members.email',
    'members.name',
    'members.tags',
    'members.created_at',
    'members.deactivated_at',
    'members.deactivation_reason',
  ] as const;
  return {
    /** A brand's members whose email or name contains `text` (case-insensitive), at most `limit`. */
    search: (brandId: number, text: string, limit: number) =>
      db
        .selectFrom('members')
        .select(columns)
        .where('brand_id', '=', brandId)
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['email']), 'like', `%${text.toLowerCase()}%`),
            eb(eb.fn('lower', ['name']), 'like', `%${text.toLowerCase()}%`),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .execute(),
    findByEmail: (brandId: number, email: string) =>
      db
        .selectFrom('members')
        .select(columns)
        .where('brand_id', '=', brandId)
        .where('email', '=', email)
        .executeTakeFirst(),
    setTags: async (memberId: number, tags: string) => {
      await db
        .updateTable('members')
        .set({ tags, updated_at: isoNow() })
        .where('id', '=', memberId)
        .execute();
    },
    /** The new password hash and the end of every session of the member, in one transaction. */
    setPassword: (memberId: number, passwordHash: string) =>
      db.transaction().execute(async (tx) => {
        const at = isoNow();
        await tx
          .updateTable('members')
          .set({ password_hash: passwordHash, updated_at: at })
          .where('id', '=', memberId)
          .execute();
        const ended = await tx
          .updateTable('sessions')
          .set({ revoked_at: at })
          .where('member_id', '=', memberId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return Number(ended.numUpdatedRows);
      }),
    /**
     * Deactivates a member in one transaction (decision 034): the mark, the end of every session, and
     * the end of billing: each running subscription is canceled as a member's own cancellation is, at
     * the end of the paid period (`end_date`), so the billing job ends it instead of charging it.
     * Answers null when the member was already deactivated (nothing changes).
     */
    deactivate: (memberId: number, reason: string) =>
      db.transaction().execute(async (tx) => {
        const at = isoNow();
        const marked = await tx
          .updateTable('members')
          .set({ deactivated_at: at, deactivation_reason: reason, updated_at: at })
          .where('id', '=', memberId)
          .where('deactivated_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return null;
        const ended = await tx
          .updateTable('sessions')
          .set({ revoked_at: at })
          .where('member_id', '=', memberId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        const running = await tx
          .selectFrom('subscriptions')
          .select(['id', 'next_billing_date'])
          .where('member_id', '=', memberId)
          .where('is_active', '=', 1)
          .where('cancel_ref_id', 'is', null)
          .execute();
        for (const subscription of running) {
          const accessUntil = subscription.next_billing_date ?? at;
          await tx
            .updateTable('subscriptions')
            .set({
              cancel_ref_id: `CXL-${randomBytes(9).toString('base64url')}`,
              cancelled_at: at,
              cancel_date: at,
              end_date: accessUntil,
              renewal_discount_percent: 0,
              purge_after: isoNow(purgeDate(accessUntil)),
            })
            .where('id', '=', subscription.id)
            .where('cancel_ref_id', 'is', null)
            .execute();
        }
        return { sessionsEnded: Number(ended.numUpdatedRows), subscriptionsCanceled: running.length };
      }),
    /** Lifts a deactivation; answers whether the member was deactivated. */
    reactivate: async (memberId: number) => {
      const result = await db
        .updateTable('members')
        .set({ deactivated_at: null, deactivation_reason: null, updated_at: isoNow() })
        .where('id', '=', memberId)
        .where('deactivated_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type MembersOperatorRepository = ReturnType<typeof createMembersOperatorRepository>;

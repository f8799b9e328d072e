import type { Kysely } from 'kysely';

import { isoNow, readJson, writeJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { DbExecutor } from '../../db/transaction';

/** The member's tags and badges, and the orders the welcome-gift step reads. */
export function createOnboardingRepository(db: Kysely<Database>) {
  return {
    tags: async (brandId: number, memberId: number, executor: DbExecutor = db): Promise<string[] | null> => {
      const row = await executor
        .selectFrom('members')
        .select('tags')
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      return row ? readJson<string[]>(row.tags, []) : null;
    },

    setTags: async (
      brandId: number,
      memberId: number,
      tags: readonly string[],
      executor: DbExecutor = db,
    ) => {
      await executor
        .updateTable('members')
        .set({ tags: writeJson(tags), updated_at: isoNow() })
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .execute();
    },

    badges: async (memberId: number): Promise<string[]> => {
      const rows = await db
        .selectFrom('member_badges')
        .select('badge')
        .where('member_id', '=', memberId)
        .orderBy('awarded_at')
        .execute();
      return rows.map((row) => row.badge);
    },

    /** Grants a badge once (`on conflict do nothing`); true when this call granted it. */
    grantBadge: async (brandId: number, memberId: number, badge: string, executor: DbExecutor = db) => {
      const row = await executor
        .insertInto('member_badges')
        .values({ member_id: memberId, brand_id: brandId, badge, awarded_at: isoNow() })
        .onConflict((oc) => oc.columns(['member_id', 'badge']).doNothing())
        .returning('badge')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the member has an order that came with a free gift (the welcome gift, claimed at checkout). */
    hasFreeGiftOrder: async (brandId: number, memberId: number): Promise<boolean> => {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('free_gift', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;

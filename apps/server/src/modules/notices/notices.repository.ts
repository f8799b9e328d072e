import type { Kysely } from 'kysely';

import { isoNow } from '../../db/json';
import type { Database } from '../../db/schema';

/** `member_notices` (migration 0020): the notices a member has seen, one row per member and notice. */
export function createNoticesRepository(db: Kysely<Database>) {
  return {
    hasSeen: async (brandId: number, memberId: number, notice: string): Promise<boolean> => {
      const row = await db
        .selectFrom('member_notices')
        .select('notice')
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('notice', '=', notice)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records the notice as seen once (`on conflict do nothing`, so replays and races keep one row). */
    markSeen: async (brandId: number, memberId: number, notice: string): Promise<void> => {
      await db
        .insertInto('member_notices')
        .values({ brand_id: brandId, member_id: memberId, notice, seen_at: isoNow() })
        .onConflict((oc) => oc.columns(['brand_id', 'member_id', 'notice']).doNothing())
        .execute();
    },
  };
}

export type NoticesRepository = ReturnType<typeof createNoticesRepository>;

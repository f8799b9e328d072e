import type { Kysely } from 'kysely';

import { type MembershipPeriod, type StreamedTime, isFractionProgress, isMediaType } from '@member/domain';

import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';

/**
 * What the green page counts (issue 18, item 2): the member's subscription periods and the time they
 * streamed, from saved progress on the brand's time-based titles (a finished title counts whole).
 */
export function createGreenRepository(db: Kysely<Database>) {
  return {
    tags: async (brandId: number, memberId: number): Promise<string[]> => {
      const row = await db
        .selectFrom('members')
        .select('tags')
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      return readJson<string[]>(row?.tags, []);
    },

    periods: async (brandId: number, memberId: number): Promise<MembershipPeriod[]> => {
      const rows = await db
        .selectFrom('subscriptions')
        .select(['start_date', 'end_date', 'cancel_date', 'is_active'])
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .execute();
      return rows.map((row) => ({
        start: row.start_date,
        // A running subscription counts until now; an ended one until it ended (or was canceled).
        end: row.end_date ?? (row.is_active === 1 ? null : (row.cancel_date ?? row.start_date)),
      }));
    },

    streams: async (brandId: number, memberId: number): Promise<StreamedTime[]> => {
      const rows = await db
        .selectFrom('media_progress as p')
        .innerJoin('media_items as m', (join) =>
          join.onRef('m.id', '=', 'p.media_id').onRef('m.media_type', '=', 'p.media_type'),
        )
        .select(['p.media_type', 'p.progress', 'p.finished', 'p.updated_at', 'm.duration_seconds'])
        .where('p.brand_id', '=', brandId)
        .where('p.member_id', '=', memberId)
        .where('m.brand_id', '=', brandId)
        .execute();
      return rows.flatMap((row) => {
        if (!isMediaType(row.media_type) || isFractionProgress(row.media_type)) return [];
        const duration = row.duration_seconds ?? 0;
        const seconds =
          row.finished === 1 && duration > 0 ? duration : Math.min(row.progress, duration || row.progress);
        return [{ seconds, at: row.updated_at }];
      });
    },
  };
}

export type GreenRepository = ReturnType<typeof createGreenRepository>;

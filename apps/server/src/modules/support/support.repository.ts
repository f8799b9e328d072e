import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';

export interface NewReport {
  brandId: number;
  memberId: number;
  requestKey: string;
  kind: string;
  mediaType: string | null;
  mediaId: string | null;
  title: string | null;
  positionSeconds: number | null;
  issueIds: string;
  message: string;
  language: string;
  createdAt: string;
}

const COLUMNS = [
  'id',
  'kind',
  'media_type',
  'media_id',
  'title',
  'position_seconds',
  'issue_ids',
  'message',
  'language',
  'created_at',
] as const;

/** Feedback and problem reports, always read within their brand (and member, when a member asks). */
export function createSupportRepository(db: Kysely<Database>) {
  return {
    /** Stores the report unless the member already sent one with this key; answers whether it is new. */
    insert: async (row: NewReport): Promise<boolean> => {
      const result = await db
        .insertInto('support_reports')
        .values({
          brand_id: row.brandId,
          member_id: row.memberId,
          request_key: row.requestKey,
          kind: row.kind,
          media_type: row.mediaType,
          media_id: row.mediaId,
          title: row.title,
          position_seconds: row.positionSeconds,
          issue_ids: row.issueIds,
          message: row.message,
          language: row.language,
          created_at: row.createdAt,
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    findByRequestKey: (brandId: number, memberId: number, requestKey: string) =>
      db
        .selectFrom('support_reports')
        .select(COLUMNS)
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('request_key', '=', requestKey)
        .executeTakeFirst(),

    listForMember: (brandId: number, memberId: number, limit: number) =>
      db
        .selectFrom('support_reports')
        .select(COLUMNS)
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** The brand's reports since a moment, oldest first, with the member's email (operator export). */
    listForBrand: (brandId: number, since: string, limit: number) =>
      db
        .selectFrom('support_reports')
        .innerJoin('members', 'members.id', 'support_reports.member_id')
        .select([
          'support_reports.id',
          'support_reports.kind',
          'support_reports.media_type',
          'support_reports.media_id',
          'support_reports.title',
          'support_reports.position_seconds',
          'support_reports.issue_ids',
          'support_reports.message',
          'support_reports.language',
          'support_reports.created_at',
          'members.email',
        ])
        .where('support_reports.brand_id', '=', brandId)
        .where('support_reports.created_at', '>=', since)
        .orderBy('support_reports.id')
        .limit(limit)
        .execute(),
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;

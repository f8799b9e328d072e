import type { Kysely } from 'kysely';

import { writeJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { EventSource } from '../../db/tables/events';

/** An event of spec section 7 as the service writes it. */
export interface NewEventRecord {
  namespace: string;
  env: string;
  brandId: number | null;
  memberId: number | null;
  tokenKind: string;
  brandDomainName: string;
  brandCountryCode: string | null;
  reqIp: string;
  reqCountryCode: string | null;
  tags: readonly string[];
  language: string | null;
  userAgent: string | null;
  browserLanguage: string | null;
  isTest: boolean;
  layout: string | null;
  vendorId: string | null;
  subscriptionProvider: string | null;
  extras: Record<string, unknown>;
  transactionId: string;
  createdAt: string;
  source: EventSource;
}

export function createEventsRepository(db: Kysely<Database>) {
  return {
    insert: async (event: NewEventRecord) => {
      await db
        .insertInto('events')
        .values({
          namespace: event.namespace,
          env: event.env,
          brand_id: event.brandId,
          member_id: event.memberId,
          token_kind: event.tokenKind,
          brand_domain_name: event.brandDomainName,
          brand_country_code: event.brandCountryCode,
          req_ip: event.reqIp,
          req_country_code: event.reqCountryCode,
          tags: writeJson(event.tags),
          language: event.language,
          user_agent: event.userAgent,
          browser_language: event.browserLanguage,
          is_test: event.isTest ? 1 : 0,
          layout: event.layout,
          vendor_id: event.vendorId,
          subscription_provider: event.subscriptionProvider,
          extras: writeJson(event.extras),
          transaction_id: event.transactionId,
          created_at: event.createdAt,
          source: event.source,
        })
        .execute();
    },

    /** The brand's titles with this vendor id (index media_items_brand_vendor), oldest first. */
    findTitlesByVendor: async (
      brandId: number,
      vendorId: string,
      limit: number,
    ): Promise<{ id: number; mediaType: string; parentId: number | null }[]> => {
      const rows = await db
        .selectFrom('media_items')
        .select(['id', 'media_type', 'parent_id'])
        .where('brand_id', '=', brandId)
        .where('vendor_id', '=', vendorId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, mediaType: row.media_type, parentId: row.parent_id }));
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

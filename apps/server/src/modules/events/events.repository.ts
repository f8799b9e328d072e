import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { NewEvent } from '../../db/tables/events';

export function createEventsRepository(db: Kysely<Database>) {
  return {
    insert: async (event: NewEvent) => {
      await db.insertInto('events').values(event).execute();
    },
    listForMember: (brandId: number, memberId: number) =>
      db
        .selectFrom('events')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute(),
    /** The brand's titles with this vendor id (index media_items_brand_vendor), oldest first. */
    findTitlesByVendor: (brandId: number, vendorId: string, limit: number) =>
      db
        .selectFrom('media_items')
        .select(['id', 'media_type', 'parent_id'])
        .where('brand_id', '=', brandId)
        .where('vendor_id', '=', vendorId)
        .orderBy('id')
        .limit(limit)
        .execute(),
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

import type { Kysely } from 'kysely';

import type { Database, NewEvent } from '../../db/schema';

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
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';

/** A member's reminder for a broadcast still to come (migration 0026). */
export interface LiveReminderRecord {
  mediaId: number;
  startsAt: string;
  createdAt: string;
}

/** Reminders, each statement filtered by brand and member. */
export function createLiveRepository(db: Kysely<Database>) {
  /** Sets a reminder; setting one that exists keeps the row (the unique key makes it once). */
  async function addReminder(
    brandId: number,
    memberId: number,
    mediaId: number,
    startsAt: string,
    createdAt: string,
  ): Promise<void> {
    await db
      .insertInto('live_reminders')
      .values({
        brand_id: brandId,
        member_id: memberId,
        media_id: mediaId,
        starts_at: startsAt,
        created_at: createdAt,
      })
      .onConflict((oc) => oc.columns(['brand_id', 'member_id', 'media_id', 'starts_at']).doNothing())
      .execute();
  }

  /** Removes a reminder; removing one that is not there changes nothing. */
  async function removeReminder(
    brandId: number,
    memberId: number,
    mediaId: number,
    startsAt: string,
  ): Promise<void> {
    await db
      .deleteFrom('live_reminders')
      .where('brand_id', '=', brandId)
      .where('member_id', '=', memberId)
      .where('media_id', '=', mediaId)
      .where('starts_at', '=', startsAt)
      .execute();
  }

  /** The member's reminders for broadcasts starting at or after `fromIso`, soonest first. */
  async function listReminders(
    brandId: number,
    memberId: number,
    fromIso: string,
    limit: number,
  ): Promise<LiveReminderRecord[]> {
    const rows = await db
      .selectFrom('live_reminders')
      .select(['media_id', 'starts_at', 'created_at'])
      .where('brand_id', '=', brandId)
      .where('member_id', '=', memberId)
      .where('starts_at', '>=', fromIso)
      .orderBy('starts_at')
      .orderBy('media_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ mediaId: row.media_id, startsAt: row.starts_at, createdAt: row.created_at }));
  }

  return { addReminder, removeReminder, listReminders };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;

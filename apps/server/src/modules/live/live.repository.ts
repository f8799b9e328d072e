import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { DbExecutor } from '../../db/transaction';

/** A member's reminder for a broadcast still to come (migration 0026). */
export interface LiveReminderRecord {
  mediaId: number;
  startsAt: string;
  createdAt: string;
}

/** A reminder the job may mail: its broadcast starts soon or is on air, with what the mail needs. */
export interface DueReminderRecord {
  id: number;
  brandId: number;
  memberId: number;
  mediaId: number;
  startsAt: string;
  origin: string;
  brandName: string;
  email: string;
  name: string;
  language: string;
  timezone: string;
  slug: string;
  /** The stream's `details` JSON, whose schedule says whether the broadcast is still on it. */
  details: string;
}

/**
 * Reminders: the member's own (each statement filtered by brand and member), and, for the reminders
 * job, those due across brands, each claimed once by a conditional UPDATE.
 */
export function createLiveRepository(db: Kysely<Database>) {
  /** Sets a reminder; setting one that exists keeps the row (the unique key makes it once). */
  async function addReminder(
    brandId: number,
    memberId: number,
    mediaId: number,
    broadcast: { startsAt: string; endsAt: string; origin: string; createdAt: string },
  ): Promise<void> {
    await db
      .insertInto('live_reminders')
      .values({
        brand_id: brandId,
        member_id: memberId,
        media_id: mediaId,
        starts_at: broadcast.startsAt,
        ends_at: broadcast.endsAt,
        origin: broadcast.origin,
        created_at: broadcast.createdAt,
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

  /**
   * Reminders not yet mailed whose broadcast starts at or before `untilIso` and had not ended at
   * `nowIso` (by the end stored with it), of active members of available brands, for a stream still
   * there; in start order, a page after `after` (keyset on start and id).
   */
  async function dueReminders(
    nowIso: string,
    untilIso: string,
    after: { startsAt: string; id: number } | null,
    limit: number,
  ): Promise<DueReminderRecord[]> {
    const rows = await db
      .selectFrom('live_reminders as r')
      .innerJoin('members as m', (join) =>
        join.onRef('m.id', '=', 'r.member_id').onRef('m.brand_id', '=', 'r.brand_id'),
      )
      .innerJoin('brands as b', 'b.id', 'r.brand_id')
      .innerJoin('media_items as s', (join) =>
        join.onRef('s.id', '=', 'r.media_id').onRef('s.brand_id', '=', 'r.brand_id'),
      )
      .select([
        'r.id',
        'r.brand_id',
        'r.member_id',
        'r.media_id',
        'r.starts_at',
        'r.origin',
        'b.name as brand_name',
        'm.email',
        'm.name',
        'm.language',
        'm.timezone',
        's.slug',
        's.details',
      ])
      .where('r.mailed_at', 'is', null)
      .where('r.starts_at', '<=', untilIso)
      .where('r.ends_at', '>', nowIso)
      .where('m.deactivated_at', 'is', null)
      .where('b.status', '<>', 'unavailable')
      .where('s.media_type', '=', 'stream')
      .$if(after !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('r.starts_at', '>', after?.startsAt ?? ''),
            eb.and([eb('r.starts_at', '=', after?.startsAt ?? ''), eb('r.id', '>', after?.id ?? 0)]),
          ]),
        ),
      )
      .orderBy('r.starts_at')
      .orderBy('r.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      brandId: row.brand_id,
      memberId: row.member_id,
      mediaId: row.media_id,
      startsAt: row.starts_at,
      origin: row.origin,
      brandName: row.brand_name,
      email: row.email,
      name: row.name,
      language: row.language,
      timezone: row.timezone,
      slug: row.slug,
      details: row.details,
    }));
  }

  /**
   * Claims a reminder for its mail with a conditional UPDATE, in the caller's transaction (the one
   * that writes the mail): true for exactly one caller, however many servers ask at once. A reminder
   * already mailed, or removed meanwhile, is claimed by no one. On PostgreSQL a second claimer waits
   * for the first one's transaction and then finds the row mailed; a crash before the commit leaves it
   * unclaimed for the next run.
   */
  async function claimReminder(id: number, brandId: number, mailedAt: string, executor: DbExecutor) {
    const result = await executor
      .updateTable('live_reminders')
      .set({ mailed_at: mailedAt })
      .where('id', '=', id)
      .where('brand_id', '=', brandId)
      .where('mailed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return { addReminder, removeReminder, listReminders, dueReminders, claimReminder };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;

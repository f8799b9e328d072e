import type { Kysely } from 'kysely';

import { isoNow, readJson, writeJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { DbExecutor } from '../../db/transaction';
import type { MemberUpdate, NewMember } from '../../db/tables/members';
import { AppError } from '../../errors';

/** Tries of a tag write that found the tags changed since it read them (each by another write). */
const MAX_TAG_WRITE_ATTEMPTS = 20;

/** Member rows, always read and written within their brand. */
export function createMembersRepository(db: Kysely<Database>) {
  return {
    findById: (brandId: number, memberId: number) =>
      db
        .selectFrom('members')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .executeTakeFirst(),

    /** Whether an account of the brand already uses the email. */
    emailTaken: async (brandId: number, email: string, within: Kysely<Database> = db) =>
      (await within
        .selectFrom('members')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('email', '=', email)
        .executeTakeFirst()) !== undefined,

    /** Writes a new member in `within` (a caller's transaction) and returns its id. */
    insert: async (row: NewMember, within: Kysely<Database> = db) =>
      (await within.insertInto('members').values(row).returning('id').executeTakeFirstOrThrow()).id,

    /**
     * Adds server-owned tags (replacing a tag of the same name) in the caller's transaction when it
     * passes one; false when the member is not of the brand, or when `merge` declines (answers null)
     * for the tags it is shown. The write is a compare-and-set: a conditional UPDATE on the very tags
     * `merge` read, tried again on what is there now when another write changed them in between. So
     * no concurrent write is lost, and of callers whose `merge` declines once a tag is set (a tag set
     * once), exactly one writes it.
     */
    addTags: async (
      brandId: number,
      memberId: number,
      merge: (existing: string[]) => string[] | null,
      executor: DbExecutor = db,
    ): Promise<boolean> => {
      for (let attempt = 0; attempt < MAX_TAG_WRITE_ATTEMPTS; attempt++) {
        const row = await executor
          .selectFrom('members')
          .select('tags')
          .where('brand_id', '=', brandId)
          .where('id', '=', memberId)
          .executeTakeFirst();
        if (!row) return false;
        const merged = merge(readJson<string[]>(row.tags, []));
        if (merged === null) return false;
        const result = await executor
          .updateTable('members')
          .set({ tags: writeJson(merged), updated_at: isoNow() })
          .where('brand_id', '=', brandId)
          .where('id', '=', memberId)
          .where('tags', '=', row.tags)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return true;
      }
      throw new AppError('UNAVAILABLE', 'The account is busy. Please try again.', 'member_busy');
    },

    update: async (brandId: number, memberId: number, changes: MemberUpdate) => {
      await db
        .updateTable('members')
        .set(changes)
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .execute();
    },

    listSubscriptions: (brandId: number, memberId: number) =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .orderBy('start_date', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    findSubscription: (brandId: number, memberId: number, id: number) =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Sets the reference number only if the member has none, so concurrent first reads agree. */
    assignReferenceNumber: async (brandId: number, memberId: number, referenceNumber: string) => {
      await db
        .updateTable('members')
        .set({ reference_number: referenceNumber })
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .where('reference_number', 'is', null)
        .execute();
    },

    findReferenceNumber: async (brandId: number, memberId: number) => {
      const row = await db
        .selectFrom('members')
        .select('reference_number')
        .where('brand_id', '=', brandId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      return row?.reference_number ?? null;
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;

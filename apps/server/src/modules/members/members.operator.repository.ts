import type { Kysely } from 'kysely';

import { isoNow } from '../../db/json';
import type { Database } from '../../db/schema';

/** The statements behind the operator's member commands (members.operator.ts). */
export function createMembersOperatorRepository(db: Kysely<Database>) {
  const columns = [
    'members.id',
    'members.email',
    'members.name',
    'members.tags',
    'members.created_at',
  ] as const;
  return {
    /** A brand's members whose email or name contains `text` (case-insensitive), at most `limit`. */
    search: (brandId: number, text: string, limit: number) =>
      db
        .selectFrom('members')
        .select(columns)
        .where('brand_id', '=', brandId)
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['email']), 'like', `%${text.toLowerCase()}%`),
            eb(eb.fn('lower', ['name']), 'like', `%${text.toLowerCase()}%`),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .execute(),
    findByEmail: (brandId: number, email: string) =>
      db
        .selectFrom('members')
        .select(columns)
        .where('brand_id', '=', brandId)
        .where('email', '=', email)
        .executeTakeFirst(),
    setTags: async (memberId: number, tags: string) => {
      await db
        .updateTable('members')
        .set({ tags, updated_at: isoNow() })
        .where('id', '=', memberId)
        .execute();
    },
    /** The new password hash and the end of every session of the member, in one transaction. */
    setPassword: (memberId: number, passwordHash: string) =>
      db.transaction().execute(async (tx) => {
        const at = isoNow();
        await tx
          .updateTable('members')
          .set({ password_hash: passwordHash, updated_at: at })
          .where('id', '=', memberId)
          .execute();
        const ended = await tx
          .updateTable('sessions')
          .set({ revoked_at: at })
          .where('member_id', '=', memberId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return Number(ended.numUpdatedRows);
      }),
  };
}

export type MembersOperatorRepository = ReturnType<typeof createMembersOperatorRepository>;

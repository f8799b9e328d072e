import { type ExpressionBuilder, type Kysely, sql } from 'kysely';

import type { Database } from '../../db/schema';

/**
 * Reset keys (each written with its mail, in one transaction), recovery attempts and the lookups
 * recovery needs; scoped by brand. Other mail goes through the mail module.
 */
export function createRecoveryRepository(db: Kysely<Database>) {
  return {
    findMemberByEmail: (brandId: number, email: string) =>
      db
        .selectFrom('members')
        .select(['id', 'email', 'name', 'language'])
        .where('brand_id', '=', brandId)
        .where('email', '=', email)
        .executeTakeFirst(),

    /**
     * Answers a forgot-password request in one transaction: marks the attempt answered, then writes a
     * reset key and its mail for the brand's member with this email, if there is one. An unknown
     * address runs the same statements (the two inserts insert nothing) and commits the same write,
     * so the answer takes as long either way (issue 12). Answers the mail's id, or null.
     */
    answerForgotPassword: (request: {
      attemptId: number;
      brandId: number;
      email: string;
      keyHash: string;
      createdAt: string;
      expiresAt: string;
      mail: { kind: string; subject: string; text: string };
    }): Promise<number | null> =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('recovery_attempts')
          .set({ answered_at: request.createdAt })
          .where('id', '=', request.attemptId)
          .execute();
        const theMember = trx
          .selectFrom('members')
          .where('brand_id', '=', request.brandId)
          .where('email', '=', request.email);
        await trx
          .insertInto('password_reset_keys')
          .columns(['brand_id', 'member_id', 'key_hash', 'created_at', 'expires_at'])
          .expression(
            theMember.select([
              'brand_id',
              'id',
              sql<string>`cast(${request.keyHash} as text)`.as('key_hash'),
              sql<string>`cast(${request.createdAt} as text)`.as('created_at'),
              sql<string>`cast(${request.expiresAt} as text)`.as('expires_at'),
            ]),
          )
          .execute();
        const mail = await trx
          .insertInto('mail_outbox')
          .columns(['brand_id', 'member_id', 'kind', 'to_address', 'subject', 'text_body', 'created_at'])
          .expression(
            theMember.select([
              'brand_id',
              'id',
              sql<string>`cast(${request.mail.kind} as text)`.as('kind'),
              'email',
              sql<string>`cast(${request.mail.subject} as text)`.as('subject'),
              sql<string>`cast(${request.mail.text} as text)`.as('text_body'),
              sql<string>`cast(${request.createdAt} as text)`.as('created_at'),
            ]),
          )
          .returning('id')
          .executeTakeFirst();
        return mail?.id ?? null;
      }),

    /** Whether a reset key is still usable (unused, unexpired, this brand); nothing is changed. */
    isResetKeyLive: async (brandId: number, keyHash: string, nowIso: string) =>
      (await db
        .selectFrom('password_reset_keys')
        .select('member_id')
        .where('brand_id', '=', brandId)
        .where('key_hash', '=', keyHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso)
        .executeTakeFirst()) !== undefined,

    /**
     * Uses a key and sets the new password in one transaction: the key is claimed by a conditional
     * UPDATE (unused, unexpired, this brand), so of two concurrent resets with one key only one wins.
     * Every other open key of the member is closed and every session revoked.
     */
    resetPassword: (brandId: number, keyHash: string, passwordHash: string, nowIso: string) =>
      db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('password_reset_keys')
          .set({ used_at: nowIso })
          .where('brand_id', '=', brandId)
          .where('key_hash', '=', keyHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', nowIso)
          .returning('member_id')
          .executeTakeFirst();
        if (!claimed) return null;
        const memberId = claimed.member_id;
        await trx
          .updateTable('members')
          .set({ password_hash: passwordHash, updated_at: nowIso })
          .where('brand_id', '=', brandId)
          .where('id', '=', memberId)
          .execute();
        await trx
          .updateTable('password_reset_keys')
          .set({ used_at: nowIso })
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: nowIso })
          .where('brand_id', '=', brandId)
          .where('member_id', '=', memberId)
          .where('revoked_at', 'is', null)
          .execute();
        return memberId;
      }),

    /**
     * Records a recovery request, then counts the requests of its kind since `since`, its own
     * included: from its address, and about its subject. Writing first (and committing) means
     * parallel requests on any number of servers cannot pass a limit: each counts every row committed
     * before its count (decision 012).
     */
    recordAndCountAttempt: async (
      attempt: { brandId: number; kind: string; ip: string; subject: string; at: string },
      since: string,
    ): Promise<{ id: number; byIp: number; bySubject: number }> => {
      const { id } = await db
        .insertInto('recovery_attempts')
        .values({
          brand_id: attempt.brandId,
          kind: attempt.kind,
          ip: attempt.ip,
          subject: attempt.subject,
          created_at: attempt.at,
          answered_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const matching = (eb: ExpressionBuilder<Database, 'recovery_attempts'>, column: 'ip' | 'subject') =>
        eb.fn.sum<number | string | null>(eb.case().when(column, '=', attempt[column]).then(1).else(0).end());
      const counts = await db
        .selectFrom('recovery_attempts')
        .select((eb) => [matching(eb, 'ip').as('by_ip'), matching(eb, 'subject').as('by_subject')])
        .where('brand_id', '=', attempt.brandId)
        .where('kind', '=', attempt.kind)
        .where('created_at', '>', since)
        .where((eb) => eb.or([eb('ip', '=', attempt.ip), eb('subject', '=', attempt.subject)]))
        .executeTakeFirstOrThrow();
      return { id, byIp: Number(counts.by_ip ?? 0), bySubject: Number(counts.by_subject ?? 0) };
    },

    /** A refused request does not count: its row goes, so a flood does not lengthen its own wait. */
    deleteAttempt: async (id: number) => {
      await db.deleteFrom('recovery_attempts').where('id', '=', id).execute();
    },

    /** Emails of the brand's members holding a saved card with these first 6 and last 4 digits. */
    findEmailsByCard: async (brandId: number, first6: string, last4: string): Promise<string[]> => {
      const rows = await db
        .selectFrom('payment_methods')
        .innerJoin('members', 'members.id', 'payment_methods.member_id')
        .select('members.email')
        .distinct()
        .where('payment_methods.brand_id', '=', brandId)
        .where('members.brand_id', '=', brandId)
        .where('payment_methods.cc_last', '=', last4)
        .where('payment_methods.cc_first6', '=', first6)
        .orderBy('members.email')
        .limit(5)
        .execute();
      return rows.map((row) => row.email);
    },
  };
}

export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;

import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';

declare module '../payments/payments.tables' {
  interface PaymentMethodsTable {
    /** Added by 0006-wallet-account: the card's first 6 digits, for recovery by card (spec section 5). */
    cc_first6: string | null;
  }
}

/** Reset keys, the mail outbox, recovery attempts and the lookups recovery needs; scoped by brand. */
export function createRecoveryRepository(db: Kysely<Database>) {
  return {
    findMemberByEmail: (brandId: number, email: string) =>
      db
        .selectFrom('members')
        .select(['id', 'email', 'name', 'language'])
        .where('brand_id', '=', brandId)
        .where('email', '=', email)
        .executeTakeFirst(),

    insertResetKey: async (key: {
      brandId: number;
      memberId: number;
      keyHash: string;
      createdAt: string;
      expiresAt: string;
    }) => {
      await db
        .insertInto('password_reset_keys')
        .values({
          brand_id: key.brandId,
          member_id: key.memberId,
          key_hash: key.keyHash,
          created_at: key.createdAt,
          expires_at: key.expiresAt,
          used_at: null,
        })
        .execute();
    },

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

    insertMail: async (mail: {
      brandId: number;
      memberId: number | null;
      kind: string;
      to: string;
      subject: string;
      text: string;
      at: string;
    }): Promise<number> => {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          brand_id: mail.brandId,
          member_id: mail.memberId,
          kind: mail.kind,
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          created_at: mail.at,
          sent_at: null,
          error: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    markMailSent: async (id: number, at: string) => {
      await db.updateTable('mail_outbox').set({ sent_at: at, error: null }).where('id', '=', id).execute();
    },

    markMailFailed: async (id: number, error: string) => {
      await db
        .updateTable('mail_outbox')
        .set({ error: error.slice(0, 500) })
        .where('id', '=', id)
        .execute();
    },

    listOutbox: (brandId: number, limit: number) =>
      db
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'to_address', 'subject', 'text_body', 'created_at', 'sent_at', 'error'])
        .where('brand_id', '=', brandId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    recordAttempt: async (attempt: {
      brandId: number;
      kind: string;
      ip: string;
      subject: string;
      at: string;
    }) => {
      await db
        .insertInto('recovery_attempts')
        .values({
          brand_id: attempt.brandId,
          kind: attempt.kind,
          ip: attempt.ip,
          subject: attempt.subject,
          created_at: attempt.at,
        })
        .execute();
    },

    /** Attempts of a kind since a time, from one address and about one subject. */
    countAttempts: async (
      brandId: number,
      kind: string,
      sinceIso: string,
      by: { ip: string; subject: string },
    ): Promise<{ byIp: number; bySubject: number }> => {
      const base = db
        .selectFrom('recovery_attempts')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('brand_id', '=', brandId)
        .where('kind', '=', kind)
        .where('created_at', '>', sinceIso);
      const [byIp, bySubject] = await Promise.all([
        base.where('ip', '=', by.ip).executeTakeFirst(),
        base.where('subject', '=', by.subject).executeTakeFirst(),
      ]);
      return { byIp: Number(byIp?.count ?? 0), bySubject: Number(bySubject?.count ?? 0) };
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

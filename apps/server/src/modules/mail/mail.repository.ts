import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { DbExecutor } from '../../db/transaction';

/** A mail to a member (or to an address not yet a member's) of one brand. */
export interface MemberMail {
  brandId: number;
  memberId: number | null;
  /** What the mail is about, for the outbox (`password_reset`, `email_changed`…). */
  kind: string;
  to: string;
  subject: string;
  text: string;
}

/** The mail outbox: every mail the server sends is written here first; scoped by brand. */
export function createMailRepository(db: Kysely<Database>) {
  return {
    /** Writes a mail to the outbox, in the caller's transaction when it passes one; its id. */
    insertMail: async (mail: MemberMail & { at: string }, executor: DbExecutor = db): Promise<number> => {
      const row = await executor
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
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;

import type { Generated, Selectable } from 'kysely';

/* The `mail_outbox` table, made by migration 0006-wallet-account. */

export interface MailOutboxTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number | null;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;

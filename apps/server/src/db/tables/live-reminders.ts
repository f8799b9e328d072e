import type { Generated } from 'kysely';

/* The `live_reminders` table, made by migration 0026-live-reminders. */

export interface LiveRemindersTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  /** The stream. */
  media_id: number;
  /** The broadcast's start as its schedule writes it (ISO-8601 UTC). */
  starts_at: string;
  /** The broadcast's end when the reminder was set (ISO-8601 UTC; `liveWindow`'s default when unset). */
  ends_at: string;
  /** The public origin of the page the reminder was set on (`https://members.example.com`): the mail's link. */
  origin: string;
  created_at: string;
  /** When the reminder's mail was written to the outbox (the reminders job); null until then. */
  mailed_at: Generated<string | null>;
}

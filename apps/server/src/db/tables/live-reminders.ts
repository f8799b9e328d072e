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
  created_at: string;
}

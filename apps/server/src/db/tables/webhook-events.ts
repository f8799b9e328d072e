/* The `webhook_events` table, made by migration 0005-payments. */

export interface WebhookEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

import type { ColumnType, Generated } from 'kysely';

/* The `events` table, made by migration 0001-platform. */

export interface EventsTable {
  id: Generated<number>;
  namespace: string;
  env: string;
  brand_id: number | null;
  member_id: number | null;
  token_kind: string;
  brand_domain_name: string;
  brand_country_code: string | null;
  req_ip: string;
  req_country_code: string | null;
  tags: string;
  language: string | null;
  user_agent: string | null;
  browser_language: string | null;
  is_test: number;
  layout: string | null;
  vendor_id: string | null;
  subscription_provider: string | null;
  extras: string;
  transaction_id: string;
  created_at: string;
  /**
   * Who wrote the event (migration 0014): the server itself or a caller of /api/event; `unknown` for
   * rows from before. Required on insert, so no code path can leave it out.
   */
  source: ColumnType<EventSource, EventSource, never>;
}

export type EventSource = 'server' | 'client' | 'unknown';

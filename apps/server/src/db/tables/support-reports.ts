import type { Generated } from 'kysely';

/* The `support_reports` table, made by migration 0020-vpn-support. */

export interface SupportReportsTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  /** The client's key for one submission: a repeated one is the same report. */
  request_key: string;
  /** `feedback` or `problem`. */
  kind: string;
  media_type: string | null;
  media_id: string | null;
  title: string | null;
  position_seconds: number | null;
  /** JSON array of catalogue issue ids (1 to 45). */
  issue_ids: Generated<string>;
  message: Generated<string>;
  language: string;
  created_at: string;
}

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Column types are chosen to read the same on SQLite and PostgreSQL (docs/decisions/002):
 * timestamps are ISO-8601 UTC text, booleans are 0/1 integers, lists and objects are JSON text.
 */

export interface BrandsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  logo: string;
  icon: string;
  template: string;
  layout: string;
  status: string;
  media_types: string;
  colors: string;
  support: string;
  company_address: string;
  brand_tags: string;
  languages: string;
  billing: string;
  cdn_server: string;
  country_code: string;
  created_at: string;
}

export interface BrandHostnamesTable {
  hostname: string;
  brand_id: number;
  is_primary: number;
}

export interface MembersTable {
  id: Generated<number>;
  brand_id: number;
  email: string;
  name: string;
  password_hash: string;
  avatar_url: string | null;
  timezone: string;
  language: string;
  provider: string;
  account_type: string;
  tags: string;
  recipe: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  member_id: number;
  brand_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
  ip: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  brand_id: number;
  email: string;
  ip: string;
  succeeded: number;
  created_at: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  brand_id: number;
  plan_id: number | null;
  plan_name: string;
  membership_id: string | null;
  is_active: number;
  is_trial: number;
  billing_period_days: number;
  next_billing_date: string | null;
  start_date: string;
  end_date: string | null;
  ref_id: string;
  cancelled_at: string | null;
  cancel_ref_id: string | null;
  cancel_date: string | null;
  media_types: string;
  offers: string;
}

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
}

export interface Database {
  brands: BrandsTable;
  brand_hostnames: BrandHostnamesTable;
  members: MembersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  subscriptions: SubscriptionsTable;
  events: EventsTable;
}

export type BrandRow = Selectable<BrandsTable>;
export type NewBrand = Insertable<BrandsTable>;
export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewEvent = Insertable<EventsTable>;

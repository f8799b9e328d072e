import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

import type { CatalogI18nTables } from './schema-catalog-i18n';
import type { JobLeasesTable } from './tables/job-leases';
import type { WalletAccountTables } from './schema-wallet-account';

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
  /** Added by 0002-membership; assigned on first read of member.info when missing. */
  reference_number: Generated<string | null>;
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

export interface PlansTable {
  /** Fixed by the catalogue (Champion ids 147 to 151 come from the spec), not auto-increment. */
  id: number;
  /** Null: offered on every brand. */
  brand_id: number | null;
  name: string;
  group_name: string;
  description: string;
  trial_period_days: number;
  /** Minor units (cents) of `currency`. */
  price_recurring: number;
  price_initial: number;
  currency: string;
  symbol: string;
  /** A check constraint keeps it to these four. */
  recurring_interval: 'day' | 'week' | 'month' | 'year';
  recurring_interval_count: number;
  media_types: string;
  is_vpn: number;
  bonus_coins: number;
  sort_order: number;
}

/** A plan's price in a currency other than its list currency. */
export interface PlanPricesTable {
  plan_id: number;
  currency: string;
  symbol: string;
  price_recurring: number;
  price_initial: number;
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
  /**
   * Who wrote the event (migration 0014): the server itself or a caller of /api/event; `unknown` for
   * rows from before. Required on insert, so no code path can leave it out.
   */
  source: ColumnType<EventSource, EventSource, never>;
}

export type EventSource = 'server' | 'client' | 'unknown';

/** Catalog (migration 0003, docs/decisions/005). `media_search` is engine-specific and read by raw SQL. */
export interface MediaItemsTable {
  id: Generated<number>;
  brand_id: number;
  media_type: string;
  parent_id: number | null;
  position: number | null;
  title: string;
  slug: string;
  description: string;
  thumbnail_origin: string;
  thumbnail_path: string;
  thumbnail_cache_index: number;
  is_free: number;
  vendor_id: string | null;
  playback_key: string | null;
  release_date: string | null;
  release_year: number | null;
  release_sort: string;
  duration_seconds: number | null;
  language: string | null;
  country_of_origin: string | null;
  quality: string | null;
  popularity: number;
  staff_pick: number;
  geo_allow: string | null;
  details: string;
  created_at: string;
}

export interface PeopleTable {
  id: Generated<number>;
  slug: string;
  title: string;
}

export interface MediaPeopleTable {
  media_id: number;
  person_id: number;
  role: string;
  position: number;
}

export interface GenresTable {
  id: Generated<number>;
  media_type: string;
  slug: string;
  title: string;
  parent_id: number | null;
}

export interface MediaGenresTable {
  media_id: number;
  genre_id: number;
  brand_id: number;
  release_sort: string;
  is_direct: number;
}

export interface SlotsTable {
  id: Generated<number>;
  brand_id: number;
  slug: string;
  title: string;
  media_type: string;
  properties: string;
}

export interface SlotItemsTable {
  slot_id: number;
  media_id: number;
  position: number;
}

/** Collection and history entries (0004-library); `list` is 'collection' or 'history'. */
export interface LibraryEntriesTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  list: 'collection' | 'history';
  media_type: string;
  media_id: number;
  title: string;
  artist: string | null;
  duration_seconds: number | null;
  thumbnail_origin: string;
  thumbnail_path: string;
  thumbnail_cache_index: number;
  added_at: string;
}

export interface PlaylistsTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface PlaylistTracksTable {
  playlist_id: number;
  media_id: number;
  position: number;
  title: string;
  artist: string | null;
  album_title: string | null;
  duration_seconds: number | null;
  thumbnail_origin: string;
  thumbnail_path: string;
  thumbnail_cache_index: number;
  added_at: string;
}

export interface MediaProgressTable {
  brand_id: number;
  member_id: number;
  media_type: string;
  media_id: number;
  progress: number;
  position: string | null;
  finished: number;
  updated_at: string;
}

export interface Database extends WalletAccountTables {
  brands: BrandsTable;
  brand_hostnames: BrandHostnamesTable;
  members: MembersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  subscriptions: SubscriptionsTable;
  events: EventsTable;
  plans: PlansTable;
  plan_prices: PlanPricesTable;
  media_items: MediaItemsTable;
  people: PeopleTable;
  media_people: MediaPeopleTable;
  genres: GenresTable;
  media_genres: MediaGenresTable;
  slots: SlotsTable;
  slot_items: SlotItemsTable;
  media_translations: CatalogI18nTables['media_translations'];
  genre_translations: CatalogI18nTables['genre_translations'];
  catalog_seeds: CatalogI18nTables['catalog_seeds'];
  media_imports: CatalogI18nTables['media_imports'];
  search_index_state: CatalogI18nTables['search_index_state'];
  library_entries: LibraryEntriesTable;
  playlists: PlaylistsTable;
  playlist_tracks: PlaylistTracksTable;
  media_progress: MediaProgressTable;
  job_leases: JobLeasesTable;
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
export type PlanRow = Selectable<PlansTable>;
export type NewPlan = Insertable<PlansTable>;
export type NewPlanPrice = Insertable<PlanPricesTable>;
export type MediaItemRow = Selectable<MediaItemsTable>;
export type NewMediaItem = Insertable<MediaItemsTable>;

import type { BookmarksTable } from './tables/bookmarks';
import type { BrandHostnamesTable } from './tables/brand-hostnames';
import type { BrandsTable } from './tables/brands';
import type { CartItemsTable } from './tables/cart-items';
import type { CatalogSeedsTable } from './tables/catalog-seeds';
import type { CheckoutsTable } from './tables/checkouts';
import type { CoinLedgerTable } from './tables/coin-ledger';
import type { EventsTable } from './tables/events';
import type { GenreTranslationsTable } from './tables/genre-translations';
import type { GenresTable } from './tables/genres';
import type { ImpactCategoriesTable } from './tables/impact-categories';
import type { ImpactContributionsTable } from './tables/impact-contributions';
import type { ImpactItemsTable } from './tables/impact-items';
import type { ImpactMemberTargetsTable } from './tables/impact-member-targets';
import type { JobLeasesTable } from './tables/job-leases';
import type { LibraryEntriesTable } from './tables/library-entries';
import type { LoginAttemptsTable } from './tables/login-attempts';
import type { MailOutboxTable } from './tables/mail-outbox';
import type { MediaGenresTable } from './tables/media-genres';
import type { MediaImportsTable } from './tables/media-imports';
import type { MediaItemsTable } from './tables/media-items';
import type { MediaPeopleTable } from './tables/media-people';
import type { MediaProgressTable } from './tables/media-progress';
import type { MediaTranslationsTable } from './tables/media-translations';
import type { MemberAvatarsTable } from './tables/member-avatars';
import type { MemberBadgesTable } from './tables/member-badges';
import type { MembersTable } from './tables/members';
import type { OrderItemsTable } from './tables/order-items';
import type { OrdersTable } from './tables/orders';
import type { PasswordAttemptsTable } from './tables/password-attempts';
import type { PasswordResetKeysTable } from './tables/password-reset-keys';
import type { PaymentCustomersTable } from './tables/payment-customers';
import type { PaymentFulfilmentsTable } from './tables/payment-fulfilments';
import type { PaymentMethodsTable } from './tables/payment-methods';
import type { PaymentRefundsTable } from './tables/payment-refunds';
import type { SavedCardPaymentsTable } from './tables/saved-card-payments';
import type { PaymentsTable } from './tables/payments';
import type { PeopleTable } from './tables/people';
import type { PlanPricesTable } from './tables/plan-prices';
import type { PlansTable } from './tables/plans';
import type { PlaylistTracksTable } from './tables/playlist-tracks';
import type { PlaylistsTable } from './tables/playlists';
import type { RateLimitCountersTable } from './tables/rate-limit-counters';
import type { RecoveryAttemptsTable } from './tables/recovery-attempts';
import type { SandboxObjectsTable } from './tables/sandbox-objects';
import type { SearchIndexStateTable } from './tables/search-index-state';
import type { SchemaBreaksTable } from './tables/schema-breaks';
import type { ServerSecretsTable } from './tables/server-secrets';
import type { SessionsTable } from './tables/sessions';
import type { ShippingAddressesTable } from './tables/shipping-addresses';
import type { ShopCategoriesTable } from './tables/shop-categories';
import type { ShopCheckoutsTable } from './tables/shop-checkouts';
import type { ShopProductsTable } from './tables/shop-products';
import type { ShopReviewsTable } from './tables/shop-reviews';
import type { SignupsTable } from './tables/signups';
import type { SlotItemsTable } from './tables/slot-items';
import type { SlotsTable } from './tables/slots';
import type { SubscriptionsTable } from './tables/subscriptions';
import type {
  SweepDrawsTable,
  SweepEntriesTable,
  SweepEntryHoldsTable,
  SweepMultipliersTable,
  SweepPricesTable,
  SweepWinnersTable,
  SweepsTable,
} from './tables/sweeps';
import type { WalletsTable } from './tables/wallets';
import type { WebhookEventsTable } from './tables/webhook-events';
import type { VpnCertificatesTable } from './tables/vpn-certificates';
import type { SupportReportsTable } from './tables/support-reports';
import type { MemberNoticesTable } from './tables/member-notices';
import type { LiveRemindersTable } from './tables/live-reminders';

/*
 * The database's tables, one file per table under `tables/` with its row types (a table's columns,
 * including those later migrations added, are written in its file and nowhere else). Column types are
 * chosen to read the same on SQLite and PostgreSQL (docs/decisions/002): timestamps are ISO-8601 UTC
 * text, booleans are 0/1 integers, lists and objects are JSON text.
 */
export interface Database {
  brand_hostnames: BrandHostnamesTable;
  brands: BrandsTable;
  cart_items: CartItemsTable;
  catalog_seeds: CatalogSeedsTable;
  checkouts: CheckoutsTable;
  coin_ledger: CoinLedgerTable;
  events: EventsTable;
  genre_translations: GenreTranslationsTable;
  genres: GenresTable;
  impact_categories: ImpactCategoriesTable;
  impact_contributions: ImpactContributionsTable;
  impact_items: ImpactItemsTable;
  impact_member_targets: ImpactMemberTargetsTable;
  job_leases: JobLeasesTable;
  library_entries: LibraryEntriesTable;
  login_attempts: LoginAttemptsTable;
  mail_outbox: MailOutboxTable;
  media_genres: MediaGenresTable;
  media_imports: MediaImportsTable;
  media_items: MediaItemsTable;
  media_people: MediaPeopleTable;
  media_progress: MediaProgressTable;
  bookmarks: BookmarksTable;
  media_translations: MediaTranslationsTable;
  member_avatars: MemberAvatarsTable;
  member_badges: MemberBadgesTable;
  members: MembersTable;
  order_items: OrderItemsTable;
  orders: OrdersTable;
  password_attempts: PasswordAttemptsTable;
  password_reset_keys: PasswordResetKeysTable;
  payment_customers: PaymentCustomersTable;
  payment_fulfilments: PaymentFulfilmentsTable;
  payment_methods: PaymentMethodsTable;
  payment_refunds: PaymentRefundsTable;
  saved_card_payments: SavedCardPaymentsTable;
  payments: PaymentsTable;
  people: PeopleTable;
  plan_prices: PlanPricesTable;
  plans: PlansTable;
  playlist_tracks: PlaylistTracksTable;
  playlists: PlaylistsTable;
  rate_limit_counters: RateLimitCountersTable;
  recovery_attempts: RecoveryAttemptsTable;
  sandbox_objects: SandboxObjectsTable;
  search_index_state: SearchIndexStateTable;
  schema_breaks: SchemaBreaksTable;
  server_secrets: ServerSecretsTable;
  sessions: SessionsTable;
  shipping_addresses: ShippingAddressesTable;
  shop_categories: ShopCategoriesTable;
  shop_checkouts: ShopCheckoutsTable;
  shop_products: ShopProductsTable;
  shop_reviews: ShopReviewsTable;
  signups: SignupsTable;
  slot_items: SlotItemsTable;
  slots: SlotsTable;
  subscriptions: SubscriptionsTable;
  sweeps: SweepsTable;
  sweep_prices: SweepPricesTable;
  sweep_multipliers: SweepMultipliersTable;
  sweep_entries: SweepEntriesTable;
  sweep_entry_holds: SweepEntryHoldsTable;
  sweep_draws: SweepDrawsTable;
  sweep_winners: SweepWinnersTable;
  wallets: WalletsTable;
  webhook_events: WebhookEventsTable;
  vpn_certificates: VpnCertificatesTable;
  support_reports: SupportReportsTable;
  member_notices: MemberNoticesTable;
  live_reminders: LiveRemindersTable;
}

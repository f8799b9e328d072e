import type { Generated, Selectable } from 'kysely';

/* Tables of migration 0006-wallet-account (wallet, addresses, orders, recovery); see schema.ts. */

export interface WalletsTable {
  member_id: number;
  brand_id: number;
  /** Cache of the member's ledger sum; a check constraint keeps it at 0 or more. */
  balance: number;
  updated_at: string;
}

/** Append-only: rows are inserted, never updated (they go only with the member's account). */
export interface CoinLedgerTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  /** Positive for a credit, negative for a spend; never 0. */
  amount: number;
  balance_after: number;
  description: string;
  source: string;
  /** Unique per brand. */
  idempotency_key: string;
  created_at: string;
}

export interface ShippingAddressesTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  country: string;
  first_name: string;
  last_name: string;
  address: string;
  apartment: string | null;
  city: string;
  region: string;
  postcode: string;
  phone: string;
  created_at: string;
  updated_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  reference: string;
  status: string;
  currency: string;
  /** Minor units of `currency`. */
  subtotal: number;
  delivery_fee: number;
  total: number;
  free_gift: string | null;
  /** JSON: the shipping address and method the order ships with. */
  shipping_info: string;
  created_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  image: string | null;
}

export interface PasswordResetKeysTable {
  id: Generated<number>;
  brand_id: number;
  member_id: number;
  /** SHA-256 (hex) of the key sent by mail; the key itself is never stored. */
  key_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MemberAvatarsTable {
  member_id: number;
  brand_id: number;
  /** Changes with each upload; part of the picture's URL so caches never serve an old one. */
  version: string;
  content_type: string;
  /** Base64 of the image bytes. */
  data: string;
  updated_at: string;
}

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

export interface RecoveryAttemptsTable {
  id: Generated<number>;
  brand_id: number;
  kind: string;
  ip: string;
  /** A hash of what was asked about (email or card digits), never the value itself. */
  subject: string;
  created_at: string;
}

export interface WalletAccountTables {
  wallets: WalletsTable;
  coin_ledger: CoinLedgerTable;
  shipping_addresses: ShippingAddressesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  password_reset_keys: PasswordResetKeysTable;
  member_avatars: MemberAvatarsTable;
  mail_outbox: MailOutboxTable;
  recovery_attempts: RecoveryAttemptsTable;
}

export type CoinLedgerRow = Selectable<CoinLedgerTable>;
export type ShippingAddressRow = Selectable<ShippingAddressesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;

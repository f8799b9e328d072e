import type { Generated, Selectable } from 'kysely';

/* The `shipping_addresses` table, made by migration 0006-wallet-account. */

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

export type ShippingAddressRow = Selectable<ShippingAddressesTable>;

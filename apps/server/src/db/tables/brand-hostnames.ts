/* The `brand_hostnames` table, made by migration 0001-platform. */

export interface BrandHostnamesTable {
  hostname: string;
  brand_id: number;
  is_primary: number;
}

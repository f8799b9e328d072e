import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { BrandRow } from '../../db/tables/brands';

export interface BrandsRepository {
  findByHostname(hostname: string): Promise<(BrandRow & { hostname: string }) | undefined>;
  findPrimaryHostname(brandId: number): Promise<string | undefined>;
}

export function createBrandsRepository(db: Kysely<Database>): BrandsRepository {
  return {
    findByHostname: (hostname) =>
      db
        .selectFrom('brand_hostnames')
        .innerJoin('brands', 'brands.id', 'brand_hostnames.brand_id')
        .selectAll('brands')
        .select('brand_hostnames.hostname')
        .where('brand_hostnames.hostname', '=', hostname)
        .executeTakeFirst(),
    findPrimaryHostname: async (brandId) => {
      const row = await db
        .selectFrom('brand_hostnames')
        .select('hostname')
        .where('brand_id', '=', brandId)
        .orderBy('is_primary', 'desc')
        .orderBy('hostname')
        .executeTakeFirst();
      return row?.hostname;
    },
  };
}

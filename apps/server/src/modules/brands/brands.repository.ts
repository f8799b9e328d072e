import type { BillingSettings, BrandColors, CompanyAddress, SupportContacts } from '@member/domain';
import type { Kysely } from 'kysely';

import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { BrandRow } from '../../db/tables/brands';

/** A brand as stored, its JSON columns read (with the defaults of a missing or broken value). */
export interface BrandRecord {
  id: number;
  slug: string;
  /** The host name the brand was found by. */
  hostname: string;
  name: string;
  logo: string;
  icon: string;
  template: string;
  layout: string;
  status: string;
  /** Unchecked: the service keeps the media types and languages it knows. */
  mediaTypes: string[];
  languages: string[];
  colors: BrandColors;
  support: SupportContacts;
  companyAddress: CompanyAddress;
  brandTags: string[];
  billing: BillingSettings;
  cdnServer: string;
  countryCode: string;
}

export interface BrandsRepository {
  findByHostname(hostname: string): Promise<BrandRecord | undefined>;
  findPrimaryHostname(brandId: number): Promise<string | undefined>;
  /** Every brand with its host names, primary first (the operator's list). */
  list(): Promise<{ id: number; slug: string; name: string; status: string; hostnames: string[] }[]>;
}

function toBrandRecord(row: BrandRow, hostname: string): BrandRecord {
  return {
    id: row.id,
    slug: row.slug,
    hostname,
    name: row.name,
    logo: row.logo,
    icon: row.icon,
    template: row.template,
    layout: row.layout,
    status: row.status,
    mediaTypes: readJson<string[]>(row.media_types, []),
    languages: readJson<string[]>(row.languages, []),
    colors: readJson<BrandColors>(row.colors, {
      accent: '#7c5cff',
      accentContrast: '#ffffff',
      secondary: '#1b1d2a',
    }),
    support: readJson<SupportContacts>(row.support, { email: '', phone: null, hours: null }),
    companyAddress: readJson<CompanyAddress>(row.company_address, {
      name: row.name,
      street: '',
      city: '',
      postcode: '',
      region: null,
      country: row.country_code,
    }),
    brandTags: readJson<string[]>(row.brand_tags, []),
    billing: readJson<BillingSettings>(row.billing, {
      currency: 'USD',
      symbol: '$',
      countryCode: row.country_code,
      paymentProvider: 'sandbox',
    }),
    cdnServer: row.cdn_server,
    countryCode: row.country_code,
  };
}

export function createBrandsRepository(db: Kysely<Database>): BrandsRepository {
  return {
    findByHostname: async (hostname) => {
      const row = await db
        .selectFrom('brand_hostnames')
        .innerJoin('brands', 'brands.id', 'brand_hostnames.brand_id')
        .selectAll('brands')
        .select('brand_hostnames.hostname')
        .where('brand_hostnames.hostname', '=', hostname)
        .executeTakeFirst();
      return row && toBrandRecord(row, row.hostname);
    },
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
    list: async () => {
      const brands = await db
        .selectFrom('brands')
        .select(['id', 'slug', 'name', 'status'])
        .orderBy('slug')
        .execute();
      const hostnames = await db
        .selectFrom('brand_hostnames')
        .select(['brand_id', 'hostname'])
        .orderBy('is_primary', 'desc')
        .orderBy('hostname')
        .execute();
      return brands.map((brand) => ({
        ...brand,
        hostnames: hostnames.filter((row) => row.brand_id === brand.id).map((row) => row.hostname),
      }));
    },
  };
}

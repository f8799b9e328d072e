import {
  type BillingSettings,
  type BrandColors,
  type BrandMove,
  type CompanyAddress,
  type SupportContacts,
  parseBrandMove,
} from '@member/domain';
import type { Kysely } from 'kysely';

import { inTransaction } from '../../db/transaction';
import { isoNow, readJson, writeJson } from '../../db/json';
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
  /** Where the brand has moved to, or null (a stored value that no longer parses reads as null). */
  movedTo: BrandMove | null;
}

export interface BrandsRepository {
  findByHostname(hostname: string): Promise<BrandRecord | undefined>;
  findPrimaryHostname(brandId: number): Promise<string | undefined>;
  /** Every brand with its host names, primary first (the operator's list). */
  list(): Promise<{ id: number; slug: string; name: string; status: string; hostnames: string[] }[]>;
  /** A brand by its slug (the operator's name for it), with its host names, primary first. */
  findBySlug(slug: string): Promise<(BrandRecord & { hostnames: string[] }) | undefined>;
  /** The brand owning each of `hostnames` that has one. */
  ownersOf(hostnames: string[]): Promise<{ hostname: string; brandId: number }[]>;
  /** Inserts a brand and its host names (the first primary) in one transaction; its id. */
  insert(brand: BrandWrite, hostnames: string[]): Promise<number>;
  /** Rewrites a brand's settings, and its host names when given (the first primary), in one transaction. */
  update(id: number, brand: BrandWrite, hostnames?: string[]): Promise<void>;
}

/** Every setting of a brand an operator sets (the repository writes the JSON columns). */
export type BrandWrite = Omit<BrandRecord, 'id' | 'hostname'>;

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
    movedTo: readMove(row.moved_to),
  };
}

function readMove(raw: string | null): BrandMove | null {
  const stored = readJson<Partial<BrandMove> | null>(raw, null);
  if (typeof stored?.name !== 'string' || typeof stored.url !== 'string') return null;
  const parsed = parseBrandMove({ name: stored.name, url: stored.url });
  return parsed.ok ? parsed.move : null;
}

function toRow(brand: BrandWrite) {
  return {
    slug: brand.slug,
    name: brand.name,
    logo: brand.logo,
    icon: brand.icon,
    template: brand.template,
    layout: brand.layout,
    status: brand.status,
    media_types: writeJson(brand.mediaTypes),
    languages: writeJson(brand.languages),
    colors: writeJson(brand.colors),
    support: writeJson(brand.support),
    company_address: writeJson(brand.companyAddress),
    brand_tags: writeJson(brand.brandTags),
    billing: writeJson(brand.billing),
    cdn_server: brand.cdnServer,
    country_code: brand.countryCode,
    moved_to: brand.movedTo ? writeJson(brand.movedTo) : null,
  };
}

export function createBrandsRepository(db: Kysely<Database>): BrandsRepository {
  const writeHostnames = async (tx: Kysely<Database>, brandId: number, hostnames: string[]) => {
    await tx.deleteFrom('brand_hostnames').where('brand_id', '=', brandId).execute();
    await tx
      .insertInto('brand_hostnames')
      .values(
        hostnames.map((hostname, index) => ({
          hostname,
          brand_id: brandId,
          is_primary: index === 0 ? 1 : 0,
        })),
      )
      .execute();
  };
  return {
    findBySlug: async (slug) => {
      const row = await db.selectFrom('brands').selectAll().where('slug', '=', slug).executeTakeFirst();
      if (!row) return undefined;
      const hostnames = await db
        .selectFrom('brand_hostnames')
        .select('hostname')
        .where('brand_id', '=', row.id)
        .orderBy('is_primary', 'desc')
        .orderBy('hostname')
        .execute();
      const names = hostnames.map((entry) => entry.hostname);
      return { ...toBrandRecord(row, names[0] ?? ''), hostnames: names };
    },
    ownersOf: async (hostnames) => {
      if (hostnames.length === 0) return [];
      const rows = await db
        .selectFrom('brand_hostnames')
        .select(['hostname', 'brand_id'])
        .where('hostname', 'in', hostnames)
        .execute();
      return rows.map((row) => ({ hostname: row.hostname, brandId: row.brand_id }));
    },
    insert: (brand, hostnames) =>
      inTransaction(db, async (tx) => {
        const { id } = await tx
          .insertInto('brands')
          .values({ ...toRow(brand), created_at: isoNow() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeHostnames(tx, id, hostnames);
        return id;
      }),
    update: (id, brand, hostnames) =>
      inTransaction(db, async (tx) => {
        await tx.updateTable('brands').set(toRow(brand)).where('id', '=', id).execute();
        if (hostnames) await writeHostnames(tx, id, hostnames);
      }),
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

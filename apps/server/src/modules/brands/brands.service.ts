import {
  type BillingSettings,
  type BrandColors,
  type CompanyAddress,
  type Locale,
  type MediaType,
  type SiteConfig,
  type SupportContacts,
  isLocale,
  isMediaType,
  readableBrandColors,
} from '@member/domain';

import { readJson } from '../../db/json';
import type { BrandRow } from '../../db/tables/brands';
import type { BrandsRepository } from './brands.repository';

export interface ResolvedBrand {
  config: SiteConfig;
  status: 'active' | 'unavailable';
  countryCode: string;
}

export type BrandResolution = { kind: 'found'; brand: ResolvedBrand } | { kind: 'not_found' };

const CACHE_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 1_000;

/**
 * Brands are read on every request, so resolutions (including misses) are cached per hostname for
 * 30 s; a brand edit shows up within that window on every server.
 */
export function createBrandsService(repository: BrandsRepository, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; value: BrandResolution }>();

  async function resolveHostname(rawHostname: string): Promise<BrandResolution> {
    const hostname = normalizeHostname(rawHostname);
    const cached = cache.get(hostname);
    if (cached && now() - cached.at < CACHE_TTL_MS) return cached.value;
    const row = hostname ? await repository.findByHostname(hostname) : undefined;
    const value: BrandResolution = row
      ? { kind: 'found', brand: toResolvedBrand(row, row.hostname) }
      : { kind: 'not_found' };
    if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
    cache.set(hostname, { at: now(), value });
    return value;
  }

  return {
    resolveHostname,
    clearCache: () => {
      cache.clear();
    },
  };
}

export type BrandsService = ReturnType<typeof createBrandsService>;

/** Lower-cases, drops the port and a trailing dot; anything that is not a plain host name reads as ''. */
export function normalizeHostname(raw: string): string {
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return ''; // IPv6 literals never name a brand
  const colon = host.lastIndexOf(':');
  if (colon >= 0) host = host.slice(0, colon);
  if (host.endsWith('.')) host = host.slice(0, -1);
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : '';
}

function toResolvedBrand(row: BrandRow, hostname: string): ResolvedBrand {
  const mediaTypes = readJson<string[]>(row.media_types, []).filter(isMediaType) satisfies MediaType[];
  const languages = readJson<string[]>(row.languages, []).filter(isLocale) satisfies Locale[];
  return {
    status: row.status === 'unavailable' ? 'unavailable' : 'active',
    countryCode: row.country_code,
    config: {
      id: row.id,
      slug: row.slug,
      hostname,
      name: row.name,
      logo: row.logo,
      icon: row.icon,
      mediaTypes,
      template: row.template,
      // Corrected once here so every page gets readable colours, whatever the configuration says.
      colors: readableBrandColors(
        readJson<BrandColors>(row.colors, {
          accent: '#7c5cff',
          accentContrast: '#ffffff',
          secondary: '#1b1d2a',
        }),
      ),
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
      languages: languages.length > 0 ? languages : ['en-us'],
      billing: readJson<BillingSettings>(row.billing, {
        currency: 'USD',
        symbol: '$',
        countryCode: row.country_code,
        paymentProvider: 'sandbox',
      }),
      cdnServer: row.cdn_server,
      layout: row.layout,
    },
  };
}

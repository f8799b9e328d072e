import {
  type Locale,
  type MediaType,
  type SiteConfig,
  isLocale,
  isMediaType,
  readableBrandColors,
} from '@member/domain';

import type { BrandRecord, BrandsRepository } from './brands.repository';

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
    const brand = hostname ? await repository.findByHostname(hostname) : undefined;
    const value: BrandResolution = brand
      ? { kind: 'found', brand: toResolvedBrand(brand) }
      : { kind: 'not_found' };
    if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
    cache.set(hostname, { at: now(), value });
    return value;
  }

  return {
    resolveHostname,
    list: () => repository.list(),
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

function toResolvedBrand(brand: BrandRecord): ResolvedBrand {
  const mediaTypes = brand.mediaTypes.filter(isMediaType) satisfies MediaType[];
  const languages = brand.languages.filter(isLocale) satisfies Locale[];
  return {
    status: brand.status === 'unavailable' ? 'unavailable' : 'active',
    countryCode: brand.countryCode,
    config: {
      id: brand.id,
      slug: brand.slug,
      hostname: brand.hostname,
      name: brand.name,
      logo: brand.logo,
      icon: brand.icon,
      mediaTypes,
      template: brand.template,
      // Corrected once here so every page gets readable colours, whatever the configuration says.
      colors: readableBrandColors(brand.colors),
      support: brand.support,
      companyAddress: brand.companyAddress,
      brandTags: brand.brandTags,
      languages: languages.length > 0 ? languages : ['en-us'],
      billing: brand.billing,
      cdnServer: brand.cdnServer,
      layout: brand.layout,
    },
  };
}

import {
  type Locale,
  type MediaType,
  type SiteConfig,
  isLocale,
  isMediaType,
  readableBrandColors,
} from '@member/domain';

import { type CacheInvalidation, localInvalidation } from '../../shared/shared-store';
import type { BrandRecord, BrandsRepository } from './brands.repository';

export interface ResolvedBrand {
  config: SiteConfig;
  status: 'active' | 'unavailable';
  countryCode: string;
}

export type BrandResolution = { kind: 'found'; brand: ResolvedBrand } | { kind: 'not_found' };

/** How long a resolution is kept when every server hears of a brand change at once (Redis). */
export const SHARED_CACHE_TTL_MS = 5 * 60_000;
/**
 * How long it is kept when a change made elsewhere (the operator's command line, another process) is
 * not heard of: the longest an edit takes to show (decision 027).
 */
export const LOCAL_CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 1_000;

export interface BrandsServiceOptions {
  now?: () => number;
  /** Tells every server of a brand change; this process alone by default. */
  invalidation?: CacheInvalidation;
}

/**
 * Brands are read on every request, so resolutions (including misses) are cached per hostname. A brand
 * change published on the invalidation bus clears the cache at once on every server that hears it
 * (with Redis, all of them); the TTL bounds what a server that did not hear of it shows.
 */
export function createBrandsService(repository: BrandsRepository, options: BrandsServiceOptions = {}) {
  const now = options.now ?? Date.now;
  const invalidation = options.invalidation ?? localInvalidation();
  const ttlMs = invalidation.shared ? SHARED_CACHE_TTL_MS : LOCAL_CACHE_TTL_MS;
  const cache = new Map<string, { at: number; value: BrandResolution }>();
  // A resolution read while a change was being published must not be kept after the clear.
  let generation = 0;
  invalidation.subscribe('brands', () => {
    generation += 1;
    cache.clear();
  });

  async function resolveHostname(rawHostname: string): Promise<BrandResolution> {
    const hostname = normalizeHostname(rawHostname);
    const cached = cache.get(hostname);
    if (cached && now() - cached.at < ttlMs) return cached.value;
    const readIn = generation;
    const brand = hostname ? await repository.findByHostname(hostname) : undefined;
    const value: BrandResolution = brand
      ? { kind: 'found', brand: toResolvedBrand(brand) }
      : { kind: 'not_found' };
    if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
    if (readIn === generation) cache.set(hostname, { at: now(), value });
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
      movedTo: brand.movedTo,
    },
  };
}

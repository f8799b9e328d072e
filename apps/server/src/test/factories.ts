import { MEDIA_TYPES, type Locale, type MediaType } from '@member/domain';

import type { Db } from '../db/database';
import { isoNow, writeJson } from '../db/json';
import { hashPassword } from '../modules/auth/passwords';

let sequence = 0;
const next = () => (sequence += 1);

export interface BrandOptions {
  slug?: string;
  hostnames?: string[];
  layout?: string;
  status?: 'active' | 'unavailable';
  mediaTypes?: readonly MediaType[];
  languages?: Locale[];
  brandTags?: string[];
}

export async function buildBrand(db: Db, options: BrandOptions = {}) {
  const n = next();
  const slug = options.slug ?? `brand${n}`;
  const { id } = await db.kysely
    .insertInto('brands')
    .values({
      slug,
      name: `Brand ${n}`,
      logo: `/static/brands/${slug}/logo.svg`,
      icon: `/static/brands/${slug}/icon.svg`,
      template: 'default',
      layout: options.layout ?? 'default',
      status: options.status ?? 'active',
      media_types: writeJson(options.mediaTypes ?? MEDIA_TYPES),
      colors: writeJson({ accent: '#8b7bff', accentContrast: '#0b0a1f', secondary: '#1c1b2e' }),
      support: writeJson({ email: `support@${slug}.example`, phone: null, hours: null }),
      company_address: writeJson({
        name: slug,
        street: '1 Main St',
        city: 'Town',
        postcode: '00000',
        region: null,
        country: 'US',
      }),
      brand_tags: writeJson(options.brandTags ?? []),
      languages: writeJson(options.languages ?? ['en-us', 'fr-ca', 'de-de']),
      billing: writeJson({ currency: 'USD', symbol: '$', countryCode: 'US', paymentProvider: 'sandbox' }),
      cdn_server: '',
      country_code: 'US',
      created_at: isoNow(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hostnames = options.hostnames ?? [`${slug}.test`];
  await db.kysely
    .insertInto('brand_hostnames')
    .values(hostnames.map((hostname, index) => ({ hostname, brand_id: id, is_primary: index === 0 ? 1 : 0 })))
    .execute();
  return { id, slug, hostname: hostnames[0] ?? `${slug}.test` };
}

const hashCache = new Map<string, Promise<string>>();
/** Hashing is deliberately slow; tests reuse one hash per password. */
function cachedHash(password: string) {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

export interface MemberOptions {
  email?: string;
  password?: string;
  name?: string;
  language?: Locale;
  provider?: string;
  tags?: string[];
  accountType?: string;
}

export const DEFAULT_TEST_PASSWORD = 'correct horse battery staple';

export async function buildMember(db: Db, brandId: number, options: MemberOptions = {}) {
  const n = next();
  const email = options.email ?? `member${n}@example.com`;
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  const { id } = await db.kysely
    .insertInto('members')
    .values({
      brand_id: brandId,
      email,
      name: options.name ?? `Member ${n}`,
      password_hash: await cachedHash(password),
      avatar_url: null,
      timezone: 'America/New_York',
      language: options.language ?? 'en-us',
      provider: options.provider ?? 'sandbox',
      account_type: options.accountType ?? 'member',
      tags: writeJson(options.tags ?? []),
      recipe: null,
      created_at: isoNow(),
      updated_at: isoNow(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email, password };
}

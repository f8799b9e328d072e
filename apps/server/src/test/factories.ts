import { randomUUID } from 'node:crypto';

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
  /** Billing currency and symbol; USD and $ by default. */
  currency?: { code: string; symbol: string };
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
      billing: writeJson({
        currency: options.currency?.code ?? 'USD',
        symbol: options.currency?.symbol ?? '$',
        countryCode: 'US',
        paymentProvider: 'sandbox',
      }),
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

export interface SubscriptionOptions {
  planId?: number | null;
  planName?: string;
  isActive?: boolean;
  isTrial?: boolean;
  /** Marks the subscription canceled: sets cancelRefId, cancelledAt and cancelDate. */
  isCanceled?: boolean;
  startDate?: string;
  nextBillingDate?: string | null;
  endDate?: string | null;
  mediaTypes?: string[];
  offers?: { id: number; name: string; mediaTypes: string[] }[];
}

/** A subscription of a member; `brandId` is taken as given so tests can make mismatched rows on purpose. */
export async function buildSubscription(
  db: Db,
  brandId: number,
  memberId: number,
  options: SubscriptionOptions = {},
) {
  const n = next();
  const planName = options.planName ?? 'Premium';
  const canceledAt = options.isCanceled ? isoNow() : null;
  const refId = `ref-${n}-${randomUUID()}`;
  const { id } = await db.kysely
    .insertInto('subscriptions')
    .values({
      member_id: memberId,
      brand_id: brandId,
      plan_id: options.planId === undefined ? 1 : options.planId,
      plan_name: planName,
      membership_id: `membership-${n}`,
      is_active: (options.isActive ?? true) ? 1 : 0,
      is_trial: options.isTrial ? 1 : 0,
      billing_period_days: 30,
      next_billing_date:
        options.nextBillingDate === undefined ? '2030-01-15T12:00:00.000Z' : options.nextBillingDate,
      start_date: options.startDate ?? isoNow(),
      end_date: options.endDate ?? null,
      ref_id: refId,
      cancelled_at: canceledAt,
      cancel_ref_id: options.isCanceled ? `cancel-${refId}` : null,
      cancel_date: canceledAt,
      media_types: writeJson(options.mediaTypes ?? []),
      offers: writeJson(options.offers ?? [{ id: n, name: planName, mediaTypes: options.mediaTypes ?? [] }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, refId };
}

export interface PlanOptions {
  id?: number;
  brandId?: number | null;
  name?: string;
  currency?: string;
  symbol?: string;
  priceRecurring?: number;
  priceInitial?: number;
  sortOrder?: number;
  /** Prices in other currencies. */
  prices?: { currency: string; symbol: string; priceRecurring: number; priceInitial: number }[];
}

/** Plan ids are not generated by the database; these start high so they never meet a seeded id. */
let planSequence = 10_000;

export async function buildPlan(db: Db, options: PlanOptions = {}) {
  const id = options.id ?? (planSequence += 1);
  await db.kysely
    .insertInto('plans')
    .values({
      id,
      brand_id: options.brandId ?? null,
      name: options.name ?? `Plan ${id}`,
      group_name: 'Test',
      description: `Plan ${id} for tests`,
      trial_period_days: 0,
      price_recurring: options.priceRecurring ?? 1000,
      price_initial: options.priceInitial ?? 100,
      currency: options.currency ?? 'USD',
      symbol: options.symbol ?? '$',
      recurring_interval: 'month',
      recurring_interval_count: 1,
      media_types: writeJson([]),
      is_vpn: 0,
      bonus_coins: 0,
      sort_order: options.sortOrder ?? id,
    })
    .execute();
  for (const price of options.prices ?? []) {
    await db.kysely
      .insertInto('plan_prices')
      .values({
        plan_id: id,
        currency: price.currency,
        symbol: price.symbol,
        price_recurring: price.priceRecurring,
        price_initial: price.priceInitial,
      })
      .execute();
  }
  return { id };
}

import { randomUUID } from 'node:crypto';

import {
  MEDIA_TYPES,
  type Locale,
  type MediaType,
  chargesBefore,
  championBonusCoins,
  nextChargeAfter,
} from '@member/domain';

import type { Db } from '../db/database';
import { isoNow, writeJson } from '../db/json';
import type { NewPlan } from '../db/tables/plans';
import { hashPassword } from '../modules/auth/passwords';
import { seedCatalog } from './catalog';
import { seedDemoGiveaways } from './giveaways';
import { seedMarketplace } from './marketplace';
import { seedImpacts } from './impacts';

/** Shared by every demo member; printed in the README. */
export const DEMO_PASSWORD = 'demo-pass-2026';

interface DemoBrand {
  slug: string;
  name: string;
  layout: string;
  hostnames: string[];
  mediaTypes: readonly MediaType[];
  languages: Locale[];
  colors: { accent: string; accentContrast: string; secondary: string };
  brandTags: string[];
  countryCode: string;
  billing: { currency: string; symbol: string; countryCode: string; paymentProvider: string };
  support: { email: string; phone: string | null; hours: string | null };
  company: {
    name: string;
    street: string;
    city: string;
    postcode: string;
    region: string | null;
    country: string;
  };
}

export const DEMO_BRANDS: readonly DemoBrand[] = [
  {
    slug: 'streamhub',
    name: 'StreamHub',
    layout: 'default',
    // Plain localhost serves the first brand so `npm start` opens on something.
    hostnames: ['streamhub.localhost', 'localhost', '127.0.0.1'],
    mediaTypes: MEDIA_TYPES,
    languages: ['en-us', 'fr-ca', 'de-de', 'it-it', 'pt-pt', 'es-es', 'ja-jp', 'my-ms'],
    colors: { accent: '#8b7bff', accentContrast: '#0b0a1f', secondary: '#1c1b2e' },
    brandTags: ['sweeps'],
    countryCode: 'US',
    billing: { currency: 'USD', symbol: '$', countryCode: 'US', paymentProvider: 'sandbox' },
    support: { email: 'support@streamhub.example', phone: '+1 555 0100', hours: 'Mon-Fri 9:00-17:00 ET' },
    company: {
      name: 'StreamHub Media LLC',
      street: '100 Market Street',
      city: 'Wilmington',
      postcode: '19801',
      region: 'DE',
      country: 'US',
    },
  },
  {
    slug: 'clickcoins',
    name: 'ClickCoins',
    layout: 'clickcoins',
    hostnames: ['clickcoins.localhost'],
    mediaTypes: ['audiobook', 'ebook', 'music', 'movie', 'stream'],
    languages: ['en-us', 'fr-ca', 'es-es', 'pt-pt'],
    colors: { accent: '#ffc53d', accentContrast: '#1a1400', secondary: '#2a2210' },
    // content_access:subscription: titles open only to the subscription's media types (spec section 5).
    brandTags: ['sweeps', 'ecommerce', 'content_access:subscription'],
    countryCode: 'CA',
    billing: { currency: 'CAD', symbol: 'CA$', countryCode: 'CA', paymentProvider: 'sandbox' },
    support: { email: 'help@clickcoins.example', phone: null, hours: null },
    company: {
      name: 'ClickCoins Inc.',
      street: '200 King Street West',
      city: 'Toronto',
      postcode: 'M5H 3T4',
      region: 'ON',
      country: 'CA',
    },
  },
];

type DemoKind = 'active' | 'trial' | 'canceled' | 'free' | 'test' | 'music' | 'japanese';

interface DemoMember {
  kind: DemoKind;
  name: string;
  language: Locale;
  timezone: string;
}

/** The demo accounts of each brand: `<kind>@<slug>.demo`. The trial member has no name on purpose. */
const DEMO_MEMBERS: readonly DemoMember[] = [
  { kind: 'active', name: 'Alex Morgan', language: 'en-us', timezone: 'America/New_York' },
  { kind: 'trial', name: '', language: 'en-us', timezone: 'America/Chicago' },
  { kind: 'canceled', name: 'Camille Roy', language: 'fr-ca', timezone: 'America/Toronto' },
  { kind: 'free', name: 'Sam Lee', language: 'en-us', timezone: 'America/Los_Angeles' },
  { kind: 'test', name: 'QA Tester', language: 'en-us', timezone: 'Europe/London' },
  // Subscribed to music and audiobooks only: refused movies where the brand has the access tag.
  { kind: 'music', name: 'Robin Park', language: 'en-us', timezone: 'Asia/Tokyo' },
  // The Japanese interface and catalogue where the brand offers them (StreamHub), else English.
  { kind: 'japanese', name: '佐藤 遥', language: 'ja-jp', timezone: 'Asia/Tokyo' },
];

export function demoEmail(kind: DemoKind, brandSlug: string): string {
  return `${kind}@${brandSlug}.demo`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoPlan {
  id: number;
  name: string;
  group: string;
  description: string;
  trialDays: number;
  interval: NewPlan['recurring_interval'];
  intervalCount: number;
  mediaTypes: readonly MediaType[];
  isVpn: boolean;
  /** Minor units: [initial, recurring] in USD (the list price) and in CAD. */
  usd: [number, number];
  cad: [number, number];
}

/** The plan catalogue of spec section 6, offered on every brand (null brand), in USD and CAD. */
export const DEMO_PLANS: readonly DemoPlan[] = [
  {
    id: 1,
    name: 'Premium',
    group: 'Premium',
    description: 'Every media type: movies, music, books, audiobooks, games, sports and software.',
    trialDays: 7,
    interval: 'month',
    intervalCount: 1,
    mediaTypes: MEDIA_TYPES,
    isVpn: false,
    usd: [100, 1999],
    cad: [135, 2699],
  },
  {
    id: 2,
    name: 'VPN Platinum',
    group: 'VPN',
    description: 'A private, fast VPN on all your devices.',
    trialDays: 0,
    interval: 'month',
    intervalCount: 1,
    mediaTypes: [],
    isVpn: true,
    usd: [999, 999],
    cad: [1349, 1349],
  },
  {
    id: 3,
    name: 'Multimedia Premium',
    group: 'Premium',
    description: 'Audiobooks, ebooks, music and movies.',
    trialDays: 7,
    interval: 'month',
    intervalCount: 1,
    mediaTypes: ['audiobook', 'ebook', 'music', 'movie'],
    isVpn: false,
    usd: [100, 1499],
    cad: [135, 1999],
  },
  ...(
    [
      [147, 'Champion', 'month', 1, [2499, 3399]],
      [148, 'Champion Plus', 'month', 1, [2999, 3999]],
      [149, 'Champion Elite', 'month', 1, [3999, 5399]],
      [150, 'Champion Elite Quarterly', 'month', 3, [10999, 14899]],
      [151, 'Champion Elite Annual', 'year', 1, [39999, 53999]],
    ] as const
  ).map(([id, name, interval, intervalCount, [usd, cad]]): DemoPlan => ({
    id,
    name,
    group: 'Champion',
    description: `Everything in Premium, ${championBonusCoins(id)} bonus coins every billing period and 30% off in the marketplace.`,
    trialDays: 0,
    interval,
    intervalCount,
    mediaTypes: MEDIA_TYPES,
    isVpn: false,
    usd: [usd, usd],
    cad: [cad, cad],
  })),
];

/**
 * Inserts the demo plans and their CAD prices that are missing; running it again changes nothing.
 * Plans are not tied to a brand, so this also fills databases seeded before plans existed.
 */
export async function seedPlans(db: Db): Promise<number> {
  let inserted = 0;
  await db.kysely.transaction().execute(async (trx) => {
    for (const [index, plan] of DEMO_PLANS.entries()) {
      const result = await trx
        .insertInto('plans')
        .values({
          id: plan.id,
          brand_id: null,
          name: plan.name,
          group_name: plan.group,
          description: plan.description,
          trial_period_days: plan.trialDays,
          price_initial: plan.usd[0],
          price_recurring: plan.usd[1],
          currency: 'USD',
          symbol: '$',
          recurring_interval: plan.interval,
          recurring_interval_count: plan.intervalCount,
          media_types: writeJson(plan.mediaTypes),
          is_vpn: plan.isVpn ? 1 : 0,
          bonus_coins: championBonusCoins(plan.id),
          sort_order: (index + 1) * 10,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
      await trx
        .insertInto('plan_prices')
        .values({
          plan_id: plan.id,
          currency: 'CAD',
          symbol: 'CA$',
          price_initial: plan.cad[0],
          price_recurring: plan.cad[1],
        })
        .onConflict((conflict) => conflict.columns(['plan_id', 'currency']).doNothing())
        .execute();
    }
  });
  return inserted;
}

/** Seeds the demo brands and members once, on an empty database; returns what it made, or null. */
export async function seedDemoData(
  db: Db,
  now: Date = new Date(),
): Promise<{ brands: number; members: number; titles: number } | null> {
  // Before the first-start check: plans are idempotent and databases seeded earlier lack them.
  await seedPlans(db);
  const existing = await db.kysely.selectFrom('brands').select('id').limit(1).executeTakeFirst();
  if (existing) {
    // A first start interrupted during the catalog left demo brands without their seed marker.
    const resumed = await resumeDemoCatalog(db);
    return resumed > 0 ? { brands: 0, members: 0, titles: resumed } : null;
  }
  const hashes = await Promise.all(
    DEMO_BRANDS.flatMap(() => DEMO_MEMBERS.map(() => hashPassword(DEMO_PASSWORD))),
  );
  let members = 0;
  const brandIds: number[] = [];
  await db.kysely.transaction().execute(async (trx) => {
    for (const brand of DEMO_BRANDS) {
      const { id: brandId } = await trx
        .insertInto('brands')
        .values({
          slug: brand.slug,
          name: brand.name,
          logo: `/static/brands/${brand.slug}/logo.svg`,
          icon: `/static/brands/${brand.slug}/icon.svg`,
          template: 'default',
          layout: brand.layout,
          status: 'active',
          media_types: writeJson(brand.mediaTypes),
          colors: writeJson(brand.colors),
          support: writeJson(brand.support),
          company_address: writeJson(brand.company),
          brand_tags: writeJson(brand.brandTags),
          languages: writeJson(brand.languages),
          billing: writeJson(brand.billing),
          cdn_server: '',
          country_code: brand.countryCode,
          created_at: isoNow(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      brandIds.push(brandId);
      await trx
        .insertInto('brand_hostnames')
        .values(
          brand.hostnames.map((hostname, index) => ({
            hostname,
            brand_id: brandId,
            is_primary: index === 0 ? 1 : 0,
          })),
        )
        .execute();

      for (const member of DEMO_MEMBERS) {
        const { id: memberId } = await trx
          .insertInto('members')
          .values({
            brand_id: brandId,
            email: demoEmail(member.kind, brand.slug),
            name: member.name,
            password_hash: hashes[members] ?? '',
            avatar_url: null,
            timezone: member.timezone,
            language: brand.languages.includes(member.language) ? member.language : 'en-us',
            provider: member.kind === 'test' ? 'test' : member.kind === 'free' ? 'free' : 'sandbox',
            account_type: member.kind === 'free' ? 'free' : 'member',
            tags: writeJson(member.kind === 'active' ? ['ma_visited'] : []),
            recipe: null,
            created_at: isoNow(new Date(now.getTime() - 400 * DAY_MS)),
            updated_at: isoNow(now),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        members += 1;
        const currency = brand.billing.currency === 'CAD' ? 'CAD' : 'USD';
        const subscription = demoSubscription(member.kind, now, currency);
        if (subscription) {
          const { history, ...row } = subscription;
          const refId = randomUUID();
          const { id: subscriptionId } = await trx
            .insertInto('subscriptions')
            .values({ ...row, member_id: memberId, brand_id: brandId, ref_id: refId })
            .returning('id')
            .executeTakeFirstOrThrow();
          // The payments of the periods already had: the member's billing history (Account → Membership).
          if (history.length > 0) {
            await trx
              .insertInto('payments')
              .values(
                history.map((charge) => ({
                  id: `pay_demo_${randomUUID()}`,
                  brand_id: brandId,
                  member_id: memberId,
                  provider: 'sandbox',
                  provider_payment_id: `pi_demo_${randomUUID().replaceAll('-', '')}`,
                  checkout_id: null,
                  subscription_id: subscriptionId,
                  purpose: charge.kind,
                  status: 'succeeded' as const,
                  amount_minor: charge.amountMinor,
                  currency,
                  description: `${row.plan_name} ${charge.kind === 'signup' ? 'membership' : 'renewal'}`,
                  metadata: writeJson({ subscription_ref_id: refId, period_start: charge.at }),
                  failure_code: null,
                  idempotency_key:
                    charge.kind === 'renewal' ? `renewal:${String(subscriptionId)}:${charge.at}` : null,
                  created_at: charge.at,
                })),
              )
              .execute();
          }
        }
      }
    }
  });
  // The catalog runs after the brands' transaction, one transaction per brand ending with its seed
  // marker; a start interrupted here is completed by the next one (resumeDemoCatalog above).
  const catalog = await seedCatalog(
    db,
    DEMO_BRANDS.map((brand, index) => ({
      id: brandIds[index] ?? 0,
      mediaTypes: brand.mediaTypes,
      languages: brand.languages,
    })),
  );
  await seedDemoGiveaways(db, brandIds, now);
  await seedMarketplace(db, brandIds);
  await seedImpacts(
    db,
    DEMO_BRANDS.map((brand, index) => ({ id: brandIds[index] ?? 0, languages: brand.languages })),
  );
  return { brands: DEMO_BRANDS.length, members, titles: catalog.titles };
}

/** Seeds the catalog of the demo brands (by slug) that have no seed marker; answers the titles made. */
export async function resumeDemoCatalog(db: Db): Promise<number> {
  const rows = await db.kysely
    .selectFrom('brands')
    .select(['id', 'slug'])
    .where(
      'slug',
      'in',
      DEMO_BRANDS.map((brand) => brand.slug),
    )
    .execute();
  const brands = DEMO_BRANDS.flatMap((brand) => {
    const row = rows.find((candidate) => candidate.slug === brand.slug);
    return row ? [{ id: row.id, mediaTypes: brand.mediaTypes, languages: brand.languages }] : [];
  });
  return (await seedCatalog(db, brands)).titles;
}

/** How long each demo member has been a member, and on what terms (the plan of DEMO_PLANS or an older one). */
const DEMO_TERMS: Record<
  Exclude<DemoKind, 'free'>,
  { startDaysAgo: number; plan: 'premium' | 'music'; endedDaysAgo?: number; cancelledDaysAgo?: number }
> = {
  active: { startDaysAgo: 115, plan: 'premium' },
  test: { startDaysAgo: 115, plan: 'premium' },
  japanese: { startDaysAgo: 115, plan: 'premium' },
  trial: { startDaysAgo: 3, plan: 'premium' },
  // Canceled 40 days ago, at the start of the last paid period, which ended 10 days ago.
  canceled: { startDaysAgo: 197, plan: 'premium', cancelledDaysAgo: 40, endedDaysAgo: 10 },
  music: { startDaysAgo: 70, plan: 'music' },
};

/** An older plan no longer sold, so in no plan catalogue: music and audiobooks, $9.99 or CA$13.49. */
const MUSIC_PLAN = { name: 'Music & Audiobooks', usd: 999, cad: 1349 };

/**
 * A demo member's subscription row and the charges of the periods already had (billing-schedule.ts):
 * the sign-up (Premium's trial price) and a renewal at the end of the trial and of every period,
 * in the brand's currency, so the history, the start and the next billing date agree. The rows keep
 * no price of their own, as before: the demo members have no saved card, so their memberships renew
 * without a charge instead of ending at the first renewal, and a canceled one is not paid for again.
 */
function demoSubscription(kind: DemoKind, now: Date, currency: 'USD' | 'CAD') {
  if (kind === 'free') return null;
  const terms = DEMO_TERMS[kind];
  const at = (days: number) => isoNow(new Date(now.getTime() + days * DAY_MS));
  const premium = DEMO_PLANS[0];
  if (!premium) throw new Error('The demo plans lost Premium.');
  const music = terms.plan === 'music';
  const schedule = {
    start: new Date(now.getTime() - terms.startDaysAgo * DAY_MS),
    trialDays: music ? 0 : premium.trialDays,
    periodDays: 30,
  };
  const [initial, recurring] = music
    ? [MUSIC_PLAN[currency === 'CAD' ? 'cad' : 'usd'], MUSIC_PLAN[currency === 'CAD' ? 'cad' : 'usd']]
    : currency === 'CAD'
      ? premium.cad
      : premium.usd;
  const ended =
    terms.endedDaysAgo === undefined ? null : new Date(now.getTime() - terms.endedDaysAgo * DAY_MS);
  const history = chargesBefore(schedule, ended ?? now).map((charge) => ({
    kind: charge.kind,
    at: isoNow(charge.at),
    amountMinor: charge.kind === 'signup' ? initial : recurring,
  }));
  const next = nextChargeAfter(schedule, now);
  const base = {
    plan_id: 1,
    plan_name: 'Premium',
    membership_id: 'premium-monthly',
    billing_period_days: 30,
    media_types: writeJson([]),
    offers: writeJson([{ id: 1, name: 'Premium', mediaTypes: [] }]),
    cancelled_at: null,
    cancel_ref_id: null,
    cancel_date: null,
    end_date: null,
    start_date: isoNow(schedule.start),
    history,
  };
  switch (kind) {
    case 'active':
    case 'test':
    case 'japanese':
      return { ...base, is_active: 1, is_trial: 0, next_billing_date: isoNow(next) };
    case 'trial':
      return { ...base, is_active: 1, is_trial: 1, next_billing_date: isoNow(next) };
    case 'canceled':
      return {
        ...base,
        is_active: 0,
        is_trial: 0,
        next_billing_date: null,
        cancelled_at: at(-(terms.cancelledDaysAgo ?? 0)),
        cancel_ref_id: randomUUID(),
        cancel_date: at(-(terms.cancelledDaysAgo ?? 0)),
        end_date: ended ? isoNow(ended) : null,
      };
    case 'music':
      return {
        ...base,
        plan_id: null,
        plan_name: MUSIC_PLAN.name,
        membership_id: 'music-audiobooks-monthly',
        media_types: writeJson(['music', 'audiobook']),
        offers: writeJson([{ id: 90, name: MUSIC_PLAN.name, mediaTypes: ['music', 'audiobook'] }]),
        is_active: 1,
        is_trial: 0,
        next_billing_date: isoNow(next),
      };
  }
}

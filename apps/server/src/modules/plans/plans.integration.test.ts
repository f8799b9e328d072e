import { CHAMPION_BONUS_COINS } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PLANS, seedPlans } from '../../seed/demo';
import { buildBrand, buildMember, buildPlan } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { genericToken, graphql, login } from '../../test/http';

const PLAN_FIELDS = `id name group description trialPeriod priceRecurring priceInitial currency symbol
  recurring { interval interval_count }`;

interface PlanResult {
  id: number;
  name: string;
  group: string;
  trialPeriod: number;
  priceRecurring: number;
  priceInitial: number;
  currency: string;
  symbol: string;
  recurring: { interval: string; interval_count: number };
}

interface PlansData {
  plan: { getPlans: PlanResult[] };
}

describe.each(ENGINES)('plan.getPlans (%s)', (engine) => {
  let t: TestApp;
  let usd: { id: number; hostname: string };
  let cad: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    usd = await buildBrand(t.db);
    cad = await buildBrand(t.db, { currency: { code: 'CAD', symbol: 'CA$' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const getPlans = async (host: string) =>
    graphql<PlansData>(
      t.app,
      { host, token: await genericToken(t.app, host) },
      `{ plan { getPlans { ${PLAN_FIELDS} } } }`,
    );

  it('names only the media types the brand carries (issue 14 item 9: no games on ClickCoins)', async () => {
    const noGames = await buildBrand(t.db, {
      mediaTypes: ['audiobook', 'ebook', 'music', 'movie', 'stream'],
    });
    const plan = await buildPlan(t.db, {
      brandId: noGames.id,
      name: 'Everything',
    });
    await t.db.kysely
      .updateTable('plans')
      .set({ media_types: JSON.stringify(['music', 'game', 'software', 'movie']), is_vpn: 1 })
      .where('id', '=', plan.id)
      .execute();
    const answer = await graphql<{ plan: { getPlans: { id: number; mediaTypes: string[] }[] } }>(
      t.app,
      { host: noGames.hostname, token: await genericToken(t.app, noGames.hostname) },
      `
        {
          plan {
            getPlans {
              id
              mediaTypes
            }
          }
        }
      `,
    );
    expect(answer.data?.plan.getPlans.find((one) => one.id === plan.id)?.mediaTypes).toEqual([
      'music',
      'movie',
      'vpn',
    ]);
  });

  it('lists the plans of the brand and of every brand, not those of another brand', async () => {
    const shared = await buildPlan(t.db, { name: 'Everywhere', prices: [cadPrice(1500)] });
    const own = await buildPlan(t.db, { brandId: usd.id, name: 'Only here' });
    const other = await buildPlan(t.db, {
      brandId: cad.id,
      name: 'Only there',
      currency: 'CAD',
      symbol: 'CA$',
    });

    const ids = (await getPlans(usd.hostname)).data?.plan.getPlans.map((plan) => plan.id);
    expect(ids).toEqual(expect.arrayContaining([shared.id, own.id]));
    expect(ids).not.toContain(other.id);

    const there = (await getPlans(cad.hostname)).data?.plan.getPlans.map((plan) => plan.id);
    expect(there).toEqual(expect.arrayContaining([shared.id, other.id]));
    expect(there).not.toContain(own.id);
  });

  it("prices every plan in the brand's currency, and leaves out plans without such a price", async () => {
    const priced = await buildPlan(t.db, {
      priceRecurring: 1999,
      priceInitial: 100,
      prices: [cadPrice(2699)],
    });
    const usdOnly = await buildPlan(t.db, { priceRecurring: 999 });

    const inUsd = (await getPlans(usd.hostname)).data?.plan.getPlans ?? [];
    expect(inUsd.find((plan) => plan.id === priced.id)).toMatchObject({
      priceRecurring: 1999,
      priceInitial: 100,
      currency: 'USD',
      symbol: '$',
      recurring: { interval: 'month', interval_count: 1 },
    });

    const inCad = (await getPlans(cad.hostname)).data?.plan.getPlans ?? [];
    expect(inCad.find((plan) => plan.id === priced.id)).toMatchObject({
      priceRecurring: 2699,
      priceInitial: 135,
      currency: 'CAD',
      symbol: 'CA$',
    });
    expect(inCad.map((plan) => plan.id)).not.toContain(usdOnly.id);
  });

  it('answers a signed-in member too, and refuses a caller without a token', async () => {
    const member = await buildMember(t.db, usd.id);
    const { cookie } = await login(t.app, usd.hostname, member.email, member.password);
    const asMember = await graphql<PlansData>(
      t.app,
      { host: usd.hostname, ...(cookie ? { cookie } : {}) },
      '{ plan { getPlans { id } } }',
    );
    expect(asMember.errors).toBeUndefined();
    expect(asMember.data?.plan.getPlans.length).toBeGreaterThan(0);

    const anonymous = await graphql(t.app, { host: usd.hostname }, '{ plan { getPlans { id } } }');
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('seeds Premium, VPN Platinum, multimedia premium and the Champion plans once, in both currencies', async () => {
    expect(await seedPlans(t.db)).toBe(DEMO_PLANS.length);
    expect(await seedPlans(t.db)).toBe(0);

    for (const brand of [usd, cad]) {
      const plans = (await getPlans(brand.hostname)).data?.plan.getPlans ?? [];
      const names = plans.map((plan) => plan.name);
      expect(names).toEqual(expect.arrayContaining(['Premium', 'VPN Platinum', 'Multimedia Premium']));
      expect(plans.find((plan) => plan.id === 1)).toMatchObject({
        name: 'Premium',
        recurring: { interval: 'month', interval_count: 1 },
      });
      const champions = plans.filter((plan) => plan.group === 'Champion').map((plan) => plan.id);
      expect(champions).toEqual([147, 148, 149, 150, 151]);
      expect(new Set(plans.map((plan) => plan.currency))).toEqual(new Set([brand === usd ? 'USD' : 'CAD']));
    }

    const stored = await t.db.kysely
      .selectFrom('plans')
      .select(['id', 'bonus_coins'])
      .where('id', '>=', 147)
      .where('id', '<=', 151)
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(stored.map((row) => [row.id, row.bonus_coins]))).toEqual(CHAMPION_BONUS_COINS);
  });
});

function cadPrice(priceRecurring: number) {
  return { currency: 'CAD', symbol: 'CA$', priceRecurring, priceInitial: 135 };
}

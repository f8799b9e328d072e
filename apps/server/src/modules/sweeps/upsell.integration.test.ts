import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedPlans } from '../../seed/demo';
import { buildBrand, buildSubscription } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { type Caller, graphql, signInNewMember } from '../../test/http';
import { type BillingTestApp, createBillingTestApp, payOnHostedPage } from '../payments/billing.test-helpers';

/*
 * Upsells (decision 032) and the giveaway cancel option, on both engines: offers priced from the
 * seventh funnel entry, displayed once (`upsell_displayed` by the server), delivered once per verified
 * payment with `cm_upsell`, never on the browser's word; and the cancellation forfeiting monthly-exclusive
 * free entries while bought ones stay.
 */

const LIST = `query ($brandId: Int!) { sweep { listByBrand(brandId: $brandId) { id member_entries prices { id entries } } } }`;
const BUY = `mutation ($sweepId: Int!, $priceId: Int!) { sweep {
  buyEntries(sweepId: $sweepId, priceId: $priceId, over18: true) { responseResult { succeeded slug } url } } }`;
const SHOW = `mutation ($sweepId: Int!) { sweep { showUpsell(sweepId: $sweepId) {
  responseResult { succeeded slug } offers { offer kind currency symbol amount regularAmount entries accessDays planName sweepId } } } }`;
const OFFERS = `query ($sweepId: Int!, $source: String!) { sweep { upsellOffers(sweepId: $sweepId, source: $source) {
  offer amount entries sweepId } } }`;
const TAKE = `mutation ($sweepId: Int!, $offer: String!, $source: String!, $over18: Boolean!) { sweep {
  takeUpsell(sweepId: $sweepId, offer: $offer, source: $source, over18: $over18) { responseResult { succeeded slug } url } } }`;
const RECEIPT = `query ($id: String!) { sweep { receipt(checkoutId: $id) {
  purpose outcome amount currency offer sweepId entries transactionId planName nextBillingDate } } }`;
const CONFIRM = `mutation ($sweepId: Int!, $entries: Int!) { sweep {
  addEntriesAfterPaypalSuccess(sweepId: $sweepId, entries: $entries) { responseResult { succeeded slug } transactionId } } }`;
const SET_TAGS = `mutation ($tags: [String!]!) { member { setTags(tags: $tags) { responseResult { succeeded errorCode } } } }`;

const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const DAY = 86_400_000;

interface Result {
  succeeded: boolean;
  slug: string | null;
}
interface Offer {
  offer: string;
  kind: string | null;
  amount: number;
  regularAmount: number | null;
  entries: number | null;
  accessDays: number | null;
  planName: string | null;
  sweepId: number;
}

const checkoutIdOf = (url: string) => url.split('/').pop() ?? '';

describe.each(ENGINES)('giveaway upsells (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createBillingTestApp(engine, { loginRateLimitPerMinute: 100_000 });
    await seedPlans(t.db);
    brand = await buildBrand(t.db, { brandTags: ['sweeps_for_all'] });
  });
  afterAll(async () => {
    await t.close();
  });

  async function makeSweep(options: { monthlyExclusive?: boolean; tags?: string[] } = {}) {
    const now = Date.now();
    const { id } = await t.services.sweeps.createSweep({
      brandId: brand.id,
      refNumber: `U-${Math.random().toString(36).slice(2, 10)}`,
      name: 'Win a bike',
      productName: 'Bike',
      description: 'A bike.',
      image: '/static/sweeps/bike.webp',
      startDate: new Date(now - DAY).toISOString(),
      endDate: new Date(now + 10 * DAY).toISOString(),
      startAvailableDate: new Date(now - DAY).toISOString(),
      endAvailableDate: new Date(now + 10 * DAY).toISOString(),
      monthlyExclusive: options.monthlyExclusive ?? false,
      tags: options.tags ?? [],
      entries: null,
      prices: [{ currency: 'USD', symbol: '$', countryCode: null, entries: 10, amountMinor: 300 }],
      multipliers: [],
    });
    return id;
  }

  const entriesOf = async (caller: Caller, sweepId: number) => {
    const result = await graphql<{ sweep: { listByBrand: { id: number; member_entries: number }[] } }>(
      t.app,
      caller,
      LIST,
      { brandId: brand.id },
    );
    return result.data?.sweep.listByBrand.find((sweep) => sweep.id === sweepId)?.member_entries ?? -1;
  };

  const tagsOf = async (memberId: number) =>
    JSON.parse(
      (
        await t.db.kysely
          .selectFrom('members')
          .select('tags')
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow()
      ).tags,
    ) as string[];

  /** A member with a movie-only membership who bought 10 entries on a new giveaway. */
  async function buyer() {
    const sweepId = await makeSweep();
    const member = await signInNewMember(t, brand);
    await buildSubscription(t.db, brand.id, member.id, { isActive: true, mediaTypes: ['movie'] });
    const list = await graphql<{ sweep: { listByBrand: { id: number; prices: { id: number }[] }[] } }>(
      t.app,
      member.caller,
      LIST,
      { brandId: brand.id },
    );
    const priceId = list.data?.sweep.listByBrand.find((sweep) => sweep.id === sweepId)?.prices[0]?.id;
    const bought = await graphql<{ sweep: { buyEntries: { url: string } } }>(t.app, member.caller, BUY, {
      sweepId,
      priceId,
    });
    const url = bought.data?.sweep.buyEntries.url ?? '';
    await payOnHostedPage(t.app, brand.hostname, url, { number: CARD_OK }, member.cookie);
    return { member, sweepId, checkoutId: checkoutIdOf(url) };
  }

  const show = async (caller: Caller, sweepId: number) =>
    (
      await graphql<{ sweep: { showUpsell: { responseResult: Result; offers: Offer[] } } }>(
        t.app,
        caller,
        SHOW,
        {
          sweepId,
        },
      )
    ).data?.sweep.showUpsell;

  const take = async (caller: Caller, sweepId: number, offer: string, source = 'upsell', over18 = true) =>
    (
      await graphql<{ sweep: { takeUpsell: { responseResult: Result; url: string | null } } }>(
        t.app,
        caller,
        TAKE,
        {
          sweepId,
          offer,
          source,
          over18,
        },
      )
    ).data?.sweep.takeUpsell;

  it('lists giveaways in the menu only where the server enables them', async () => {
    const MENU = `query ($brandId: Int!) { content { menuItems(brandId: $brandId) { type title } } }`;
    const menuOf = async (caller: Caller, brandId: number, country?: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/membergraphapi/graphql',
        headers: {
          host: caller.host,
          cookie: caller.cookie,
          'content-type': 'application/json',
          ...(country ? { 'x-country-code': country } : {}),
        },
        payload: { query: MENU, variables: { brandId } },
      });
      return response
        .json<{ data: { content: { menuItems: { type: string }[] } } }>()
        .data.content.menuItems.map((item) => item.type);
    };
    const member = await signInNewMember(t, brand);
    expect(await menuOf(member.caller, brand.id)).toContain('giveaways');
    expect(await menuOf(member.caller, brand.id, 'GB')).not.toContain('giveaways');
    const disabled = await signInNewMember(t, brand, { tags: ['sweep_features:disabled'] });
    expect(await menuOf(disabled.caller, brand.id)).not.toContain('giveaways');
    const optIn = await buildBrand(t.db, { brandTags: ['sweeps'] });
    const plain = await signInNewMember(t, optIn);
    expect(await menuOf(plain.caller, optIn.id)).not.toContain('giveaways');
    const tagged = await signInNewMember(t, optIn, { tags: ['sweepsattack:enable'] });
    expect(await menuOf(tagged.caller, optIn.id)).toContain('giveaways');
  });

  it('shows the receipt of a bought pack as the server granted it, never before the payment', async () => {
    const sweepId = await makeSweep();
    const member = await signInNewMember(t, brand);
    const list = await graphql<{ sweep: { listByBrand: { id: number; prices: { id: number }[] }[] } }>(
      t.app,
      member.caller,
      LIST,
      { brandId: brand.id },
    );
    const priceId = list.data?.sweep.listByBrand.find((sweep) => sweep.id === sweepId)?.prices[0]?.id;
    const bought = await graphql<{ sweep: { buyEntries: { url: string } } }>(t.app, member.caller, BUY, {
      sweepId,
      priceId,
    });
    const url = bought.data?.sweep.buyEntries.url ?? '';
    const receipt = async (caller: Caller) =>
      graphql<{ sweep: { receipt: Record<string, unknown> } }>(t.app, caller, RECEIPT, {
        id: checkoutIdOf(url),
      });
    expect((await receipt(member.caller)).data?.sweep.receipt).toMatchObject({
      purpose: 'entries',
      outcome: 'pending',
      entries: null,
      transactionId: null,
    });
    await payOnHostedPage(t.app, brand.hostname, url, { number: CARD_DECLINED }, member.cookie);
    expect((await receipt(member.caller)).data?.sweep.receipt).toMatchObject({
      outcome: 'pending',
      entries: null,
    });
    await payOnHostedPage(t.app, brand.hostname, url, { number: CARD_OK }, member.cookie);
    const paid = (await receipt(member.caller)).data?.sweep.receipt;
    expect(paid).toMatchObject({
      purpose: 'entries',
      outcome: 'paid',
      amount: 3,
      currency: 'USD',
      entries: 10,
      sweepId,
    });
    expect(paid?.transactionId).toMatch(/^pay/);
    // Another member cannot read it.
    const other = await signInNewMember(t, brand);
    expect((await receipt(other.caller)).errors?.[0]?.extensions.slug).toBe('checkout_not_found');
  });

  it('displays the upsell once, priced from the seventh funnel entry, and delivers triple entries once', async () => {
    const { member, sweepId } = await buyer();
    expect(await entriesOf(member.caller, sweepId)).toBe(10);

    // Nothing can be taken before the upsell was displayed.
    expect((await take(member.caller, sweepId, 'triple'))?.responseResult.slug).toBe(
      'upsell_offer_unavailable',
    );

    // The funnel's seventh entry for the VPN plan (a movie-only member gets the VPN upsell).
    const funnel = await t.app.inject({
      method: 'POST',
      url: '/subscriptionflow/v1/signup_plan/funnels/get',
      headers: { host: brand.hostname, cookie: member.cookie, 'content-type': 'application/json' },
      payload: { plan: 2 },
    });
    const seventh = funnel.json<{ symbol: string; ppp_recurring: string }[]>()[6];
    expect(seventh).toMatchObject({ symbol: '$', ppp_recurring: '9.99' });

    const shown = await show(member.caller, sweepId);
    expect(shown?.responseResult.succeeded).toBe(true);
    expect(shown?.offers).toEqual([
      {
        offer: 'access',
        kind: 'vpn',
        currency: 'USD',
        symbol: '$',
        amount: 9.99,
        regularAmount: null,
        entries: null,
        accessDays: 20,
        planName: 'VPN Platinum',
        sweepId,
      },
      {
        offer: 'triple',
        kind: null,
        currency: 'USD',
        symbol: '$',
        amount: 9.99,
        regularAmount: null,
        entries: 20,
        accessDays: null,
        planName: null,
        sweepId,
      },
    ]);
    expect(await tagsOf(member.id)).toContain('upsell_displayed');
    // Once: a second display offers nothing.
    expect((await show(member.caller, sweepId))?.offers).toEqual([]);

    // The member cannot set or clear the server's upsell tags.
    for (const tag of ['upsell_displayed:disabled', 'cm_upsell', 'upsell_displayed']) {
      const refused = await graphql<{ member: { setTags: { responseResult: { errorCode: string } } } }>(
        t.app,
        member.caller,
        SET_TAGS,
        { tags: [tag] },
      );
      expect(refused.data?.member.setTags.responseResult.errorCode).toBe('FORBIDDEN');
    }

    expect((await take(member.caller, sweepId, 'triple', 'upsell', false))?.responseResult.slug).toBe(
      'sweep_age_not_confirmed',
    );
    const taken = await take(member.caller, sweepId, 'triple');
    const url = taken?.url ?? '';
    expect(url).toMatch(/^\/paymentflow\/checkout\//);
    // A declined card delivers nothing, and the funnel then offers what is left.
    const declined = await payOnHostedPage(
      t.app,
      brand.hostname,
      url,
      { number: CARD_DECLINED },
      member.cookie,
    );
    expect(declined.state).not.toMatchObject({ is_success: true });
    expect(await entriesOf(member.caller, sweepId)).toBe(10);
    const funnelOffers = await graphql<{ sweep: { upsellOffers: Offer[] } }>(t.app, member.caller, OFFERS, {
      sweepId,
      source: 'funnel',
    });
    expect(funnelOffers.data?.sweep.upsellOffers.map((offer) => offer.offer)).toEqual([
      'access',
      'triple',
      'bonus',
    ]);

    const paid = await payOnHostedPage(t.app, brand.hostname, url, { number: CARD_OK }, member.cookie);
    expect(paid.state).toMatchObject({ is_success: true, slug: 'upsell' });
    expect(await entriesOf(member.caller, sweepId)).toBe(30);
    expect(await tagsOf(member.id)).toContain('cm_upsell');
    const receipt = await graphql<{
      sweep: { receipt: { transactionId: string } & Record<string, unknown> };
    }>(t.app, member.caller, RECEIPT, { id: checkoutIdOf(url) });
    expect(receipt.data?.sweep.receipt).toMatchObject({
      purpose: 'upsell',
      outcome: 'paid',
      offer: 'triple',
      entries: 20,
      amount: 9.99,
      sweepId,
    });

    // The same verified payment handled 50 times (in parallel) delivers once.
    const transactionId = receipt.data?.sweep.receipt.transactionId ?? '';
    await Promise.all(
      Array.from({ length: 50 }, () =>
        t.services.upsells.fulfilUpsell({
          id: transactionId,
          brandId: brand.id,
          memberId: member.id,
          amountMinor: 999,
          currency: 'USD',
          metadata: { offer: 'triple', source: 'upsell', sweepId: String(sweepId), entries: '20' },
          purpose: 'upsell',
          checkoutId: checkoutIdOf(url),
          createdAt: new Date().toISOString(),
        }),
      ),
    );
    expect(await entriesOf(member.caller, sweepId)).toBe(30);
    const rows = await t.db.kysely
      .selectFrom('sweep_entries')
      .select('id')
      .where('member_id', '=', member.id)
      .where('reference_kind', '=', 'upsell_triple')
      .execute();
    expect(rows).toHaveLength(1);

    // Once one is taken: only the one-time bonus is left.
    const left = await graphql<{ sweep: { upsellOffers: Offer[] } }>(t.app, member.caller, OFFERS, {
      sweepId,
      source: 'bonus',
    });
    expect(left.data?.sweep.upsellOffers).toEqual([{ offer: 'bonus', amount: 5, entries: 100, sweepId }]);
    expect((await take(member.caller, sweepId, 'access'))?.responseResult.slug).toBe(
      'upsell_offer_unavailable',
    );
  });

  it('displays the upsell once to 20 simultaneous calls: one answers the offers, the others none', async () => {
    const { member, sweepId } = await buyer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => show(member.caller, sweepId)));
    for (const answer of answers) expect(answer?.responseResult.succeeded).toBe(true);
    const withOffers = answers.filter((answer) => (answer?.offers.length ?? 0) > 0);
    expect(withOffers).toHaveLength(1);
    expect(withOffers[0]?.offers.map((offer) => offer.offer)).toEqual(['access', 'triple']);
    const tags = await tagsOf(member.id);
    expect(tags.filter((tag) => tag.startsWith('upsell_displayed'))).toEqual(['upsell_displayed']);
    expect((await show(member.caller, sweepId))?.offers).toEqual([]);
  });

  it('delivers the access offer as one subscription of 20 days, then monthly, under 50 replays', async () => {
    const { member, sweepId } = await buyer();
    await show(member.caller, sweepId);
    const url = (await take(member.caller, sweepId, 'access'))?.url ?? '';
    expect(url).toMatch(/^\/paymentflow\/checkout\//);
    await payOnHostedPage(t.app, brand.hostname, url, { number: CARD_OK }, member.cookie);
    const receipt = await graphql<{
      sweep: { receipt: { transactionId: string } & Record<string, unknown> };
    }>(t.app, member.caller, RECEIPT, { id: checkoutIdOf(url) });
    expect(receipt.data?.sweep.receipt).toMatchObject({
      purpose: 'upsell',
      outcome: 'paid',
      offer: 'access',
      planName: 'VPN Platinum',
      amount: 9.99,
    });
    const payment = await t.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', receipt.data?.sweep.receipt.transactionId ?? '')
      .executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 50 }, () =>
        t.services.upsells.fulfilUpsell({
          id: payment.id,
          brandId: brand.id,
          memberId: member.id,
          amountMinor: payment.amount_minor,
          currency: payment.currency,
          metadata: JSON.parse(payment.metadata) as Record<string, string>,
          purpose: 'upsell',
          checkoutId: payment.checkout_id,
          createdAt: payment.created_at,
        }),
      ),
    );
    const subscriptions = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('member_id', '=', member.id)
      .where('plan_id', '=', 2)
      .execute();
    expect(subscriptions).toHaveLength(1);
    const [access] = subscriptions;
    expect(access).toMatchObject({ is_active: 1, is_trial: 0, billing_period_days: 30, price_minor: 999 });
    const days = (Date.parse(access?.next_billing_date ?? '') - Date.parse(access?.start_date ?? '')) / DAY;
    expect(days).toBe(20);
    expect(await tagsOf(member.id)).toContain('cm_upsell');
  });

  it('refuses forged grants: no receipt, confirmation or delivery without a verified payment', async () => {
    const { member, sweepId } = await buyer();
    // The spec's confirmation grants nothing: a made-up count is refused.
    const forged = await graphql<{ sweep: { addEntriesAfterPaypalSuccess: { responseResult: Result } } }>(
      t.app,
      member.caller,
      CONFIRM,
      { sweepId, entries: 1000 },
    );
    expect(forged.data?.sweep.addEntriesAfterPaypalSuccess.responseResult.slug).toBe(
      'sweep_payment_not_verified',
    );
    // Unknown offers and sources, and another member's checkout.
    await show(member.caller, sweepId);
    expect((await take(member.caller, sweepId, 'free_entries'))?.responseResult.slug).toBe(
      'upsell_offer_unavailable',
    );
    expect((await take(member.caller, sweepId, 'bonus', 'admin'))?.responseResult.slug).toBe(
      'upsell_offer_unavailable',
    );
    const url = (await take(member.caller, sweepId, 'bonus', 'bonus'))?.url ?? '';
    const stranger = await signInNewMember(t, brand);
    const peek = await graphql(t.app, stranger.caller, RECEIPT, { id: checkoutIdOf(url) });
    expect(peek.errors?.[0]?.extensions.slug).toBe('checkout_not_found');
    const garbage = await graphql(t.app, member.caller, RECEIPT, { id: '../../etc/passwd' });
    expect(garbage.errors?.[0]?.extensions.slug).toBe('checkout_not_found');
    // A payment whose metadata names no member or offer delivers nothing.
    await expect(
      t.services.upsells.fulfilUpsell({
        id: 'pay_forged',
        brandId: brand.id,
        memberId: null,
        amountMinor: 1,
        currency: 'USD',
        metadata: { offer: 'bonus', sweepId: String(sweepId), entries: '100' },
        purpose: 'upsell',
        checkoutId: null,
        createdAt: new Date().toISOString(),
      }),
    ).rejects.toThrow();
    expect(await entriesOf(member.caller, sweepId)).toBe(10);
    // The bonus goes to the giveaway the member is on (no giveaway has the default tag), once paid.
    await payOnHostedPage(t.app, brand.hostname, url, { number: CARD_OK }, member.cookie);
    expect(await entriesOf(member.caller, sweepId)).toBe(110);
    const again = await graphql<{ sweep: { upsellOffers: Offer[] } }>(t.app, member.caller, OFFERS, {
      sweepId,
      source: 'bonus',
    });
    expect(again.data?.sweep.upsellOffers.map((offer) => offer.offer)).not.toContain('bonus');
  });

  it('sends the bonus offer’s entries to the giveaway with the default bonus tag', async () => {
    const tagged = await makeSweep({ tags: ['bonus_offer_default'] });
    const { member, sweepId } = await buyer();
    await show(member.caller, sweepId);
    const offers = await graphql<{ sweep: { upsellOffers: Offer[] } }>(t.app, member.caller, OFFERS, {
      sweepId,
      source: 'bonus',
    });
    expect(offers.data?.sweep.upsellOffers.find((offer) => offer.offer === 'bonus')?.sweepId).toBe(tagged);
  });

  it('cancels with the giveaway option: monthly-exclusive free entries forfeited, bought entries stay', async () => {
    const monthly = await makeSweep({ monthlyExclusive: true });
    const member = await signInNewMember(t, brand);
    const subscription = await buildSubscription(t.db, brand.id, member.id, {
      isActive: true,
      mediaTypes: ['movie'],
    });
    const free = await graphql<{ sweep: { enterFree: { responseResult: Result } } }>(
      t.app,
      member.caller,
      `
        mutation ($sweepId: Int!) {
          sweep {
            enterFree(sweepId: $sweepId, over18: true) {
              responseResult {
                succeeded
                slug
              }
            }
          }
        }
      `,
      { sweepId: monthly },
    );
    expect(free.data?.sweep.enterFree.responseResult.succeeded).toBe(true);
    const list = await graphql<{ sweep: { listByBrand: { id: number; prices: { id: number }[] }[] } }>(
      t.app,
      member.caller,
      LIST,
      { brandId: brand.id },
    );
    const priceId = list.data?.sweep.listByBrand.find((sweep) => sweep.id === monthly)?.prices[0]?.id;
    const bought = await graphql<{ sweep: { buyEntries: { url: string } } }>(t.app, member.caller, BUY, {
      sweepId: monthly,
      priceId,
    });
    await payOnHostedPage(
      t.app,
      brand.hostname,
      bought.data?.sweep.buyEntries.url ?? '',
      { number: CARD_OK },
      member.cookie,
    );
    expect(await entriesOf(member.caller, monthly)).toBe(11);

    await graphql(
      t.app,
      member.caller,
      `
        mutation ($id: String!) {
          member {
            presentRetentionOffer(subscriptionId: $id) {
              responseResult {
                succeeded
              }
            }
          }
        }
      `,
      { id: subscription.refId },
    );
    const cancelled = await graphql<{ member: { cancelSubscription: { responseResult: Result } } }>(
      t.app,
      member.caller,
      `
        mutation ($input: CancelSubscriptionInput!) {
          member {
            cancelSubscription(input: $input) {
              responseResult {
                succeeded
                slug
              }
            }
          }
        }
      `,
      {
        input: {
          subscriptionId: subscription.refId,
          confirm: true,
          option: 'giveaway',
          forfeitMonthlyExclusiveEntries: true,
        },
      },
    );
    expect(cancelled.data?.member.cancelSubscription.responseResult.succeeded).toBe(true);
    // The free entry is forfeited in the same flow; the 10 bought entries stay active.
    expect(await entriesOf(member.caller, monthly)).toBe(10);
    const rows = await t.db.kysely
      .selectFrom('sweep_entries')
      .select(['source', 'forfeited_at'])
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.source, row.forfeited_at !== null])).toEqual([
      ['free', true],
      ['payment', false],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readJson } from '../../db/json';
import { buildBrand } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { type Caller, graphql, signInNewMember } from '../../test/http';
import {
  BUY_COINS,
  type BillingTestApp,
  createBillingTestApp,
  payOnHostedPage,
} from '../payments/billing.test-helpers';
import type { ProviderPaymentIntent, ProviderRefund } from '../payments/provider';

const LIST = `query ($brandId: Int!) { sweep { listByBrand(brandId: $brandId) {
  id member_entries total_entries_sold prices { id entries } } } }`;
const BUY = `mutation ($sweepId: Int!, $priceId: Int!) { sweep {
  buyEntries(sweepId: $sweepId, priceId: $priceId, over18: true) { responseResult { succeeded slug } url } } }`;
const RECEIPT = `query ($checkoutId: String!) { sweep { receipt(checkoutId: $checkoutId) { outcome entries } } }`;

const DAY = 86_400_000;
const PAID_CARD = { number: '4242 4242 4242 4242' };

interface ListedSweep {
  id: number;
  member_entries: number;
  total_entries_sold: number;
  prices: { id: number; entries: number }[];
}

/**
 * Decision 023's cap holds: a checkout for entries holds them of the cap while it may be paid; once it
 * expires unpaid the billing job gives them back, exactly once; a payment that arrives after that is
 * granted if the cap still has room, and refunded otherwise.
 */
describe.each(ENGINES)('giveaway cap holds of expired checkouts (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createBillingTestApp(engine, { loginRateLimitPerMinute: 100_000 });
    brand = await buildBrand(t.db, { brandTags: ['sweeps_for_all'] });
  });
  afterAll(async () => {
    await t.close();
  });

  async function makeSweep(cap: number) {
    const now = Date.now();
    const { id } = await t.services.sweeps.createSweep({
      brandId: brand.id,
      refNumber: `S-${Math.random().toString(36).slice(2, 10)}`,
      name: 'Win a bike',
      productName: 'Bike',
      description: 'A bike.',
      image: '/static/sweeps/bike.webp',
      startDate: new Date(now - DAY).toISOString(),
      endDate: new Date(now + 10 * DAY).toISOString(),
      startAvailableDate: new Date(now - DAY).toISOString(),
      endAvailableDate: new Date(now + 10 * DAY).toISOString(),
      monthlyExclusive: false,
      tags: [],
      entries: cap,
      prices: [{ currency: 'USD', symbol: '$', countryCode: null, entries: 1, amountMinor: 100 }],
      multipliers: [],
    });
    return id;
  }

  async function view(caller: Caller, sweepId: number): Promise<ListedSweep | undefined> {
    const result = await graphql<{ sweep: { listByBrand: ListedSweep[] } }>(t.app, caller, LIST, {
      brandId: brand.id,
    });
    return result.data?.sweep.listByBrand.find((sweep) => sweep.id === sweepId);
  }

  /** Opens a checkout for one entry; the url, the checkout's id, or the refusal's slug. */
  async function buy(caller: Caller, sweepId: number) {
    const priceId = (await view(caller, sweepId))?.prices[0]?.id;
    const result = await graphql<{
      sweep: { buyEntries: { responseResult: { slug: string | null }; url: string | null } };
    }>(t.app, caller, BUY, { sweepId, priceId });
    const url = result.data?.sweep.buyEntries.url ?? '';
    return {
      url,
      checkoutId: url.split('/').pop() ?? '',
      slug: result.data?.sweep.buyEntries.responseResult.slug ?? null,
    };
  }

  const reserved = async (sweepId: number) =>
    (
      await t.db.kysely
        .selectFrom('sweeps')
        .select(['entries_reserved', 'total_entries_sold'])
        .where('id', '=', sweepId)
        .executeTakeFirstOrThrow()
    ).entries_reserved;

  const hold = (checkoutId: string) =>
    t.db.kysely
      .selectFrom('sweep_entry_holds')
      .selectAll()
      .where('checkout_id', '=', checkoutId)
      .executeTakeFirstOrThrow();

  /** Moves a checkout's expiry (the clock passing, or a provider's page that still takes payments). */
  const setExpiry = (checkoutId: string, at: Date) =>
    t.db.kysely
      .updateTable('checkouts')
      .set({ expires_at: at.toISOString() })
      .where('id', '=', checkoutId)
      .execute();
  const expire = (checkoutId: string) => setExpiry(checkoutId, new Date(Date.now() - 60_000));

  const paymentOf = (checkoutId: string) =>
    t.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('checkout_id', '=', checkoutId)
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();

  it('gives an expired checkout’s entries back once, and they are sold again', async () => {
    const sweepId = await makeSweep(3);
    const member = await signInNewMember(t, brand);
    const opened = [await buy(member.caller, sweepId), await buy(member.caller, sweepId)];
    const third = await buy(member.caller, sweepId);
    expect(opened.map((checkout) => checkout.slug)).toEqual([null, null]);
    expect((await buy(member.caller, sweepId)).slug).toBe('sweep_sold_out');
    expect(await reserved(sweepId)).toBe(3);

    await expire(third.checkoutId);
    const swept = await t.services.subscriptions.runBillingJob();
    expect(swept.holdsReleased).toBeGreaterThanOrEqual(1);
    expect(await reserved(sweepId)).toBe(2);
    expect((await hold(third.checkoutId)).released_at).not.toBeNull();
    // The two open checkouts keep theirs.
    for (const checkout of opened) expect((await hold(checkout.checkoutId)).released_at).toBeNull();
    // Sweeping again gives nothing more back.
    await t.services.payments.sweepUnfulfilled();
    expect(await reserved(sweepId)).toBe(2);

    const again = await buy(member.caller, sweepId);
    expect(again.slug).toBeNull();
    expect(await reserved(sweepId)).toBe(3);
    expect(
      (await payOnHostedPage(t.app, brand.hostname, again.url, PAID_CARD, member.cookie)).state,
    ).toMatchObject({ is_success: true });
    expect(await view(member.caller, sweepId)).toMatchObject({ member_entries: 1, total_entries_sold: 1 });
    expect(await reserved(sweepId)).toBe(3);
  });

  it('releases each hold once however many sweeps run at once', { timeout: 60_000 }, async () => {
    const sweepId = await makeSweep(5);
    const member = await signInNewMember(t, brand);
    const checkouts = [await buy(member.caller, sweepId), await buy(member.caller, sweepId)];
    for (const checkout of checkouts) await expire(checkout.checkoutId);
    expect(await reserved(sweepId)).toBe(2);

    const runs = await Promise.all([
      ...Array.from({ length: 20 }, () => t.services.sweeps.releaseAbandonedHolds()),
      ...checkouts.map((checkout) => t.services.sweeps.releaseHoldOf(checkout.checkoutId).then(Number)),
    ]);
    expect(runs.reduce((sum, released) => sum + released, 0)).toBe(2);
    expect(await reserved(sweepId)).toBe(0);
  });

  it('grants a payment that arrives after the release while the cap has room', async () => {
    const sweepId = await makeSweep(1);
    const member = await signInNewMember(t, brand);
    const late = await buy(member.caller, sweepId);
    await expire(late.checkoutId);
    await t.services.payments.sweepUnfulfilled();
    expect(await reserved(sweepId)).toBe(0);

    // The page still took the payment (as a provider's page may after our own expiry).
    await setExpiry(late.checkoutId, new Date(Date.now() + 60_000));
    const paid = await payOnHostedPage(t.app, brand.hostname, late.url, PAID_CARD, member.cookie);
    expect(paid.state).toMatchObject({ is_success: true });
    expect(await view(member.caller, sweepId)).toMatchObject({ member_entries: 1, total_entries_sold: 1 });
    expect(await reserved(sweepId)).toBe(1);
    expect(await hold(late.checkoutId)).toMatchObject({
      refunded_at: null,
      taken_at: expect.any(String) as string,
    });

    // The same payment handled again grants nothing more and reserves nothing more.
    const payment = await paymentOf(late.checkoutId);
    const replays = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.services.sweeps.grantPaidEntries({
          id: payment.id,
          brandId: brand.id,
          memberId: member.id,
          amountMinor: payment.amount_minor,
          currency: payment.currency,
          metadata: readJson<Record<string, string>>(payment.metadata, {}),
          createdAt: payment.created_at,
          checkoutId: late.checkoutId,
        }),
      ),
    );
    expect(replays.filter(Boolean)).toEqual([]);
    expect(await view(member.caller, sweepId)).toMatchObject({ member_entries: 1 });
    expect(await reserved(sweepId)).toBe(1);
    await expire(late.checkoutId);
    await t.services.payments.sweepUnfulfilled();
    expect(await reserved(sweepId)).toBe(1);
  });

  it(
    'refunds once, and grants nothing, a payment after the release when the cap is full',
    { timeout: 60_000 },
    async () => {
      const sweepId = await makeSweep(1);
      const late = await signInNewMember(t, brand);
      const other = await signInNewMember(t, brand);
      const lateCheckout = await buy(late.caller, sweepId);
      await expire(lateCheckout.checkoutId);
      await t.services.payments.sweepUnfulfilled();
      // The space went back and another member holds it now.
      const otherCheckout = await buy(other.caller, sweepId);
      expect(otherCheckout.slug).toBeNull();
      expect(await reserved(sweepId)).toBe(1);

      await setExpiry(lateCheckout.checkoutId, new Date(Date.now() + 60_000));
      await payOnHostedPage(t.app, brand.hostname, lateCheckout.url, PAID_CARD, late.cookie);
      const payment = await paymentOf(lateCheckout.checkoutId);
      // Run again, many times at once: still one refund, nothing granted.
      await Promise.all(
        Array.from({ length: 20 }, () =>
          t.services.sweeps.grantPaidEntries({
            id: payment.id,
            brandId: brand.id,
            memberId: late.id,
            amountMinor: payment.amount_minor,
            currency: payment.currency,
            metadata: readJson<Record<string, string>>(payment.metadata, {}),
            createdAt: payment.created_at,
            checkoutId: lateCheckout.checkoutId,
          }),
        ),
      );
      expect(await view(late.caller, sweepId)).toMatchObject({ member_entries: 0, total_entries_sold: 0 });
      expect(await reserved(sweepId)).toBe(1);
      expect(await hold(lateCheckout.checkoutId)).toMatchObject({
        taken_at: null,
        refunded_at: expect.any(String) as string,
      });
      const refunds = await t.db.kysely
        .selectFrom('payment_refunds')
        .selectAll()
        .where('payment_id', '=', payment.id)
        .execute();
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({
        idempotency_key: `checkout-refund:${lateCheckout.checkoutId}`,
        amount_minor: payment.amount_minor,
        status: 'succeeded',
      });
      const intent = await t.db.kysely
        .selectFrom('sandbox_objects')
        .select('data')
        .where('kind', '=', 'payment_intent')
        .where('id', '=', payment.provider_payment_id ?? '')
        .executeTakeFirstOrThrow();
      expect(readJson<ProviderPaymentIntent | null>(intent.data, null)?.amount_refunded).toBe(
        payment.amount_minor,
      );
      const sandboxRefunds = (
        await t.db.kysely.selectFrom('sandbox_objects').select('data').where('kind', '=', 'refund').execute()
      )
        .map((row) => readJson<ProviderRefund | null>(row.data, null))
        .filter((refund) => refund?.payment_intent === payment.provider_payment_id);
      expect(sandboxRefunds).toHaveLength(1);
      const receipt = await graphql<{ sweep: { receipt: { outcome: string } } }>(
        t.app,
        late.caller,
        RECEIPT,
        {
          checkoutId: lateCheckout.checkoutId,
        },
      );
      expect(receipt.data?.sweep.receipt.outcome).toBe('failed');

      // Nothing was lost: the member who holds the space buys it.
      await payOnHostedPage(t.app, brand.hostname, otherCheckout.url, PAID_CARD, other.cookie);
      expect(await view(other.caller, sweepId)).toMatchObject({ member_entries: 1, total_entries_sold: 1 });
      expect(await reserved(sweepId)).toBe(1);
    },
  );

  it('decides a hold once when sweeps and its payment race', { timeout: 60_000 }, async () => {
    const sweepId = await makeSweep(5);
    const member = await signInNewMember(t, brand);
    const racing = await buy(member.caller, sweepId);
    await expire(racing.checkoutId);
    const payment = {
      id: `pay_race_${Math.random().toString(36).slice(2)}`,
      brandId: brand.id,
      memberId: member.id,
      amountMinor: 100,
      currency: 'USD',
      metadata: { sweepId: String(sweepId), entries: '1' },
      createdAt: new Date().toISOString(),
      checkoutId: racing.checkoutId,
    };
    await Promise.all([
      ...Array.from({ length: 20 }, () => t.services.sweeps.releaseAbandonedHolds()),
      ...Array.from({ length: 5 }, () => t.services.sweeps.grantPaidEntries(payment)),
    ]);
    // Taken before the release, or released then reserved again: one entry sold and held either way.
    expect(await view(member.caller, sweepId)).toMatchObject({ member_entries: 1, total_entries_sold: 1 });
    expect(await reserved(sweepId)).toBe(1);
    expect((await hold(racing.checkoutId)).taken_at).not.toBeNull();
    await t.services.sweeps.releaseAbandonedHolds();
    expect(await reserved(sweepId)).toBe(1);
  });

  it('never releases the hold of a paid checkout, or of one being charged', async () => {
    const sweepId = await makeSweep(5);
    const member = await signInNewMember(t, brand);
    const paid = await buy(member.caller, sweepId);
    await payOnHostedPage(t.app, brand.hostname, paid.url, PAID_CARD, member.cookie);
    const charging = await buy(member.caller, sweepId);
    await t.db.kysely
      .updateTable('checkouts')
      .set({ status: 'processing' })
      .where('id', '=', charging.checkoutId)
      .execute();
    for (const checkout of [paid, charging]) await expire(checkout.checkoutId);

    expect(await t.services.sweeps.releaseAbandonedHolds()).toBe(0);
    expect(await t.services.sweeps.releaseHoldOf(paid.checkoutId)).toBe(false);
    expect(await t.services.sweeps.releaseHoldOf(charging.checkoutId)).toBe(false);
    expect(await reserved(sweepId)).toBe(2);
    expect((await hold(paid.checkoutId)).taken_at).not.toBeNull();
    expect((await hold(charging.checkoutId)).released_at).toBeNull();
  });

  it('touches only expired unpaid checkouts of entries', async () => {
    const sweepId = await makeSweep(5);
    const member = await signInNewMember(t, brand);
    const open = await buy(member.caller, sweepId);
    const expired = await buy(member.caller, sweepId);
    await expire(expired.checkoutId);
    const coins = await graphql<{ member: { buyCoins: { url: string } } }>(t.app, member.caller, BUY_COINS, {
      packId: 'coins-550',
    });
    const coinCheckout = coins.data?.member.buyCoins.url.split('/').pop() ?? '';
    await expire(coinCheckout);
    const before = await t.db.kysely
      .selectFrom('checkouts')
      .selectAll()
      .where('id', 'in', [open.checkoutId, expired.checkoutId, coinCheckout])
      .orderBy('id')
      .execute();

    await t.services.payments.sweepUnfulfilled();
    expect(await reserved(sweepId)).toBe(1);
    expect((await hold(open.checkoutId)).released_at).toBeNull();
    expect((await hold(expired.checkoutId)).released_at).not.toBeNull();
    // Checkouts themselves are not changed, and a checkout of anything else has no hold at all.
    const after = await t.db.kysely
      .selectFrom('checkouts')
      .selectAll()
      .where('id', 'in', [open.checkoutId, expired.checkoutId, coinCheckout])
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
    expect(
      await t.db.kysely
        .selectFrom('sweep_entry_holds')
        .select('checkout_id')
        .where('checkout_id', '=', coinCheckout)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});

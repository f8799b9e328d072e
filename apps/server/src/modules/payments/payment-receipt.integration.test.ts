import { parsePaymentReceipt } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';
import {
  BUY_COINS as BUY,
  type BillingTestApp,
  createBillingTestApp,
  payOnHostedPage,
} from './billing.test-helpers';

/** The payment return's receipt: the server's word on a checkout, which the page shows (spec section 4). */
describe.each(ENGINES)('the payment receipt (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createBillingTestApp(engine, { loginRateLimitPerMinute: 10_000 });
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function startCoinPurchase() {
    const { caller } = await signInNewMember(t, brand);
    const started = await graphql<{ member: { buyCoins: { url: string } } }>(t.app, caller, BUY, {
      packId: 'coins-550',
    });
    const url = started.data?.member.buyCoins.url ?? '';
    const checkoutId = /\/checkout\/(cs_[\w-]+)/.exec(url)?.[1] ?? '';
    return { caller, url, checkoutId };
  }

  const receiptOf = (caller: { host: string; cookie: string }, checkoutId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/paymentflow/checkout/${checkoutId}/receipt`,
      headers: { host: caller.host, cookie: caller.cookie },
    });

  it('says pending before the payment and paid once it is verified, with what and how much', async () => {
    const { caller, url, checkoutId } = await startCoinPurchase();
    expect(checkoutId).toMatch(/^cs_/);
    const before = await receiptOf(caller, checkoutId);
    expect(before.statusCode).toBe(200);
    expect(parsePaymentReceipt(before.json())?.outcome).toBe('pending');

    const paid = await payOnHostedPage(
      t.app,
      brand.hostname,
      url,
      { number: '4242 4242 4242 4242' },
      caller.cookie,
    );
    expect(paid.state).toMatchObject({ is_success: true, slug: 'coins', checkout_id: checkoutId });
    const after = await receiptOf(caller, checkoutId);
    expect(after.headers['cache-control']).toBe('no-store');
    expect(parsePaymentReceipt(after.json())).toMatchObject({
      checkoutId,
      purpose: 'coins',
      outcome: 'paid',
      currency: 'USD',
    });
  });

  it('answers only the member who checked out, and only signed-in members', async () => {
    const { checkoutId } = await startCoinPurchase();
    const other = await startCoinPurchase();
    expect((await receiptOf(other.caller, checkoutId)).statusCode).toBe(404);
    expect((await receiptOf({ host: brand.hostname, cookie: '' }, checkoutId)).statusCode).toBe(401);
    expect((await receiptOf(other.caller, 'not-a-checkout')).statusCode).toBe(404);
  });
});

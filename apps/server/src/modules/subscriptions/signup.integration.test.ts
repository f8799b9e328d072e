import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedPlans } from '../../seed/demo';
import { buildBrand } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { genericToken, graphql, login } from '../../test/http';
import { TEST_CARDS } from '../payments/card';
import { payOnHostedPage, startSignup } from '../payments/billing.test-helpers';

interface InfoData {
  member: {
    info: {
      email: string;
      subscription: { isActive: boolean; displayStatus: string; planName: string | null };
      subscriptions: { refId: string; isActive: boolean }[];
    };
  };
}

describe.each(ENGINES)('sign-up with payment (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedPlans(t.db);
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the member only after a verified payment, signs the paying browser in, and activates by refId', async () => {
    const { response, body } = await startSignup(t.app, brand.hostname, {
      planId: 1,
      email: 'New.One@Example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(body.url).toMatch(/^\/paymentflow\/checkout\/cs_/);
    expect(
      await t.db.kysely
        .selectFrom('members')
        .select('id')
        .where('email', '=', 'new.one@example.com')
        .execute(),
    ).toEqual([]);

    const page = await t.app.inject({ method: 'GET', url: body.url, headers: { host: brand.hostname } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<label for="cardnumber">Card number</label>');
    expect(page.body).toContain('$1.00');

    const paid = await payOnHostedPage(t.app, brand.hostname, body.url, { number: TEST_CARDS.succeeds });
    expect(paid.response.statusCode).toBe(303);
    expect(paid.response.headers.location).toMatch(/^\/account\/membership\?state=/);
    expect(paid.state).toEqual({
      is_success: true,
      slug: 'signup',
      subscription_provider: 'sandbox',
      checkout_id: expect.stringMatching(/^cs_/) as unknown,
      price: '1.00',
      subscription_id: body.subscriptionId,
    });
    expect(paid.cookie).toBeDefined();

    const info = await graphql<InfoData>(
      t.app,
      { host: brand.hostname, cookie: paid.cookie ?? '' },
      '{ member { info { email subscription { isActive displayStatus planName } subscriptions { refId isActive } } } }',
    );
    expect(info.data?.member.info).toMatchObject({
      email: 'new.one@example.com',
      subscription: { isActive: true, displayStatus: 'trial', planName: 'Premium' },
      subscriptions: [{ refId: body.subscriptionId, isActive: true }],
    });

    const activated = await graphql<{
      member: { activateSubscription: { responseResult: { succeeded: boolean }; extra: string } };
    }>(
      t.app,
      { host: brand.hostname, cookie: paid.cookie ?? '' },
      'mutation($id: String!) { member { activateSubscription(subscriptionId: $id) { responseResult { succeeded } extra subscription { isActive } } } }',
      { id: body.subscriptionId },
    );
    expect(activated.data?.member.activateSubscription.responseResult.succeeded).toBe(true);
    expect(JSON.parse(activated.data?.member.activateSubscription.extra ?? '{}')).toMatchObject({
      amount: 100,
      currency: 'USD',
    });

    // The card paid with is saved for renewals, and the charge is in the billing history.
    const methods = await graphql<{ member: { paymentMethods: unknown[]; billingHistory: unknown[] } }>(
      t.app,
      { host: brand.hostname, cookie: paid.cookie ?? '' },
      '{ member { paymentMethods { ccLast ccType isDefault } billingHistory { amount currency status purpose } } }',
    );
    expect(methods.data?.member.paymentMethods).toEqual([
      { ccLast: '4242', ccType: 'visa', isDefault: true },
    ]);
    expect(methods.data?.member.billingHistory).toEqual([
      { amount: 100, currency: 'USD', status: 'succeeded', purpose: 'signup' },
    ]);

    // The password chosen at sign-up works, and the page cannot be paid twice.
    expect(
      (await login(t.app, brand.hostname, 'new.one@example.com', 'a-Strong-pass-2026')).cookie,
    ).toBeDefined();
    const again = await payOnHostedPage(t.app, brand.hostname, body.url, { number: TEST_CARDS.succeeds });
    expect(again.response.statusCode).toBe(409);
    expect(again.cookie).toBeUndefined();
  });

  it('shows "payment failed" for a declined or expired card, creates nothing, and lets the visitor retry', async () => {
    const { body } = await startSignup(t.app, brand.hostname, { planId: 2, email: 'declined@example.com' });
    for (const number of [TEST_CARDS.declined, TEST_CARDS.expired]) {
      const failed = await payOnHostedPage(t.app, brand.hostname, body.url, { number });
      expect(failed.response.statusCode).toBe(402);
      expect(failed.response.body).toContain('Payment failed.');
      expect(failed.response.body).toContain(
        number === TEST_CARDS.expired ? 'Your card has expired' : 'Your card was declined',
      );
      expect(failed.cookie).toBeUndefined();
    }
    expect(
      await t.db.kysely
        .selectFrom('members')
        .select('id')
        .where('email', '=', 'declined@example.com')
        .execute(),
    ).toEqual([]);

    const retried = await payOnHostedPage(t.app, brand.hostname, body.url, { number: TEST_CARDS.succeeds });
    expect(retried.response.statusCode).toBe(303);
    expect(retried.cookie).toBeDefined();
  });

  it('refuses bad card input with every issue named, and charges nothing', async () => {
    const { body } = await startSignup(t.app, brand.hostname, { planId: 1, email: 'typo@example.com' });
    const bad = await payOnHostedPage(t.app, brand.hostname, body.url, {
      number: '4242424242424241',
      expiry: '13/30',
      cvc: '1',
    });
    expect(bad.response.statusCode).toBe(400);
    expect(bad.response.body).toContain('Enter a valid card number.');
    expect(bad.response.body).toContain('Enter the expiry date as MM/YY.');
    expect(bad.response.body).toContain('Enter the security code');
    expect(
      await t.db.kysely
        .selectFrom('payments')
        .select('id')
        .where('checkout_id', '=', body.checkoutId)
        .execute(),
    ).toEqual([]);
  });

  it('refuses an unknown plan, a taken email, a weak password, and another brand’s checkout', async () => {
    expect(
      (await startSignup(t.app, brand.hostname, { planId: 999, email: 'x@example.com' })).response.statusCode,
    ).toBe(400);
    const taken = await startSignup(t.app, brand.hostname, { planId: 1, email: 'new.one@example.com' });
    expect(taken.response.statusCode).toBe(400);
    expect(taken.response.json()).toMatchObject({ error: { code: 'email_taken' } });
    expect(
      (await startSignup(t.app, brand.hostname, { planId: 1, email: 'weak@example.com', password: 'short' }))
        .response.statusCode,
    ).toBe(400);

    const other = await buildBrand(t.db);
    const { body } = await startSignup(t.app, brand.hostname, { planId: 1, email: 'mine@example.com' });
    const foreign = await t.app.inject({ method: 'GET', url: body.url, headers: { host: other.hostname } });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers the sign-up funnel as a list whose 7th entry carries the upsell price', async () => {
    const token = await genericToken(t.app, brand.hostname);
    const response = await t.app.inject({
      method: 'POST',
      url: '/subscriptionflow/v1/signup_plan/funnels/get',
      headers: { host: brand.hostname, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { plan: 1 },
    });
    const funnel = response.json<{ symbol: string; ppp_recurring: string; step: string }[]>();
    expect(funnel).toHaveLength(7);
    expect(funnel[6]).toMatchObject({ step: 'upsell', symbol: '$', ppp_recurring: '19.99' });

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/subscriptionflow/v1/signup_plan/funnels/get',
      headers: { host: brand.hostname, 'content-type': 'application/json' },
      payload: { plan: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

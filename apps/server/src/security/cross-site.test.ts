import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TEST_CARDS } from '../modules/payments/card';
import { type BillingTestApp, createBillingTestApp } from '../modules/payments/billing.test-helpers';
import { signWebhook } from '../modules/payments/webhook-signature';
import { seedPlans } from '../seed/demo';
import { buildBrand, buildMember } from '../test/factories';
import { ENGINES, createTestApp } from '../test/harness';
import { graphql, signInNewMember } from '../test/http';

/*
 * Issue 12, item 16 (decision 014): a state-changing request of a brand's API scopes is refused with 403
 * `cross_site_request` when a browser says it comes from another site (Sec-Fetch-Site) or names another
 * origin (Origin). Same-origin pages and clients that send neither header (curl, the apps, the provider's
 * webhook) are served as before.
 */

const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

/** 403 with the stable code: `error.code` on REST routes, `extensions.slug` on GraphQL. */
function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(403);
  const body = response.json<{
    error?: { code: string };
    errors?: { extensions: { slug: string } }[];
  }>();
  expect(body.error?.code ?? body.errors?.[0]?.extensions.slug).toBe('cross_site_request');
}

describe.each(ENGINES)('cross-site posts (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };
  let otherBrand: { id: number; hostname: string };

  beforeAll(async () => {
    // What the entries bought here would grant is not the point: the payment itself is.
    t = await createBillingTestApp(engine, {}, { paymentHandlers: { entries: () => Promise.resolve() } });
    await seedPlans(t.db);
    brand = await buildBrand(t.db);
    otherBrand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const signedIn = () => signInNewMember(t, brand);

  /** Whether the member's cookie still opens their session. */
  async function stillSignedIn(cookie: string) {
    const me = await graphql<{ member: { info: { referenceNumber: string } | null } }>(
      t.app,
      { host: brand.hostname, cookie },
      '{ member { info { referenceNumber } } }',
    );
    return me.data?.member.info !== null && me.errors === undefined;
  }

  const logout = (cookie: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/membergraphapi/api/auth/logout',
      headers: { host: brand.hostname, cookie, ...headers },
    });

  it('refuses a cross-site logout with an empty body, and the session lives on', async () => {
    const member = await signedIn();
    expectRefused(await logout(member.cookie, EVIL));
    // A form on a sibling brand's site is "same-site" for *.localhost-style hosts: refused as well.
    expectRefused(
      await logout(member.cookie, {
        origin: `http://${otherBrand.hostname}`,
        'sec-fetch-site': 'same-site',
      }),
    );
    // An older browser sends no Fetch Metadata, only its Origin.
    expectRefused(await logout(member.cookie, { origin: 'https://evil.example' }));
    // A sandboxed frame or a redirect chain sends an opaque origin.
    expectRefused(await logout(member.cookie, { origin: 'null' }));
    expectRefused(await logout(member.cookie, { origin: 'null', 'sec-fetch-site': 'cross-site' }));
    // A mismatching Origin is refused whatever Sec-Fetch-Site claims.
    expectRefused(
      await logout(member.cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }),
    );
    expect(await stillSignedIn(member.cookie)).toBe(true);

    const accepted = await logout(member.cookie, {
      origin: `http://${brand.hostname}`,
      'sec-fetch-site': 'same-origin',
    });
    expect(accepted.statusCode).toBe(204);
    expect(await stillSignedIn(member.cookie)).toBe(false);
  });

  it('refuses a cross-site post of the hosted payment form and charges nothing', async () => {
    const member = await signedIn();
    const checkout = await t.services.payments.createCheckout({
      brandId: brand.id,
      memberId: member.id,
      purpose: 'entries',
      amountMinor: 500,
      currency: 'USD',
      description: '100 entries',
      metadata: { sweep_id: '1' },
      returnPath: '/giveaways',
    });
    const form = new URLSearchParams({
      cardnumber: TEST_CARDS.succeeds,
      expiry: '12/34',
      cvc: '123',
      name: 'Card Holder',
    }).toString();
    const pay = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: checkout.url,
        headers: {
          host: brand.hostname,
          cookie: member.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        payload: form,
      });
    expectRefused(await pay(EVIL));
    const row = await t.db.kysely
      .selectFrom('checkouts')
      .select('status')
      .where('id', '=', checkout.checkoutId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
    const payments = await t.db.kysely
      .selectFrom('payments')
      .select('id')
      .where('checkout_id', '=', checkout.checkoutId)
      .execute();
    expect(payments).toHaveLength(0);

    // Without Fetch Metadata, an opaque origin could come from anywhere (a sandboxed frame).
    expectRefused(await pay({ origin: 'null' }));
    // The page's own form pays. A page with `Referrer-Policy: no-referrer` (as the hosted page had)
    // posts `Origin: null` even to itself; Sec-Fetch-Site, which no page can set, vouches for it.
    const paid = await pay({ origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(paid.statusCode).toBe(303);
  });

  it('refuses a cross-site GraphQL mutation and sign-in; header-less clients are served', async () => {
    const member = await signedIn();
    const setLanguage = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/membergraphapi/graphql',
        headers: {
          host: brand.hostname,
          cookie: member.cookie,
          'content-type': 'application/json',
          ...headers,
        },
        payload: { query: 'mutation { member { setLanguage(language: "fr-ca") { jwt } } }' },
      });
    expectRefused(await setLanguage(EVIL));
    expectRefused(await setLanguage({ origin: `http://${otherBrand.hostname}` }));
    const language = () =>
      t.db.kysely
        .selectFrom('members')
        .select('language')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
    expect((await language()).language).toBe('en-us');
    // curl, a native app or a server: no Origin, no Fetch Metadata, so no cookie ridden cross-site.
    expect((await setLanguage({})).statusCode).toBe(200);
    expect((await language()).language).toBe('fr-ca');

    // Login CSRF: signing a victim in to the attacker's account.
    const other = await buildMember(t.db, brand.id);
    const signIn = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/membergraphapi/api/auth/login',
        headers: { host: brand.hostname, ...headers },
        payload: { email: other.email, password: other.password },
      });
    const refused = await signIn(EVIL);
    expectRefused(refused);
    expect(refused.cookies.find((cookie) => cookie.name === 'mb-jwt')).toBeUndefined();
    const sameOrigin = await signIn({ origin: `http://${brand.hostname}`, 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('guards the subscription flow and the events, and leaves reads alone', async () => {
    const plan = await t.db.kysely.selectFrom('plans').select('id').executeTakeFirstOrThrow();
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/subscriptionflow/v1/signup',
        headers: { host: brand.hostname, ...EVIL },
        payload: { planId: plan.id, email: 'csrf@example.com', password: 'a-Strong-pass-2026' },
      }),
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/membergraphapi/api/event',
        headers: { host: brand.hostname, ...EVIL },
        payload: { namespace: 'members', extras: { action: 'visit' } },
      }),
    );
    // A cross-site read changes nothing (and a JSON answer is unreadable cross-origin without CORS).
    const boot = await t.app.inject({
      method: 'GET',
      url: '/membergraphapi/api/boot',
      headers: { host: brand.hostname, ...EVIL },
    });
    expect(boot.statusCode).toBe(200);
    // A user's own navigation (typed address, bookmark) is "none".
    const navigation = await t.app.inject({
      method: 'POST',
      url: '/membergraphapi/api/auth/token/generic',
      headers: { host: brand.hostname, 'sec-fetch-site': 'none' },
    });
    expect(navigation.statusCode).toBe(200);
  });

  it('leaves the signed payment webhook alone, whatever headers it carries', async () => {
    const event = JSON.stringify({
      id: 'evt_cross_site_1',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/paymentflow/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhook(
          t.config.payments.webhookSecret,
          event,
          Math.floor(Date.now() / 1000),
        ),
        ...EVIL,
      },
      payload: event,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe.each(ENGINES)('cross-site posts behind a reverse proxy (%s)', (engine) => {
  it('compares the Origin with the forwarded host and scheme only when the proxy is trusted', async () => {
    const trusted = await createTestApp(engine, { trustProxy: true });
    const direct = await createTestApp(engine, { trustProxy: false });
    try {
      for (const t of [trusted, direct]) {
        await buildBrand(t.db, { hostnames: ['shop.example', 'internal.test'] });
      }
      const post = (t: typeof trusted, headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/membergraphapi/api/auth/token/generic',
          headers: { origin: 'https://shop.example', ...headers },
        });
      // TLS ends at the proxy, which forwards the public host and scheme.
      const forwarded = {
        host: 'internal.test',
        'x-forwarded-host': 'shop.example',
        'x-forwarded-proto': 'https',
      };
      expect((await post(trusted, forwarded)).statusCode).toBe(200);
      // Untrusted forwarding headers are anyone's to send: the request's own Host decides.
      expectRefused(await post(direct, forwarded));
      expect((await post(direct, { host: 'shop.example' })).statusCode).toBe(200);
      // The default port of the Origin's scheme is the same origin.
      expect((await post(direct, { host: 'shop.example:443' })).statusCode).toBe(200);
      expectRefused(await post(direct, { host: 'shop.example:8443' }));
    } finally {
      await trusted.close();
      await direct.close();
    }
  });
});

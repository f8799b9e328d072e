import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildMember } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { PROVIDER_PAGE_TTL_MS } from './checkouts.service';
import { createPaymentsRepository } from './payments.repository';
import { createRefundsRepository } from './refunds.repository';
import { type CheckoutHolds, type VerifiedPayment, createPaymentsService } from './payments.service';
import { createStripeProvider } from './stripe-provider';
import { signWebhook } from './webhook-signature';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/stripe');
/** The recorded checkout id placeholder, replaced by the checkout the test opened. */
const RECORDED_CHECKOUT = 'cs_fixture_checkout';
const SESSION = 'cs_test_a1FixtureCheckoutSession01';
const INTENT = 'pi_3QfixtureCheckout01';
const WEBHOOK_SECRET = 'whsec_fixture_secret';

interface Sent {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | null;
}

/**
 * Real Stripe Checkout (decision 010) through the official package, against recorded Stripe
 * responses: the session is opened with success and cancel URLs back to this server, and a payment
 * counts only after the session and its payment intent are read back from Stripe.
 */
describe.each(ENGINES)('Stripe Checkout sessions (%s)', (engine) => {
  let db: TestDb;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    db = await createTestDb(engine);
    brand = await buildBrand(db);
  });
  afterAll(async () => {
    await db.cleanup();
  });

  /** A payments service on Stripe whose API answers with the fixtures named per route. */
  function stripeFlow(routes: Record<string, string>, holds?: CheckoutHolds) {
    // Each flow's payment intent has its own id, as each real session has (the database is shared).
    const state = {
      checkoutId: RECORDED_CHECKOUT,
      intentId: `pi_3Qfixture${Math.random().toString(36).slice(2)}`,
    };
    const sent: Sent[] = [];
    const fetchFn = ((input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      const method = (init?.method ?? 'GET').toUpperCase();
      sent.push({
        method,
        path: url.pathname,
        body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
        idempotencyKey: new Headers(init?.headers).get('idempotency-key'),
      });
      const name = routes[`${method} ${url.pathname.replace(state.intentId, INTENT)}`] ?? 'resource_missing';
      const text = readFileSync(join(fixtures, `${name}.json`), 'utf8')
        .replaceAll(RECORDED_CHECKOUT, state.checkoutId)
        .replaceAll(INTENT, state.intentId);
      return Promise.resolve(
        new Response(text, {
          status: name === 'resource_missing' ? 404 : 200,
          headers: { 'content-type': 'application/json', 'request-id': 'req_fixture' },
        }),
      );
    }) as typeof fetch;
    const provider = createStripeProvider({
      secretKey: 'sk_test_fixture',
      webhookSecret: WEBHOOK_SECRET,
      httpClient: Stripe.createFetchHttpClient(fetchFn),
    });
    const fulfilled: VerifiedPayment[] = [];
    const payments = createPaymentsService({
      repository: createPaymentsRepository(db.kysely),
      refundsRepository: createRefundsRepository(db.kysely),
      provider,
      purposes: {
        coins: (payment) => {
          fulfilled.push(payment);
          return Promise.resolve();
        },
      },
      ...(holds ? { holds } : {}),
    });
    return { payments, sent, fulfilled, state };
  }

  async function openCoinsCheckout(flow: ReturnType<typeof stripeFlow>, amountMinor = 199) {
    const member = await buildMember(db, brand.id);
    const checkout = await flow.payments.createCheckout({
      brandId: brand.id,
      memberId: member.id,
      purpose: 'coins',
      amountMinor,
      currency: 'USD',
      description: '100 coins',
      metadata: { coins: 100 },
      returnPath: '/account/wallet',
      locale: 'fr-ca',
    });
    flow.state.checkoutId = checkout.checkoutId;
    return { member, checkout };
  }

  const ROUTES = {
    'POST /v1/checkout/sessions': 'checkout_session.create',
    [`GET /v1/checkout/sessions/${SESSION}`]: 'checkout_session.completed',
    [`GET /v1/payment_intents/${INTENT}`]: 'payment_intent.checkout',
  };

  it('opens a Stripe-hosted page that returns to this server, and fulfils only what Stripe confirms', async () => {
    const flow = stripeFlow(ROUTES);
    const { checkout } = await openCoinsCheckout(flow);

    const opened = await flow.payments.openProviderCheckout(brand.id, checkout.checkoutId, {
      origin: `http://${brand.hostname}`,
      cancelPath: '/account/wallet?state=failed',
    });
    expect(opened?.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const created = flow.sent[0];
    expect(created?.idempotencyKey).toBe(`checkout-session:${checkout.checkoutId}`);
    expect(Object.fromEntries(created?.body ?? [])).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '199',
      'line_items[0][price_data][currency]': 'usd',
      'payment_intent_data[setup_future_usage]': 'off_session',
      'payment_intent_data[metadata][checkout_id]': checkout.checkoutId,
      customer_creation: 'always',
      locale: 'fr-CA',
      success_url: `http://${brand.hostname}/paymentflow/checkout/${checkout.checkoutId}/complete?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://${brand.hostname}/account/wallet?state=failed`,
    });

    // A session id that is not this checkout's proves nothing.
    const forged = await flow.payments.completeProviderCheckout(
      brand.id,
      checkout.checkoutId,
      'cs_test_other',
    );
    expect(forged.outcome).toBe('closed');
    expect(flow.fulfilled).toHaveLength(0);

    const first = await flow.payments.completeProviderCheckout(brand.id, checkout.checkoutId, SESSION);
    expect(first).toMatchObject({ outcome: 'succeeded', completedNow: true });
    expect(flow.fulfilled).toHaveLength(1);
    expect(flow.fulfilled[0]).toMatchObject({ amountMinor: 199, metadata: { coins: '100' } });
    const again = await flow.payments.completeProviderCheckout(brand.id, checkout.checkoutId, SESSION);
    expect(again).toMatchObject({ outcome: 'succeeded', completedNow: false });
    expect(flow.fulfilled).toHaveLength(1);

    // Paid: the page is not opened again.
    expect(
      await flow.payments.openProviderCheckout(brand.id, checkout.checkoutId, {
        origin: `http://${brand.hostname}`,
        cancelPath: '/account/wallet',
      }),
    ).toBeNull();
  });

  it('fulfils from the checkout.session.completed webhook once, however often it is delivered', async () => {
    const flow = stripeFlow(ROUTES);
    const { checkout } = await openCoinsCheckout(flow);
    await flow.payments.openProviderCheckout(brand.id, checkout.checkoutId, {
      origin: `http://${brand.hostname}`,
      cancelPath: '/account/wallet',
    });
    const event = JSON.stringify({
      id: `evt_checkout_${engine}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      // The body's claims are not trusted: the session is read back from Stripe.
      data: { object: { id: SESSION, object: 'checkout.session', payment_status: 'paid' } },
    });
    const signature = signWebhook(WEBHOOK_SECRET, event, Math.floor(Date.now() / 1000));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => flow.payments.handleWebhook(event, signature)),
    );
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
    expect(flow.fulfilled).toHaveLength(1);
    const payments = await db.kysely
      .selectFrom('payments')
      .select(['status', 'provider', 'amount_minor'])
      .where('checkout_id', '=', checkout.checkoutId)
      .execute();
    expect(payments).toEqual([{ status: 'succeeded', provider: 'stripe', amount_minor: 199 }]);
    // The member's return afterwards still counts as the first return (it may sign a sign-up in).
    const returned = await flow.payments.completeProviderCheckout(brand.id, checkout.checkoutId, SESSION);
    expect(returned).toMatchObject({ outcome: 'succeeded', completedNow: true });
  });

  it('tells the holds of a checkout whose Stripe page expired unpaid, only once Stripe says so', async () => {
    const told: string[] = [];
    const holds: CheckoutHolds = {
      releaseAbandoned: () => Promise.resolve(0),
      releaseOf: (checkoutId) => {
        told.push(checkoutId);
        return Promise.resolve(true);
      },
    };
    const expiredEvent = (id: string) => {
      const body = JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.expired',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: SESSION, object: 'checkout.session', status: 'expired' } },
      });
      return { body, signature: signWebhook(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000)) };
    };

    // Stripe still reports the session open: the event's claim alone changes nothing.
    const stillOpen = stripeFlow(
      { ...ROUTES, [`GET /v1/checkout/sessions/${SESSION}`]: 'checkout_session.create' },
      holds,
    );
    const open = await openCoinsCheckout(stillOpen);
    await stillOpen.payments.openProviderCheckout(brand.id, open.checkout.checkoutId, {
      origin: `http://${brand.hostname}`,
      cancelPath: '/account/wallet',
    });
    const forged = expiredEvent(`evt_forged_${engine}_${Math.random().toString(36).slice(2)}`);
    await stillOpen.payments.handleWebhook(forged.body, forged.signature);
    expect(told).toEqual([]);
    // By our clock a Stripe page may be paid until a day after the checkout's own expiry.
    const openPayability = await stillOpen.payments.checkoutPayability(open.checkout.checkoutId);
    const checkoutRow = await db.kysely
      .selectFrom('checkouts')
      .select('expires_at')
      .where('id', '=', open.checkout.checkoutId)
      .executeTakeFirstOrThrow();
    expect(openPayability).toEqual({
      status: 'open',
      payableUntil: new Date(Date.parse(checkoutRow.expires_at) + PROVIDER_PAGE_TTL_MS).toISOString(),
    });

    const expired = stripeFlow(
      { ...ROUTES, [`GET /v1/checkout/sessions/${SESSION}`]: 'checkout_session.expired' },
      holds,
    );
    const { checkout } = await openCoinsCheckout(expired);
    await expired.payments.openProviderCheckout(brand.id, checkout.checkoutId, {
      origin: `http://${brand.hostname}`,
      cancelPath: '/account/wallet',
    });
    const event = expiredEvent(`evt_expired_${engine}_${Math.random().toString(36).slice(2)}`);
    const results = await Promise.all(
      Array.from({ length: 3 }, () => expired.payments.handleWebhook(event.body, event.signature)),
    );
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
    // Every delivery asks; the hold's own conditional release gives it back once (sweeps' tests).
    expect(new Set(told)).toEqual(new Set([checkout.checkoutId]));
    expect(expired.fulfilled).toHaveLength(0);
    // Stripe says the page expired: it can be paid no later than the checkout's own expiry.
    const payability = await expired.payments.checkoutPayability(checkout.checkoutId);
    const row = await db.kysely
      .selectFrom('checkouts')
      .select('expires_at')
      .where('id', '=', checkout.checkoutId)
      .executeTakeFirstOrThrow();
    expect(payability).toEqual({ status: 'open', payableUntil: row.expires_at });
  });

  it('refuses an unpaid session and an intent for another amount', async () => {
    const unpaid = stripeFlow({
      ...ROUTES,
      [`GET /v1/checkout/sessions/${SESSION}`]: 'checkout_session.create',
    });
    const first = await openCoinsCheckout(unpaid);
    await unpaid.payments.openProviderCheckout(brand.id, first.checkout.checkoutId, {
      origin: `http://${brand.hostname}`,
      cancelPath: '/account/wallet',
    });
    expect(
      await unpaid.payments.completeProviderCheckout(brand.id, first.checkout.checkoutId, SESSION),
    ).toMatchObject({ outcome: 'failed', failureCode: 'payment_failed' });

    // The checkout asked for 999; Stripe's intent is for 199: nothing counts.
    const mismatch = stripeFlow(ROUTES);
    const second = await openCoinsCheckout(mismatch, 999);
    await mismatch.payments.openProviderCheckout(brand.id, second.checkout.checkoutId, {
      origin: `http://${brand.hostname}`,
      cancelPath: '/account/wallet',
    });
    expect(
      await mismatch.payments.completeProviderCheckout(brand.id, second.checkout.checkoutId, SESSION),
    ).toMatchObject({ outcome: 'failed' });
    expect([...unpaid.fulfilled, ...mismatch.fulfilled]).toHaveLength(0);
  });
});

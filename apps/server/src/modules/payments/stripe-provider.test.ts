import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';

import { createStripeProvider } from './stripe-provider';
import { signWebhook } from './webhook-signature';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/stripe');
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(fixtures, `${name}.json`), 'utf8'));

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  idempotencyKey: string | null;
}

/** A fetch that answers Stripe's API with recorded responses and keeps what was asked. */
function recordedStripe(routes: Record<string, { status: number; fixture: string }>) {
  const requests: Recorded[] = [];
  const fetchFn = ((input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    requests.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
      idempotencyKey: headers.get('idempotency-key'),
    });
    const route = routes[`${method} ${url.pathname}`];
    if (!route)
      return Promise.resolve(new Response(JSON.stringify(fixture('resource_missing')), { status: 404 }));
    return Promise.resolve(
      new Response(JSON.stringify(fixture(route.fixture)), {
        status: route.status,
        headers: { 'content-type': 'application/json', 'request-id': 'req_fixture' },
      }),
    );
  }) as typeof fetch;
  const provider = createStripeProvider({
    secretKey: 'sk_test_fixture',
    webhookSecret: 'whsec_fixture_secret',
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    nowSeconds: () => 1_763_769_700,
  });
  return { provider, requests };
}

describe('Stripe provider against recorded Stripe responses', () => {
  it('creates a customer and a setup intent for off-session use', async () => {
    const { provider, requests } = recordedStripe({
      'POST /v1/customers': { status: 200, fixture: 'customer.create' },
      'POST /v1/setup_intents': { status: 200, fixture: 'setup_intent.create' },
    });
    const customer = await provider.createCustomer({
      email: 'member@example.com',
      name: 'Member Seven',
      metadata: { brand_id: '1' },
    });
    expect(customer).toEqual({
      id: 'cus_RkT1fixture0001',
      email: 'member@example.com',
      name: 'Member Seven',
    });
    expect(requests[0]?.body.get('email')).toBe('member@example.com');
    expect(requests[0]?.body.get('metadata[brand_id]')).toBe('1');

    const intent = await provider.createSetupIntent({ customer: customer.id });
    expect(intent).toEqual({
      id: 'seti_1QfixtureSetup01',
      client_secret: 'seti_1QfixtureSetup01_secret_Rk9fixtureSecretValue',
      customer: 'cus_RkT1fixture0001',
      status: 'requires_payment_method',
      payment_method: null,
    });
    expect(requests[1]?.body.get('usage')).toBe('off_session');
  });

  it('reads a card payment method, and a missing one as null', async () => {
    const { provider } = recordedStripe({
      'GET /v1/payment_methods/pm_1QfixtureCard4242': { status: 200, fixture: 'payment_method.retrieve' },
    });
    expect(await provider.retrievePaymentMethod('pm_1QfixtureCard4242')).toEqual({
      id: 'pm_1QfixtureCard4242',
      customer: 'cus_RkT1fixture0001',
      card: { brand: 'visa', last4: '4242', iin: null, exp_month: 4, exp_year: 2033 },
    });
    expect(await provider.retrievePaymentMethod('pm_missing')).toBeNull();
  });

  it('charges a saved card with the idempotency key, and reports a decline as a failed intent', async () => {
    const succeeded = recordedStripe({
      'POST /v1/payment_intents': { status: 200, fixture: 'payment_intent.succeeded' },
    });
    const charge = {
      amount: 1999,
      currency: 'USD',
      customer: 'cus_RkT1fixture0001',
      paymentMethod: 'pm_1QfixtureCard4242',
      description: 'Premium renewal',
      metadata: { purpose: 'renewal' },
      offSession: true,
      idempotencyKey: 'renewal:12:2026-11-22T00:00:00.000Z',
    };
    expect(await succeeded.provider.createPaymentIntent(charge)).toMatchObject({
      id: 'pi_3QfixtureSucceeded',
      amount: 1999,
      currency: 'usd',
      status: 'succeeded',
      last_payment_error: null,
    });
    const sent = succeeded.requests[0];
    expect(sent?.idempotencyKey).toBe('renewal:12:2026-11-22T00:00:00.000Z');
    expect(Object.fromEntries(sent?.body ?? [])).toMatchObject({
      amount: '1999',
      currency: 'usd',
      confirm: 'true',
      off_session: 'true',
      payment_method: 'pm_1QfixtureCard4242',
    });

    const declined = recordedStripe({
      'POST /v1/payment_intents': { status: 402, fixture: 'payment_intent.card_declined' },
    });
    expect(await declined.provider.createPaymentIntent(charge)).toMatchObject({
      id: 'pi_3QfixtureDeclined',
      status: 'requires_payment_method',
      last_payment_error: { code: 'generic_decline', message: 'Your card was declined.' },
    });

    // A request Stripe refuses outright charged nothing: a provider error the payment flow settles at once.
    const refused = recordedStripe({});
    await expect(refused.provider.createPaymentIntent(charge)).rejects.toMatchObject({
      name: 'ProviderError',
      code: 'resource_missing',
    });
  });

  it('refunds an intent through the Refunds API with the idempotency key; a refusal is a provider error', async () => {
    const { provider, requests } = recordedStripe({
      'POST /v1/refunds': { status: 200, fixture: 'refund.create' },
    });
    const refund = {
      paymentIntent: 'pi_3QfixtureSucceeded',
      amount: 1999,
      currency: 'USD',
      metadata: { order_id: '42' },
      idempotencyKey: 'order-refund:42',
    };
    expect(await provider.createRefund(refund)).toEqual({
      id: 're_3QfixtureRefund01',
      payment_intent: 'pi_3QfixtureSucceeded',
      amount: 1999,
      currency: 'usd',
      status: 'succeeded',
      metadata: { order_id: '42' },
      failure_reason: null,
    });
    const sent = requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/refunds');
    expect(sent?.idempotencyKey).toBe('order-refund:42');
    expect(Object.fromEntries(sent?.body ?? [])).toEqual({
      payment_intent: 'pi_3QfixtureSucceeded',
      amount: '1999',
      'metadata[order_id]': '42',
    });

    const refused = recordedStripe({
      'POST /v1/refunds': { status: 400, fixture: 'refund.already_refunded' },
    });
    await expect(refused.provider.createRefund(refund)).rejects.toMatchObject({
      name: 'ProviderError',
      code: 'charge_already_refunded',
    });
  });

  it('retrieves a refund that failed after it was accepted, with why; a missing one as null', async () => {
    const { provider } = recordedStripe({
      'GET /v1/refunds/re_3QfixtureRefund01': { status: 200, fixture: 'refund.failed' },
    });
    expect(await provider.retrieveRefund('re_3QfixtureRefund01')).toMatchObject({
      id: 're_3QfixtureRefund01',
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
      metadata: { refund_id: 'rf_fixture', refund_key: 'order-refund:42' },
    });
    expect(await provider.retrieveRefund('re_missing')).toBeNull();
  });

  it('retrieves an intent to verify it, and a missing one as null', async () => {
    const { provider } = recordedStripe({
      'GET /v1/payment_intents/pi_3QfixtureSucceeded': { status: 200, fixture: 'payment_intent.succeeded' },
    });
    expect((await provider.retrievePaymentIntent('pi_3QfixtureSucceeded'))?.status).toBe('succeeded');
    expect(await provider.retrievePaymentIntent('pi_missing')).toBeNull();
  });

  it('finds the charge of a payment recorded before it, by the payment id it carries (reconciliation)', async () => {
    const { provider, requests } = recordedStripe({
      'GET /v1/payment_intents': { status: 200, fixture: 'payment_intent.list' },
      'GET /v1/payment_intents/search': { status: 200, fixture: 'payment_intent.search' },
    });
    const lookup = {
      idempotencyKey: 'renewal:12:2026-11-22T00:00:00.000Z',
      paymentId: 'pay_fixtureRenewal01',
      customer: 'cus_RkT1fixture0001',
      createdAfter: new Date(1_763_769_600_000),
    };
    // The customer's intents are listed (consistent at once) since the payment was recorded, less clock skew.
    expect(await provider.findPaymentIntent(lookup)).toMatchObject({
      id: 'pi_3QfixtureReconciled',
      status: 'succeeded',
      amount: 1999,
    });
    expect(requests[0]?.path).toBe('/v1/payment_intents');
    expect(requests[0]?.query.get('customer')).toBe('cus_RkT1fixture0001');
    expect(Number(requests[0]?.query.get('created[gte]'))).toBe(1_763_769_600 - 300);
    // A payment no listed intent names was never charged.
    expect(await provider.findPaymentIntent({ ...lookup, paymentId: 'pay_neverCharged' })).toBeNull();

    // Without a customer, Stripe's search by metadata.
    expect(await provider.findPaymentIntent({ ...lookup, customer: null })).toMatchObject({
      id: 'pi_3QfixtureReconciled',
    });
    expect(requests.at(-1)?.query.get('query')).toBe("metadata['payment_id']:'pay_fixtureRenewal01'");
    // Stripe finds nothing by idempotency key alone: it says it cannot tell rather than "not charged".
    await expect(provider.findPaymentIntent({ ...lookup, paymentId: null })).rejects.toMatchObject({
      code: 'lookup_unsupported',
    });
  });

  it('verifies webhook signatures with Stripe’s own check (the sandbox signs the same way)', () => {
    const { provider } = recordedStripe({});
    const body = JSON.stringify({
      id: 'evt_fixture',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1_763_769_690,
      data: { object: fixture('payment_intent.succeeded') },
    });
    const event = provider.constructEvent(body, signWebhook('whsec_fixture_secret', body, 1_763_769_690));
    expect(event).toMatchObject({ id: 'evt_fixture', type: 'payment_intent.succeeded' });
    expect(() => provider.constructEvent(body, signWebhook('whsec_other', body, 1_763_769_690))).toThrow(
      /signature/i,
    );
    expect(() =>
      provider.constructEvent(body, signWebhook('whsec_fixture_secret', body, 1_763_760_000)),
    ).toThrow();
    expect(() => provider.constructEvent(body, undefined)).toThrow(/missing/);
  });
});

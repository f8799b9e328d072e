import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import { buildApp } from '../../app';
import type { AppConfig } from '../../config';
import { type Services, type ServicesOptions, createServices } from '../../services';
import { type Engine, type TestApp, createTestDb, testConfig } from '../../test/harness';
import { memberCookie } from '../../test/http';

/** The member's coin purchase: opens the hosted page for a pack (spec section 7's `buyCoins`). */
export const BUY_COINS = `mutation ($packId: String!) { member { buyCoins(packId: $packId) {
  responseResult { succeeded slug } url } } }`;

export interface BillingTestApp extends TestApp {
  services: Services;
}

/**
 * The test harness's app, plus the services instance it runs on (to run jobs, to open checkouts),
 * built through the server's own composition root. `paymentHandlers` gives purposes still to come a
 * handler, as the tests of the payment flow itself need.
 */
export async function createBillingTestApp(
  engine: Engine,
  overrides: Partial<AppConfig> = {},
  options: ServicesOptions = {},
): Promise<BillingTestApp> {
  const db = await createTestDb(engine);
  const config = testConfig(overrides);
  const services = createServices(db, config, options);
  const app = await buildApp({
    config,
    db,
    services,
    logger: false,
    errorReporter: { capture: () => undefined, flush: () => Promise.resolve() },
  });
  await app.ready();
  return {
    app,
    db,
    config,
    services,
    close: async () => {
      await app.close();
      await db.cleanup();
    },
  };
}

/** Test helpers for the payment flow: the visitor's and the member's browser, step by step. */

export async function startSignup(
  app: FastifyInstance,
  host: string,
  input: { planId: number; email: string; password?: string; name?: string },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/subscriptionflow/v1/signup',
    headers: { host, 'content-type': 'application/json' },
    payload: { password: 'a-Strong-pass-2026', name: 'New Member', ...input },
  });
  return { response, body: response.json<{ checkoutId: string; url: string; subscriptionId: string }>() };
}

/** Posts the hosted page's form as a browser would. */
export async function payOnHostedPage(
  app: FastifyInstance,
  host: string,
  url: string,
  card: { number: string; expiry?: string; cvc?: string },
  cookie?: string,
): Promise<{
  response: LightMyRequestResponse;
  cookie: string | undefined;
  state: Record<string, unknown> | null;
}> {
  const form = new URLSearchParams({
    cardnumber: card.number,
    expiry: card.expiry ?? '12/34',
    cvc: card.cvc ?? '123',
    name: 'Card Holder',
  });
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: form.toString(),
  });
  const location = response.headers.location;
  const state =
    typeof location === 'string'
      ? (JSON.parse(new URL(location, 'http://x').searchParams.get('state') ?? 'null') as Record<
          string,
          unknown
        > | null)
      : null;
  return { response, cookie: memberCookie(response), state };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { type Caller, graphql, signInNewMember } from '../../test/http';
import {
  BUY_COINS,
  type BillingTestApp,
  createBillingTestApp,
  payOnHostedPage,
} from './billing.test-helpers';
import { TEST_CARDS } from './card';

interface Result {
  succeeded: boolean;
  slug: string | null;
}
interface Method {
  paymentMethodId: string;
  ccLast: string;
  isDefault: boolean;
}

const PAY = `mutation ($checkoutId: String!, $pm: String!, $key: String!) { member {
  payWithSavedCard(checkoutId: $checkoutId, paymentMethodId: $pm, requestKey: $key) {
    responseResult { succeeded slug } outcome failureCode returnUrl } } }`;
const ADD = `mutation ($id: String!, $last: String!, $type: String!, $default: Boolean!) { member {
  addPaymentMethod(paymentMethodId: $id, ccLast: $last, isDefault: $default, ccType: $type) {
    responseResult { succeeded slug } paymentMethods { paymentMethodId ccLast isDefault } } } }`;
const REMOVE = `mutation ($id: String!) { member { removePaymentMethod(paymentMethodId: $id) {
  responseResult { succeeded slug } paymentMethods { paymentMethodId ccLast isDefault } } } }`;
const SET_DEFAULT = `mutation ($id: String!) { member { setDefaultPaymentMethod(paymentMethodId: $id) {
  responseResult { succeeded slug } paymentMethods { paymentMethodId ccLast isDefault } } } }`;
const METHODS = `{ member { paymentMethods { paymentMethodId ccLast isDefault } } }`;

interface PayAnswer {
  member: {
    payWithSavedCard: {
      responseResult: Result;
      outcome: string | null;
      failureCode: string | null;
      returnUrl: string | null;
    };
  };
}

const key = (name: string) => `${name}-${Math.random().toString(36).slice(2)}-key-0000`;
const checkoutIdOf = (url: string) => url.replace('/paymentflow/checkout/', '');

describe.each(ENGINES)('purchases paid with a saved card, and removing cards (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createBillingTestApp(engine, { loginRateLimitPerMinute: 10_000 });
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (caller: Caller, url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host: brand.hostname, cookie: caller.cookie ?? '', 'content-type': 'application/json' },
      payload,
    });

  /** A card saved the way the account's payment methods save one (setup intent, then addPaymentMethod). */
  async function saveCard(caller: Caller, number: string, isDefault = false): Promise<Method[]> {
    await post(caller, '/paymentflow/stripe/customer/create', {});
    const intent = (await post(caller, '/paymentflow/stripe/setup-intent/create', {})).json<{
      clientSecret: string;
    }>();
    const confirmed = (
      await post(caller, '/paymentflow/sandbox/setup-intent/confirm', {
        clientSecret: intent.clientSecret,
        number,
        expiry: '1233',
        cvc: '123',
      })
    ).json<{ paymentMethodId: string }>();
    const added = await graphql<{
      member: { addPaymentMethod: { responseResult: Result; paymentMethods: Method[] } };
    }>(t.app, caller, ADD, {
      id: confirmed.paymentMethodId,
      last: number.slice(-4),
      type: number.startsWith('4') ? 'visa' : 'mastercard',
      default: isDefault,
    });
    expect(added.data?.member.addPaymentMethod.responseResult.succeeded).toBe(true);
    return added.data?.member.addPaymentMethod.paymentMethods ?? [];
  }

  async function openCoins(caller: Caller, packId = 'coins-550'): Promise<string> {
    const started = await graphql<{ member: { buyCoins: { url: string } } }>(t.app, caller, BUY_COINS, {
      packId,
    });
    return checkoutIdOf(started.data?.member.buyCoins.url ?? '');
  }

  const pay = (caller: Caller, checkoutId: string, pm: string, requestKey: string) =>
    graphql<PayAnswer>(t.app, caller, PAY, { checkoutId, pm, key: requestKey }).then(
      (answer) => answer.data?.member.payWithSavedCard,
    );

  it('buys coins with a saved card: one payment, one grant, the same answer for the same key', async () => {
    const member = await signInNewMember(t, brand);
    const [card] = await saveCard(member.caller, TEST_CARDS.succeeds);
    const checkoutId = await openCoins(member.caller);
    const requestKey = key('coins');

    const first = await pay(member.caller, checkoutId, card?.paymentMethodId ?? '', requestKey);
    expect(first).toMatchObject({ responseResult: { succeeded: true }, outcome: 'succeeded' });
    const state = JSON.parse(
      new URL(first?.returnUrl ?? '', 'http://x').searchParams.get('state') ?? 'null',
    ) as Record<string, unknown>;
    expect(state).toMatchObject({ is_success: true, slug: 'coins', checkout_id: checkoutId });
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(550);

    // A retry with its key (even one that opened a second checkout) charges and grants nothing more.
    const again = await pay(member.caller, checkoutId, card?.paymentMethodId ?? '', requestKey);
    expect(again?.outcome).toBe('succeeded');
    const secondCheckout = await openCoins(member.caller);
    const retried = await pay(member.caller, secondCheckout, card?.paymentMethodId ?? '', requestKey);
    expect(retried?.returnUrl).toContain(encodeURIComponent(checkoutId));
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(550);
    // The hosted page cannot take the paid checkout again either.
    await payOnHostedPage(
      t.app,
      brand.hostname,
      `/paymentflow/checkout/${checkoutId}`,
      { number: TEST_CARDS.succeeds },
      member.caller.cookie,
    );
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(550);
    const history = await t.services.payments.listTransactions(brand.id, member.id);
    expect(history.filter((row) => row.purpose === 'coins' && row.status === 'succeeded')).toHaveLength(1);
  });

  it('pays once when the same key is sent twice at once', async () => {
    const member = await signInNewMember(t, brand);
    const [card] = await saveCard(member.caller, TEST_CARDS.succeeds);
    const checkoutId = await openCoins(member.caller, 'coins-100');
    const requestKey = key('race');
    const answers = await Promise.all(
      [0, 1, 2].map(() => pay(member.caller, checkoutId, card?.paymentMethodId ?? '', requestKey)),
    );
    for (const answer of answers) expect(['succeeded', 'pending']).toContain(answer?.outcome);
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(100);
  });

  it('says payment failed for a declined card and grants nothing; the checkout stays payable', async () => {
    const member = await signInNewMember(t, brand);
    const [card] = await saveCard(member.caller, TEST_CARDS.declinesCharges);
    const checkoutId = await openCoins(member.caller);
    const answer = await pay(member.caller, checkoutId, card?.paymentMethodId ?? '', key('declined'));
    expect(answer).toMatchObject({
      responseResult: { succeeded: false, slug: 'payment_failed' },
      outcome: 'failed',
      failureCode: 'card_declined',
      returnUrl: null,
    });
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(0);
    // "Use a new card": the same checkout on the hosted page.
    await payOnHostedPage(
      t.app,
      brand.hostname,
      `/paymentflow/checkout/${checkoutId}`,
      { number: TEST_CARDS.succeeds },
      member.caller.cookie,
    );
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(550);
  });

  it('refuses without a card, with another member’s card or checkout, and with a malformed key', async () => {
    const member = await signInNewMember(t, brand);
    const other = await signInNewMember(t, brand);
    const [othersCard] = await saveCard(other.caller, TEST_CARDS.succeeds);
    const checkoutId = await openCoins(member.caller);
    const none = await pay(member.caller, checkoutId, othersCard?.paymentMethodId ?? '', key('none'));
    expect(none?.responseResult).toEqual({ succeeded: false, slug: 'no_payment_method' });
    const [own] = await saveCard(member.caller, TEST_CARDS.succeeds);
    const stolenCard = await pay(member.caller, checkoutId, othersCard?.paymentMethodId ?? '', key('stolen'));
    expect(stolenCard?.responseResult.slug).toBe('payment_method_not_found');
    const othersCheckout = await openCoins(other.caller);
    const stolenCheckout = await pay(
      member.caller,
      othersCheckout,
      own?.paymentMethodId ?? '',
      key('theirs'),
    );
    expect(stolenCheckout?.responseResult.slug).toBe('checkout_not_found');
    const badKey = await pay(member.caller, checkoutId, own?.paymentMethodId ?? '', 'short');
    expect(badKey?.responseResult.slug).toBe('invalid_idempotency_key');
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(0);
    expect(await t.services.wallet.balance(brand.id, other.id)).toBe(0);
  });

  it('removes cards: the default passes to another card, a removed card is never charged', async () => {
    const member = await signInNewMember(t, brand);
    await saveCard(member.caller, TEST_CARDS.succeeds, true);
    const methods = await saveCard(member.caller, '5555555555554444');
    const visa = methods.find((method) => method.ccLast === '4242');
    const master = methods.find((method) => method.ccLast === '4444');
    expect(visa?.isDefault).toBe(true);

    const removed = await graphql<{
      member: { removePaymentMethod: { responseResult: Result; paymentMethods: Method[] } };
    }>(t.app, member.caller, REMOVE, { id: visa?.paymentMethodId });
    expect(removed.data?.member.removePaymentMethod.paymentMethods).toEqual([
      { paymentMethodId: master?.paymentMethodId, ccLast: '4444', isDefault: true },
    ]);
    const checkoutId = await openCoins(member.caller);
    const refused = await pay(member.caller, checkoutId, visa?.paymentMethodId ?? '', key('removed'));
    expect(refused?.responseResult.slug).toBe('payment_method_not_found');

    // Another member cannot remove it; removing the last card leaves none.
    const other = await signInNewMember(t, brand);
    await saveCard(other.caller, TEST_CARDS.succeeds);
    const foreign = await graphql<{ member: { removePaymentMethod: { responseResult: Result } } }>(
      t.app,
      other.caller,
      REMOVE,
      { id: master?.paymentMethodId },
    );
    expect(foreign.data?.member.removePaymentMethod.responseResult.slug).toBe('payment_method_not_found');
    const last = await graphql<{
      member: { removePaymentMethod: { paymentMethods: Method[] } };
    }>(t.app, member.caller, REMOVE, { id: master?.paymentMethodId });
    expect(last.data?.member.removePaymentMethod.paymentMethods).toEqual([]);
    const none = await pay(member.caller, checkoutId, master?.paymentMethodId ?? '', key('gone'));
    expect(none?.responseResult.slug).toBe('no_payment_method');
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(0);
  });

  it('leaves exactly one default after concurrent default changes and removals', async () => {
    const member = await signInNewMember(t, brand);
    await saveCard(member.caller, TEST_CARDS.succeeds, true);
    await saveCard(member.caller, '5555555555554444');
    const methods = await saveCard(member.caller, '4000056655665556');
    const ids = methods.map((method) => method.paymentMethodId);
    await Promise.all([
      ...ids.map((id) => graphql(t.app, member.caller, SET_DEFAULT, { id })),
      ...ids.map((id) => graphql(t.app, member.caller, SET_DEFAULT, { id })),
      graphql(t.app, member.caller, REMOVE, { id: ids[0] }),
    ]);
    const listed = await graphql<{ member: { paymentMethods: Method[] } }>(t.app, member.caller, METHODS);
    const cards = listed.data?.member.paymentMethods ?? [];
    expect(cards).toHaveLength(2);
    expect(cards.filter((card) => card.isDefault)).toHaveLength(1);
  });

  it('the hosted page reads 1230 as 12/30 and shows again what was typed after an error', async () => {
    const member = await signInNewMember(t, brand);
    const url = `/paymentflow/checkout/${await openCoins(member.caller, 'coins-100')}`;
    const refused = await payOnHostedPage(
      t.app,
      brand.hostname,
      url,
      { number: '4242 4242 4242 4241', expiry: '1230', cvc: '123' },
      member.caller.cookie,
    );
    expect(refused.response.statusCode).toBe(400);
    const html = refused.response.body;
    expect(html).toContain('value="4242 4242 4242 4241"');
    expect(html).toContain('value="1230"');
    expect(html).toContain('value="123"');
    expect(html).toMatch(/id="cardnumber"[^>]*aria-invalid="true"/);
    expect(html).not.toMatch(/id="expiry"[^>]*aria-invalid/);
    // The page's only script carries the response's nonce, and the policy allows nothing else.
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(refused.response.headers['content-security-policy']).toContain(
      `script-src 'nonce-${nonce ?? 'none'}'`,
    );

    const paid = await payOnHostedPage(
      t.app,
      brand.hostname,
      url,
      { number: '4242424242424242', expiry: '1230', cvc: '123' },
      member.caller.cookie,
    );
    expect(paid.state).toMatchObject({ is_success: true });
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(100);
  });
});

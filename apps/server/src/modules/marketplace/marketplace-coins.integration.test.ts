import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';
import { type BillingTestApp, createBillingTestApp, payOnHostedPage } from '../payments/billing.test-helpers';

/*
 * Coins paying part of a marketplace order (decision 031): the server decides how many, spends them in
 * the transaction that places the order, once, never below zero, and gives them back once when the
 * order is cancelled; an order that is not placed takes none.
 */

const SET = `mutation ($productId: Int!, $quantity: Int!) { ecommerce { setCartQuantity(productId: $productId, quantity: $quantity) {
  responseResult { succeeded slug } } } }`;
const INFO = `mutation ($input: CheckoutInformationInput!) { ecommerce { saveCheckoutInformation(input: $input) {
  responseResult { succeeded slug } } } }`;
const SHIP = `mutation ($method: String!) { ecommerce { chooseShipping(method: $method) { responseResult { succeeded slug } } } }`;
const PAY = `mutation ($checkoutId: String, $useCoins: Boolean) { ecommerce { payCheckout(checkoutId: $checkoutId, useCoins: $useCoins) {
  responseResult { succeeded slug } url } } }`;
const CHECKOUT = `{ ecommerce { checkout { id status total orderId failureCode coinBalance
  coinOffer { coins valueMinor cardMinor } coinsApplied coinsValueMinor } } }`;
const ORDERS = `{ ecommerce { getMemberOrders { id status orderTotal refundedMinor coinsApplied coinsValueMinor } } }`;
const CANCEL = `mutation ($id: Int!) { ecommerce { cancelOrder(id: $id) { responseResult { succeeded slug } refundedMinor refundedCoins } } }`;

const ADDRESS = {
  country: 'US',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '1 Analytical Way',
  apartment: '',
  city: 'Boston',
  region: 'MA',
  postcode: '02110',
  phone: '+1 617 555 0100',
};

interface Checkout {
  id: string;
  status: string;
  total: number;
  orderId: number | null;
  failureCode: string | null;
  coinBalance: number;
  coinOffer: { coins: number; valueMinor: number; cardMinor: number };
  coinsApplied: number;
  coinsValueMinor: number;
}
interface Order {
  id: number;
  status: string;
  orderTotal: number;
  refundedMinor: number;
  coinsApplied: number;
  coinsValueMinor: number;
}
interface PayAnswer {
  ecommerce: {
    payCheckout: { responseResult: { succeeded: boolean; slug: string | null }; url: string | null };
  };
}
interface CancelAnswer {
  ecommerce: {
    cancelOrder: {
      responseResult: { succeeded: boolean; slug: string | null };
      refundedMinor: number | null;
      refundedCoins: number | null;
    };
  };
}

describe.each(ENGINES)('marketplace coins (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };
  let categoryId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createBillingTestApp(engine, { loginRateLimitPerMinute: 100_000 });
    brand = await buildBrand(t.db, { brandTags: ['ecommerce'] });
    categoryId = (await t.services.marketplace.upsertCategory(brand.id, 'kitchen', { 'en-us': 'Kitchen' }, 1))
      .id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function product(price: number, stock: number) {
    n += 1;
    return t.services.marketplace.upsertProduct({
      brandId: brand.id,
      categoryId,
      slug: `coin-product-${n}`,
      names: { 'en-us': `Coin product ${n}` },
      descriptions: { 'en-us': 'A product.' },
      prices: { USD: price },
      images: [],
      stock,
      shippable: true,
      freeGiftEligible: false,
    });
  }

  const signIn = () => signInNewMember(t, brand);
  type Member = Awaited<ReturnType<typeof signIn>>;
  const gql = <T>(member: Member, query: string, variables?: Record<string, unknown>) =>
    graphql<T>(t.app, member.caller, query, variables);

  const grant = (member: Member, amount: number) =>
    t.services.wallet.credit({
      brandId: brand.id,
      memberId: member.id,
      amount,
      description: 'Test grant',
      idempotencyKey: `test-grant:${randomUUID()}`,
      source: 'support_grant',
      reference: { kind: 'payment', id: 'test' },
    });
  const balanceOf = (member: Member) => t.services.wallet.balance(brand.id, member.id);
  const ledgerOf = (member: Member) =>
    t.db.kysely
      .selectFrom('coin_ledger')
      .select(['amount', 'source', 'idempotency_key'])
      .where('brand_id', '=', brand.id)
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
  const checkoutOf = async (member: Member) =>
    (await gql<{ ecommerce: { checkout: Checkout } }>(member, CHECKOUT)).data?.ecommerce.checkout;
  const ordersOf = async (member: Member) =>
    (await gql<{ ecommerce: { getMemberOrders: Order[] } }>(member, ORDERS)).data?.ecommerce
      .getMemberOrders ?? [];
  const stockOf = async (id: number) =>
    (
      await t.db.kysely
        .selectFrom('shop_products')
        .select('stock')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).stock;

  /** A cart of `quantity` × a product, the address and standard shipping ($4.99): ready to pay. */
  async function readyToPay(member: Member, productId: number, quantity = 1) {
    await gql(member, SET, { productId, quantity });
    await gql(member, INFO, { input: { email: member.email, address: ADDRESS } });
    await gql(member, SHIP, { method: 'standard' });
  }

  it('offers what the coins would pay, and the card pays the rest of the server-priced total', async () => {
    const member = await signIn();
    await grant(member, 500);
    const mug = await product(2000, 5);
    await readyToPay(member, mug);
    expect(await checkoutOf(member)).toMatchObject({
      total: 2499,
      coinBalance: 500,
      coinOffer: { coins: 500, valueMinor: 500, cardMinor: 1999 },
    });

    const started = await gql<PayAnswer>(member, PAY, { useCoins: true });
    const url = started.data?.ecommerce.payCheckout.url ?? '';
    expect(url).toMatch(/^\/paymentflow\//);
    // Nothing is spent before the payment is verified.
    expect(await balanceOf(member)).toBe(500);
    await payOnHostedPage(t.app, brand.hostname, url, { number: '4242 4242 4242 4242' }, member.cookie);

    const checkout = await checkoutOf(member);
    expect(checkout).toMatchObject({ status: 'placed', coinsApplied: 500, coinsValueMinor: 500 });
    const payments = await t.db.kysely
      .selectFrom('payments')
      .select(['amount_minor', 'status'])
      .where('member_id', '=', member.id)
      .where('purpose', '=', 'order')
      .execute();
    expect(payments).toEqual([{ amount_minor: 1999, status: 'succeeded' }]);
    expect(await ordersOf(member)).toMatchObject([
      { status: 'placed', orderTotal: 2499, coinsApplied: 500, coinsValueMinor: 500 },
    ]);
    expect(await balanceOf(member)).toBe(0);
    expect(await ledgerOf(member)).toEqual([
      expect.objectContaining({ amount: 500 }),
      { amount: -500, source: 'spend', idempotency_key: `shop:${checkout?.id ?? ''}` },
    ]);

    // The verified payment replayed 20 times at once places nothing more and spends nothing more.
    const payment = await t.db.kysely
      .selectFrom('payments')
      .select(['id', 'created_at'])
      .where('member_id', '=', member.id)
      .where('purpose', '=', 'order')
      .executeTakeFirstOrThrow();
    const replays = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.services.marketplace.fulfilOrderPayment({
          id: payment.id,
          brandId: brand.id,
          memberId: member.id,
          amountMinor: 1999,
          currency: 'USD',
          metadata: { shopCheckoutId: checkout?.id ?? '' },
          purpose: 'order',
          checkoutId: null,
          createdAt: payment.created_at,
        }),
      ),
    );
    expect(new Set(replays.map((replay) => replay.orderId))).toEqual(new Set([checkout?.orderId]));
    expect(await ordersOf(member)).toHaveLength(1);
    expect(await balanceOf(member)).toBe(0);
    expect(await ledgerOf(member)).toHaveLength(2);
  });

  it('places the order at once when the coins pay it all; the same request 30 times places one', async () => {
    const member = await signIn();
    await grant(member, 3000);
    const mug = await product(2000, 5);
    await readyToPay(member, mug);
    const before = await checkoutOf(member);
    expect(before?.coinOffer).toEqual({ coins: 2499, valueMinor: 2499, cardMinor: 0 });

    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        gql<PayAnswer>(member, PAY, { checkoutId: before?.id, useCoins: true }),
      ),
    );
    const succeeded = answers.filter((answer) => answer.data?.ecommerce.payCheckout.responseResult.succeeded);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const answer of succeeded)
      expect(answer.data?.ecommerce.payCheckout.url).toBe('/marketplace/checkout/confirmation');
    for (const answer of answers.filter((one) => !one.data?.ecommerce.payCheckout.responseResult.succeeded))
      expect(answer.data?.ecommerce.payCheckout.responseResult.slug).toBe('checkout_closed');

    expect(await ordersOf(member)).toMatchObject([
      { status: 'placed', orderTotal: 2499, coinsApplied: 2499, coinsValueMinor: 2499 },
    ]);
    expect(await balanceOf(member)).toBe(501);
    expect((await ledgerOf(member)).filter((line) => line.amount < 0)).toHaveLength(1);
    expect(await stockOf(mug)).toBe(4);
    // No card payment at all.
    const payments = await t.db.kysely
      .selectFrom('payments')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(payments).toEqual([]);
  });

  it('without useCoins, or without coins, the card pays everything', async () => {
    const member = await signIn();
    await grant(member, 100);
    const mug = await product(1000, 5);
    await readyToPay(member, mug);
    const started = await gql<PayAnswer>(member, PAY, {});
    await payOnHostedPage(
      t.app,
      brand.hostname,
      started.data?.ecommerce.payCheckout.url ?? '',
      { number: '4242 4242 4242 4242' },
      member.cookie,
    );
    expect(await ordersOf(member)).toMatchObject([{ orderTotal: 1499, coinsApplied: 0 }]);
    expect(await balanceOf(member)).toBe(100);
  });

  it('takes no coin when the stock sold out before the payment was verified', async () => {
    const member = await signIn();
    await grant(member, 300);
    const mug = await product(2000, 1);
    await readyToPay(member, mug);
    const started = await gql<PayAnswer>(member, PAY, { useCoins: true });
    await t.services.marketplace.setStock(brand.id, mug, 0);
    await payOnHostedPage(
      t.app,
      brand.hostname,
      started.data?.ecommerce.payCheckout.url ?? '',
      { number: '4242 4242 4242 4242' },
      member.cookie,
    );
    expect(await checkoutOf(member)).toMatchObject({
      status: 'sold_out',
      failureCode: 'out_of_stock_refunded',
    });
    expect(await ordersOf(member)).toEqual([]);
    expect(await balanceOf(member)).toBe(300);
  });

  it('refuses the order, taking no coin, when the coins were spent before the card payment was verified', async () => {
    const member = await signIn();
    await grant(member, 300);
    const mug = await product(2000, 3);
    await readyToPay(member, mug);
    const started = await gql<PayAnswer>(member, PAY, { useCoins: true });
    await t.services.wallet.spend({
      brandId: brand.id,
      memberId: member.id,
      amount: 200,
      description: 'Spent elsewhere',
      idempotencyKey: `elsewhere:${randomUUID()}`,
      reference: { kind: 'impact', id: '1' },
    });
    await payOnHostedPage(
      t.app,
      brand.hostname,
      started.data?.ecommerce.payCheckout.url ?? '',
      { number: '4242 4242 4242 4242' },
      member.cookie,
    );
    expect(await checkoutOf(member)).toMatchObject({
      status: 'refused',
      failureCode: 'coins_short_refunded',
    });
    expect(await ordersOf(member)).toEqual([]);
    expect(await balanceOf(member)).toBe(100);
    expect(await stockOf(mug)).toBe(3);
  });

  it('100 verified payments at once on one balance never overdraw it', async () => {
    const member = await signIn();
    await grant(member, 1000);
    const mug = await product(500, 1000);
    // 100 checkouts priced at $5.00 each, 100 coins ($1.00) of each paid in coins: the balance covers 10.
    const ids = Array.from({ length: 100 }, () => `mk_${randomUUID()}`);
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('shop_checkouts')
      .values(
        ids.map((id) => ({
          id,
          brand_id: brand.id,
          member_id: member.id,
          status: 'paying' as const,
          information: JSON.stringify({ email: member.email, ...ADDRESS }),
          shipping_method: 'standard',
          lines: JSON.stringify([{ productId: mug, name: 'Mug', image: null, quantity: 1, unitPrice: 500 }]),
          currency: 'USD',
          total: 500,
          coins: 100,
          coins_value_minor: 100,
          payment_checkout_id: null,
          order_id: null,
          failure_code: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    // The verified card payments (as the payment flow records them); those that place no order go back.
    const paymentIds = ids.map((_, index) => `pay_test_${index}_${randomUUID()}`);
    await t.db.kysely
      .insertInto('payments')
      .values(
        ids.map((id, index) => ({
          id: paymentIds[index] ?? '',
          brand_id: brand.id,
          member_id: member.id,
          provider: 'sandbox',
          provider_payment_id: null,
          checkout_id: null,
          subscription_id: null,
          purpose: 'order',
          status: 'succeeded' as const,
          amount_minor: 400,
          currency: 'USD',
          description: 'Order',
          metadata: JSON.stringify({ shopCheckoutId: id }),
          failure_code: null,
          idempotency_key: `test:${id}`,
          created_at: now,
        })),
      )
      .execute();
    const results = await Promise.all(
      ids.map((id, index) =>
        t.services.marketplace.fulfilOrderPayment({
          id: paymentIds[index] ?? '',
          brandId: brand.id,
          memberId: member.id,
          amountMinor: 400,
          currency: 'USD',
          metadata: { shopCheckoutId: id },
          purpose: 'order',
          checkoutId: null,
          createdAt: now,
        }),
      ),
    );
    expect(results.filter((result) => result.orderId !== null)).toHaveLength(10);
    expect(await balanceOf(member)).toBe(0);
    const spends = (await ledgerOf(member)).filter((line) => line.amount < 0);
    expect(spends).toHaveLength(10);
    expect(spends.every((line) => line.amount === -100)).toBe(true);
    expect(await ordersOf(member)).toHaveLength(10);
    expect(await stockOf(mug)).toBe(990);
    const statuses = await t.db.kysely
      .selectFrom('shop_checkouts')
      .select(['status', 'failure_code'])
      .where('id', 'in', ids)
      .execute();
    expect(statuses.filter((row) => row.status === 'placed')).toHaveLength(10);
    expect(
      statuses.filter((row) => row.status === 'refused' && row.failure_code === 'coins_short_refunded'),
    ).toHaveLength(90);
    // Each of the 90 owes its card payment back once (decision 038).
    const refunds = await t.db.kysely
      .selectFrom('payment_refunds')
      .select(['payment_id', 'amount_minor'])
      .where('payment_id', 'in', paymentIds)
      .execute();
    expect(refunds).toHaveLength(90);
    expect(refunds.every((refund) => refund.amount_minor === 400)).toBe(true);
  });

  it('cancelling gives the coins back once, and refunds the card its part, however often it is asked', async () => {
    const member = await signIn();
    await grant(member, 700);
    const mug = await product(2000, 5);
    await readyToPay(member, mug);
    const started = await gql<PayAnswer>(member, PAY, { useCoins: true });
    await payOnHostedPage(
      t.app,
      brand.hostname,
      started.data?.ecommerce.payCheckout.url ?? '',
      { number: '4242 4242 4242 4242' },
      member.cookie,
    );
    const [order] = await ordersOf(member);
    expect(order).toMatchObject({ coinsApplied: 700, orderTotal: 2499 });
    expect(await balanceOf(member)).toBe(0);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => gql<CancelAnswer>(member, CANCEL, { id: order?.id })),
    );
    const done = answers.filter((answer) => answer.data?.ecommerce.cancelOrder.responseResult.succeeded);
    expect(done).toHaveLength(1);
    expect(done[0]?.data?.ecommerce.cancelOrder).toMatchObject({ refundedMinor: 1799, refundedCoins: 700 });
    for (const answer of answers.filter((one) => !one.data?.ecommerce.cancelOrder.responseResult.succeeded))
      expect(answer.data?.ecommerce.cancelOrder.responseResult.slug).toBe('order_not_cancellable');

    expect(await balanceOf(member)).toBe(700);
    const refunds = (await ledgerOf(member)).filter((line) => line.source === 'refund');
    expect(refunds).toEqual([
      { amount: 700, source: 'refund', idempotency_key: `order-refund:${order?.id ?? 0}` },
    ]);
    expect(await ordersOf(member)).toMatchObject([{ status: 'cancelled', refundedMinor: 1799 }]);
    expect(await stockOf(mug)).toBe(5);
  });

  it('a member cannot pay another member’s checkout', async () => {
    const owner = await signIn();
    const other = await signIn();
    const mug = await product(1000, 5);
    await readyToPay(owner, mug);
    const id = (await checkoutOf(owner))?.id;
    const answer = await gql<PayAnswer>(other, PAY, { checkoutId: id, useCoins: true });
    expect(answer.data?.ecommerce.payCheckout.responseResult.slug).toBe('checkout_not_found');
  });
});

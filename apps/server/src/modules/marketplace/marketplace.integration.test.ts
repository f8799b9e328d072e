import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildSubscription } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';
import { type BillingTestApp, createBillingTestApp, payOnHostedPage } from '../payments/billing.test-helpers';

const CART = `{ ecommerce { cart { count subtotal isEmpty lines { quantity unitPrice product { id } } } } }`;
const SET = `mutation ($productId: Int!, $quantity: Int!) { ecommerce { setCartQuantity(productId: $productId, quantity: $quantity) {
  responseResult { succeeded slug } cart { count subtotal listSubtotal memberSavings lines { quantity unitPrice } } } } }`;
const INFO = `mutation ($input: CheckoutInformationInput!) { ecommerce { saveCheckoutInformation(input: $input) {
  responseResult { succeeded slug } checkout { step } } } }`;
const SHIP = `mutation ($method: String!) { ecommerce { chooseShipping(method: $method) {
  responseResult { succeeded slug } checkout { step deliveryFee total shippingOptions { method fee listFee } } } } }`;
const PAY = `mutation { ecommerce { payCheckout { responseResult { succeeded slug } url } } }`;
const CHECKOUT = `{ ecommerce { checkout { id status step orderId total deliveryFee failureCode information { city } } } }`;
const ORDERS = `{ ecommerce { getMemberOrders { id reference status orderTotal deliveryFee subtotal tracking refundedMinor
  products { productId quantity unitPrice } shippingInfo { city method region } } } }`;

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
  step: string;
  orderId: number | null;
  total: number;
  deliveryFee: number;
  failureCode: string | null;
}
interface Order {
  id: number;
  reference: string;
  status: string;
  orderTotal: number;
  deliveryFee: number;
  subtotal: number;
  tracking: string | null;
  refundedMinor: number;
  products: { productId: string; quantity: number; unitPrice: number }[];
  shippingInfo: { city: string | null; method: string | null; region: string | null };
}

describe.each(ENGINES)('marketplace (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };
  let closed: { id: number; hostname: string };
  let categoryId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createBillingTestApp(engine, { loginRateLimitPerMinute: 100_000 });
    brand = await buildBrand(t.db, { brandTags: ['ecommerce'] });
    closed = await buildBrand(t.db);
    categoryId = (await t.services.marketplace.upsertCategory(brand.id, 'kitchen', { 'en-us': 'Kitchen' }, 1))
      .id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function product(price: number, stock: number, options: { shippable?: boolean } = {}) {
    n += 1;
    return t.services.marketplace.upsertProduct({
      brandId: brand.id,
      categoryId,
      slug: `product-${n}`,
      names: { 'en-us': `Product ${n}` },
      descriptions: { 'en-us': 'A product.' },
      prices: { USD: price },
      images: [`/static/shop/product-${n}.svg`],
      stock,
      shippable: options.shippable ?? true,
      freeGiftEligible: false,
    });
  }

  const signIn = () => signInNewMember(t, brand);
  type Member = Awaited<ReturnType<typeof signIn>>;
  const gql = <T>(member: Member, query: string, variables?: Record<string, unknown>) =>
    graphql<T>(t.app, member.caller, query, variables);

  async function fillCheckout(member: Member, method = 'standard') {
    const info = await gql<{
      ecommerce: { saveCheckoutInformation: { responseResult: { succeeded: boolean } } };
    }>(member, INFO, { input: { email: member.email, address: ADDRESS } });
    expect(info.data?.ecommerce.saveCheckoutInformation.responseResult.succeeded).toBe(true);
    return gql<{
      ecommerce: {
        chooseShipping: {
          checkout: {
            step: string;
            deliveryFee: number;
            total: number;
            shippingOptions: { method: string; fee: number }[];
          };
        };
      };
    }>(member, SHIP, { method });
  }

  async function pay(member: Member, card = '4242 4242 4242 4242') {
    const started = await gql<{
      ecommerce: { payCheckout: { responseResult: { slug: string | null }; url: string | null } };
    }>(member, PAY);
    const url = started.data?.ecommerce.payCheckout.url;
    if (!url) return { slug: started.data?.ecommerce.payCheckout.responseResult.slug ?? null, url: null };
    await payOnHostedPage(t.app, brand.hostname, url, { number: card }, member.cookie);
    return { slug: null, url };
  }

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

  it('buys two products through the four steps: one order, priced by the server, stock taken, cart emptied', async () => {
    const member = await signIn();
    const mug = await product(1999, 5);
    const tea = await product(850, 3);
    expect((await checkoutOf(member))?.step).toBe('information');
    await gql(member, SET, { productId: mug, quantity: 2 });
    const added = await gql<{
      ecommerce: { setCartQuantity: { cart: { count: number; subtotal: number } } };
    }>(member, SET, { productId: tea, quantity: 1 });
    expect(added.data?.ecommerce.setCartQuantity.cart).toMatchObject({ count: 3, subtotal: 2 * 1999 + 850 });
    const shipped = await fillCheckout(member);
    expect(shipped.data?.ecommerce.chooseShipping.checkout).toMatchObject({
      step: 'payment',
      deliveryFee: 499,
      total: 2 * 1999 + 850 + 499,
    });
    expect((await checkoutOf(member))?.step).toBe('payment'); // a reload resumes the step
    expect((await pay(member)).url).toMatch(/^\/paymentflow\//);

    const checkout = await checkoutOf(member);
    expect(checkout).toMatchObject({ status: 'placed', step: 'confirmation' });
    const orders = await ordersOf(member);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: checkout?.orderId,
      status: 'placed',
      subtotal: 2 * 1999 + 850,
      deliveryFee: 499,
      orderTotal: 2 * 1999 + 850 + 499,
      shippingInfo: { city: 'Boston', method: 'standard', region: 'MA' },
    });
    expect(orders[0]?.products).toEqual([
      { productId: String(mug), quantity: 2, unitPrice: 1999 },
      { productId: String(tea), quantity: 1, unitPrice: 850 },
    ]);
    expect(await stockOf(mug)).toBe(3);
    expect(await stockOf(tea)).toBe(2);
    const cart = await gql<{ ecommerce: { cart: { isEmpty: boolean } } }>(member, CART);
    expect(cart.data?.ecommerce.cart.isEmpty).toBe(true);
  });

  it('gives a Champion member 30% off and free standard shipping, decided by the server', async () => {
    const member = await signIn();
    await buildSubscription(t.db, brand.id, member.id, { planId: 149, planName: 'Champion' });
    const mug = await product(1999, 5);
    const set = await gql<{
      ecommerce: {
        setCartQuantity: { cart: { subtotal: number; listSubtotal: number; memberSavings: number } };
      };
    }>(member, SET, { productId: mug, quantity: 2 });
    expect(set.data?.ecommerce.setCartQuantity.cart).toEqual({
      count: 2,
      subtotal: 2 * 1399,
      listSubtotal: 2 * 1999,
      memberSavings: 2 * 600,
      lines: [{ quantity: 2, unitPrice: 1399 }],
    });
    const shipped = await fillCheckout(member);
    expect(shipped.data?.ecommerce.chooseShipping.checkout.deliveryFee).toBe(0);
    expect(shipped.data?.ecommerce.chooseShipping.checkout.shippingOptions).toEqual([
      { method: 'standard', fee: 0, listFee: 499 },
      { method: 'express', fee: 1499, listFee: 1499 },
    ]);
    await pay(member);
    const [order] = await ordersOf(member);
    expect(order).toMatchObject({ orderTotal: 2 * 1399, deliveryFee: 0 });
  });

  it('places no order for a declined card, and names the empty cart and the missing steps', async () => {
    const member = await signIn();
    const emptyPay = await pay(member);
    expect(emptyPay.slug).toBe('cart_empty');
    const mug = await product(1000, 5);
    await gql(member, SET, { productId: mug, quantity: 1 });
    expect((await pay(member)).slug).toBe('checkout_incomplete');
    await fillCheckout(member);
    await pay(member, '4000 0000 0000 0002');
    expect(await ordersOf(member)).toEqual([]);
    expect(await stockOf(mug)).toBe(5);
    expect((await checkoutOf(member))?.status).toBe('paying');
    // Paying again (a good card this time) prices a fresh checkout and places the order.
    await pay(member);
    expect(await ordersOf(member)).toHaveLength(1);
    expect(await stockOf(mug)).toBe(4);
  });

  it('bounds cart quantities by stock and refuses forged input', async () => {
    const member = await signIn();
    const rare = await product(500, 2);
    const set = await gql<{ ecommerce: { setCartQuantity: { cart: { lines: { quantity: number }[] } } } }>(
      member,
      SET,
      { productId: rare, quantity: 99 },
    );
    expect(set.data?.ecommerce.setCartQuantity.cart.lines).toEqual([{ quantity: 2, unitPrice: 500 }]);
    const negative = await gql<{ ecommerce: { setCartQuantity: { responseResult: { slug: string } } } }>(
      member,
      SET,
      { productId: rare, quantity: -3 },
    );
    expect(negative.data?.ecommerce.setCartQuantity.responseResult.slug).toBe('invalid_quantity');
    const unknown = await gql<{ ecommerce: { setCartQuantity: { responseResult: { slug: string } } } }>(
      member,
      SET,
      { productId: 999_999_999, quantity: 1 },
    );
    expect(unknown.data?.ecommerce.setCartQuantity.responseResult.slug).toBe('product_not_found');
    const badAddress = await gql<{
      ecommerce: { saveCheckoutInformation: { responseResult: { slug: string } } };
    }>(member, INFO, { input: { email: member.email, address: { ...ADDRESS, postcode: '%%%' } } });
    expect(badAddress.data?.ecommerce.saveCheckoutInformation.responseResult.slug).toBe(
      'invalid_address:postcode:invalid_postcode',
    );
    const badMethod = await gql<{ ecommerce: { chooseShipping: { responseResult: { slug: string } } } }>(
      member,
      SHIP,
      { method: 'teleport' },
    );
    expect(badMethod.data?.ecommerce.chooseShipping.responseResult.slug).toBe('invalid_shipping_method');
  });

  it('refuses the marketplace where the ecommerce flag and the layout do not offer it', async () => {
    const member = await signInNewMember(t, closed);
    const answer = await graphql<unknown>(
      t.app,
      member.caller,
      `
        {
          ecommerce {
            listCategories {
              slug
            }
          }
        }
      `,
    );
    expect(answer.errors?.[0]?.extensions.slug ?? answer.errors?.[0]?.message).toMatch(
      /marketplace_unavailable|not offered/,
    );
    // The shippable products screens ask the same fields: refused the same way.
    const shippable = await graphql<unknown>(
      t.app,
      member.caller,
      `
        {
          ecommerce {
            products(shippableOnly: true, limit: 24, offset: 0) {
              id
            }
          }
        }
      `,
    );
    expect(shippable.errors?.[0]?.extensions.slug ?? shippable.errors?.[0]?.message).toMatch(
      /marketplace_unavailable|not offered/,
    );
    const listed = await gql<{ ecommerce: { listCategories: { slug: string; productCount: number }[] } }>(
      await signIn(),
      `{ ecommerce { listCategories { slug productCount } } }`,
    );
    expect(listed.data?.ecommerce.listCategories[0]?.slug).toBe('kitchen');
  });

  it('cancels an order before shipping (refund recorded, stock back), not after; ships with tracking and mail', async () => {
    const member = await signIn();
    const mug = await product(1200, 4);
    await gql(member, SET, { productId: mug, quantity: 2 });
    await fillCheckout(member);
    await pay(member);
    const [order] = await ordersOf(member);
    expect(await stockOf(mug)).toBe(2);
    const CANCEL = `mutation ($id: Int!) { ecommerce { cancelOrder(id: $id) { responseResult { succeeded slug } refundedMinor } } }`;
    const stranger = await signIn();
    const theirs = await gql<{ ecommerce: { cancelOrder: { responseResult: { slug: string } } } }>(
      stranger,
      CANCEL,
      {
        id: order?.id,
      },
    );
    expect(theirs.data?.ecommerce.cancelOrder.responseResult.slug).toBe('order_not_found');
    const cancelled = await gql<{ ecommerce: { cancelOrder: { refundedMinor: number } } }>(member, CANCEL, {
      id: order?.id,
    });
    expect(cancelled.data?.ecommerce.cancelOrder.refundedMinor).toBe(order?.orderTotal);
    expect(await stockOf(mug)).toBe(4);
    const again = await gql<{ ecommerce: { cancelOrder: { responseResult: { slug: string } } } }>(
      member,
      CANCEL,
      {
        id: order?.id,
      },
    );
    expect(again.data?.ecommerce.cancelOrder.responseResult.slug).toBe('order_not_cancellable');

    await gql(member, SET, { productId: mug, quantity: 1 });
    await fillCheckout(member);
    await pay(member);
    const placed = (await ordersOf(member)).find((one) => one.status === 'placed');
    await t.services.marketplace.markShipped(placed?.reference ?? '', 'TRACK-123');
    const shipped = (await ordersOf(member)).find((one) => one.id === placed?.id);
    expect(shipped).toMatchObject({ status: 'shipped', tracking: 'TRACK-123' });
    const late = await gql<{ ecommerce: { cancelOrder: { responseResult: { slug: string } } } }>(
      member,
      CANCEL,
      {
        id: placed?.id,
      },
    );
    expect(late.data?.ecommerce.cancelOrder.responseResult.slug).toBe('order_not_cancellable');
    const mails = await t.services.mail.listOutbox(brand.id);
    expect(mails.some((mail) => mail.kind === 'order_shipped' && mail.text_body.includes('TRACK-123'))).toBe(
      true,
    );
    // Now received, the member may review it, once.
    const REVIEW = `mutation ($productId: Int!) { ecommerce { addReview(productId: $productId, rating: 5, text: "Lovely") {
      responseResult { succeeded slug } } } }`;
    const review = await gql<{ ecommerce: { addReview: { responseResult: { succeeded: boolean } } } }>(
      member,
      REVIEW,
      {
        productId: mug,
      },
    );
    expect(review.data?.ecommerce.addReview.responseResult.succeeded).toBe(true);
    const twice = await gql<{ ecommerce: { addReview: { responseResult: { slug: string } } } }>(
      member,
      REVIEW,
      {
        productId: mug,
      },
    );
    expect(twice.data?.ecommerce.addReview.responseResult.slug).toBe('review_exists');
    const DETAIL = `query ($id: Int!) { ecommerce { product(id: $id) {
      product { rating reviewCount } reviews { rating text } canReview hasReviewed } } }`;
    interface Detail {
      ecommerce: {
        product: {
          product: { rating: number | null; reviewCount: number };
          reviews: { rating: number; text: string }[];
          canReview: boolean;
          hasReviewed: boolean;
        };
      };
    }
    const reviewed = await gql<Detail>(member, DETAIL, { id: mug });
    expect(reviewed.data?.ecommerce.product).toMatchObject({
      product: { rating: 5, reviewCount: 1 },
      reviews: [{ rating: 5, text: 'Lovely' }],
      canReview: false,
      hasReviewed: true,
    });
    const seenByStranger = await gql<Detail>(stranger, DETAIL, { id: mug });
    expect(seenByStranger.data?.ecommerce.product).toMatchObject({ canReview: false, hasReviewed: false });
    const notReceived = await gql<{ ecommerce: { addReview: { responseResult: { slug: string } } } }>(
      stranger,
      REVIEW,
      { productId: mug },
    );
    expect(notReceived.data?.ecommerce.addReview.responseResult.slug).toBe('review_not_received');
  });

  it('one completion sent 50 times gives one payment and one order', async () => {
    const member = await signIn();
    const mug = await product(700, 10);
    await gql(member, SET, { productId: mug, quantity: 1 });
    await fillCheckout(member);
    const started = await gql<{ ecommerce: { payCheckout: { url: string } } }>(member, PAY);
    const url = started.data?.ecommerce.payCheckout.url ?? '';
    await Promise.all(
      Array.from({ length: 50 }, () =>
        payOnHostedPage(t.app, brand.hostname, url, { number: '4242 4242 4242 4242' }, member.cookie),
      ),
    );
    expect(await ordersOf(member)).toHaveLength(1);
    const payments = await t.db.kysely
      .selectFrom('payments')
      .select('id')
      .where('member_id', '=', member.id)
      .where('status', '=', 'succeeded')
      .execute();
    expect(payments).toHaveLength(1);
    expect(await stockOf(mug)).toBe(9);
    // The handler itself, replayed 50 times at once with the verified payment, places nothing more.
    const payment = await t.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payments[0]?.id ?? '')
      .executeTakeFirstOrThrow();
    const checkout = await checkoutOf(member);
    const verified = {
      id: payment.id,
      brandId: brand.id,
      memberId: member.id,
      amountMinor: checkout?.total ?? 0,
      currency: 'USD',
      metadata: { shopCheckoutId: checkout?.id ?? '' },
      purpose: 'order',
      checkoutId: null,
      createdAt: payment.created_at,
    };
    const runs = await Promise.all(
      Array.from({ length: 50 }, () => t.services.marketplace.fulfilOrderPayment(verified)),
    );
    expect(new Set(runs.map((run) => run.orderId))).toEqual(new Set([checkout?.orderId]));
    expect(await ordersOf(member)).toHaveLength(1);
    expect(await stockOf(mug)).toBe(9);
  });

  it('200 paid checkouts at once for 10 in stock place exactly 10 orders', async () => {
    const member = await signIn();
    const rare = await product(900, 10);
    const ids = Array.from({ length: 200 }, (_, i) => `mk_concurrent-${engine}-${rare}-${i}`);
    await t.db.kysely
      .insertInto('shop_checkouts')
      .values(
        ids.map((id) => ({
          id,
          brand_id: brand.id,
          member_id: member.id,
          status: 'paying' as const,
          information: JSON.stringify({ city: 'Boston' }),
          shipping_method: 'standard',
          lines: JSON.stringify([
            { productId: rare, name: 'Rare', image: null, quantity: 1, unitPrice: 900 },
          ]),
          currency: 'USD',
          total: 900 + 499,
          payment_checkout_id: null,
          order_id: null,
          failure_code: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })),
      )
      .execute();
    // The verified payments (as the payment flow records them); the ones that place no order go back.
    await t.db.kysely
      .insertInto('payments')
      .values(
        ids.map((id, i) => ({
          id: `pay_concurrent_${engine}_${rare}_${i}`,
          brand_id: brand.id,
          member_id: member.id,
          provider: 'sandbox',
          provider_payment_id: null,
          checkout_id: null,
          subscription_id: null,
          purpose: 'order',
          status: 'succeeded' as const,
          amount_minor: 900 + 499,
          currency: 'USD',
          description: 'Order',
          metadata: JSON.stringify({ shopCheckoutId: id }),
          failure_code: null,
          idempotency_key: `test:${id}`,
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    const results = await Promise.all(
      ids.map((id, i) =>
        t.services.marketplace.fulfilOrderPayment({
          id: `pay_concurrent_${engine}_${rare}_${i}`,
          brandId: brand.id,
          memberId: member.id,
          amountMinor: 900 + 499,
          currency: 'USD',
          metadata: { shopCheckoutId: id },
          purpose: 'order',
          checkoutId: null,
          createdAt: new Date().toISOString(),
        }),
      ),
    );
    expect(results.filter((result) => result.orderId !== null)).toHaveLength(10);
    expect(await stockOf(rare)).toBe(0);
    const statuses = await t.db.kysely
      .selectFrom('shop_checkouts')
      .select(['status', 'failure_code'])
      .where('id', 'in', ids)
      .execute();
    expect(statuses.filter((row) => row.status === 'placed')).toHaveLength(10);
    expect(
      statuses.filter((row) => row.status === 'sold_out' && row.failure_code === 'out_of_stock_refunded'),
    ).toHaveLength(190);
    // One refund owed per checkout left without its order, for what its card paid.
    const refunds = await t.db.kysely
      .selectFrom('payment_refunds')
      .select(['idempotency_key', 'amount_minor', 'reason'])
      .where('idempotency_key', 'like', `checkout-refund:mk_concurrent-${engine}-${rare}-%`)
      .execute();
    expect(refunds).toHaveLength(190);
    expect(new Set(refunds.map((refund) => refund.idempotency_key)).size).toBe(190);
    expect(
      refunds.every((refund) => refund.amount_minor === 900 + 499 && refund.reason === 'order_not_placed'),
    ).toBe(true);
    const items = await t.db.kysely
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<string | number>('quantity').as('sold'))
      .where('product_id', '=', String(rare))
      .executeTakeFirstOrThrow();
    expect(Number(items.sold)).toBe(10);
  });
});

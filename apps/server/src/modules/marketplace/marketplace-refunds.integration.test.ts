import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { memoryOutput } from '../../cli/admin-output';
import { runAdmin } from '../../cli/admin-runner';
import { readJson, writeJson } from '../../db/json';
import { buildBrand } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';
import { type BillingTestApp, createBillingTestApp, payOnHostedPage } from '../payments/billing.test-helpers';
import { TEST_CARDS } from '../payments/card';
import type { ProviderEvent, ProviderPaymentIntent, ProviderRefund } from '../payments/provider';
import { signWebhook } from '../payments/webhook-signature';

/*
 * Refunds that go back to the payment provider (decision 038): cancelling an unshipped order owes the
 * card's part once (however many cancels arrive at once), sends it to the provider with the order's key,
 * and a refund the provider refuses stays pending, the order cancelled, until the billing job's sweep
 * sends it again. The operator marks shipped orders delivered.
 */

const SET = `mutation ($productId: Int!, $quantity: Int!) { ecommerce { setCartQuantity(productId: $productId, quantity: $quantity) {
  responseResult { succeeded slug } } } }`;
const INFO = `mutation ($input: CheckoutInformationInput!) { ecommerce { saveCheckoutInformation(input: $input) {
  responseResult { succeeded slug } } } }`;
const SHIP = `mutation ($method: String!) { ecommerce { chooseShipping(method: $method) { responseResult { succeeded slug } } } }`;
const PAY = `mutation ($useCoins: Boolean) { ecommerce { payCheckout(useCoins: $useCoins) { responseResult { succeeded slug } url } } }`;
const ORDERS = `{ ecommerce { getMemberOrders { id reference status orderTotal refundedMinor refundStatus coinsApplied coinsValueMinor } } }`;
const ORDER = `query ($id: Int!) { ecommerce { order(id: $id) { id status refundedMinor refundStatus } } }`;
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

interface Order {
  id: number;
  reference: string;
  status: string;
  orderTotal: number;
  refundedMinor: number;
  refundStatus: string | null;
  coinsApplied: number;
  coinsValueMinor: number;
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

describe.each(ENGINES)('marketplace refunds and delivery (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };
  let categoryId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createBillingTestApp(engine, { loginRateLimitPerMinute: 100_000 });
    brand = await buildBrand(t.db, { brandTags: ['ecommerce'] });
    categoryId = (await t.services.marketplace.upsertCategory(brand.id, 'garden', { 'en-us': 'Garden' }, 1))
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
      slug: `refund-product-${n}`,
      names: { 'en-us': `Refund product ${n}` },
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

  /** A member's order of one product, paid on the hosted page (part in coins when `coins` is given). */
  async function placedOrder(
    price: number,
    coins = 0,
    card: string = TEST_CARDS.succeeds,
  ): Promise<{ member: Member; order: Order }> {
    const member = await signIn();
    if (coins > 0) {
      await t.services.wallet.credit({
        brandId: brand.id,
        memberId: member.id,
        amount: coins,
        description: 'Test grant',
        idempotencyKey: `test-grant:${randomUUID()}`,
        source: 'support_grant',
        reference: { kind: 'payment', id: 'test' },
      });
    }
    const id = await product(price, 10);
    await gql(member, SET, { productId: id, quantity: 1 });
    await gql(member, INFO, { input: { email: member.email, address: ADDRESS } });
    await gql(member, SHIP, { method: 'standard' });
    const paid = await gql<{ ecommerce: { payCheckout: { url: string | null } } }>(member, PAY, {
      useCoins: coins > 0,
    });
    const url = paid.data?.ecommerce.payCheckout.url;
    if (!url) throw new Error('no payment page');
    await payOnHostedPage(t.app, brand.hostname, url, { number: card }, member.cookie);
    const orders = (await gql<{ ecommerce: { getMemberOrders: Order[] } }>(member, ORDERS)).data?.ecommerce
      .getMemberOrders;
    const order = orders?.[0];
    if (order?.status !== 'placed') throw new Error('no order placed');
    return { member, order };
  }

  const cancel = (member: Member, id: number) => gql<CancelAnswer>(member, CANCEL, { id });

  /** The order as its member's screens read it: the list's entry and the detail. */
  async function shown(member: Member, id: number) {
    const list = (await gql<{ ecommerce: { getMemberOrders: Order[] } }>(member, ORDERS)).data?.ecommerce
      .getMemberOrders;
    const detail = (
      await gql<{ ecommerce: { order: Pick<Order, 'id' | 'refundStatus'> | null } }>(member, ORDER, { id })
    ).data?.ecommerce.order;
    return { listed: list?.find((order) => order.id === id) ?? null, detail: detail ?? null };
  }

  const refundsOf = (orderId: number) =>
    t.db.kysely
      .selectFrom('payment_refunds')
      .selectAll()
      .where('idempotency_key', '=', `order-refund:${orderId}`)
      .execute();

  /** The sandbox's own records: the intent that paid the order, and the refunds it made of it. */
  async function sandboxOf(orderId: number) {
    const { payment_id: paymentId } = await t.db.kysely
      .selectFrom('orders')
      .select('payment_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const payment = await t.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId ?? '')
      .executeTakeFirstOrThrow();
    const intentRow = await t.db.kysely
      .selectFrom('sandbox_objects')
      .select(['id', 'data'])
      .where('kind', '=', 'payment_intent')
      .where('id', '=', payment.provider_payment_id ?? '')
      .executeTakeFirstOrThrow();
    const refunds = (
      await t.db.kysely.selectFrom('sandbox_objects').select('data').where('kind', '=', 'refund').execute()
    )
      .map((row) => readJson<ProviderRefund | null>(row.data, null))
      .filter((refund): refund is ProviderRefund => refund?.payment_intent === intentRow.id);
    return { intent: readJson<ProviderPaymentIntent | null>(intentRow.data, null), refunds };
  }

  it('cancelling sends the card’s part back to the provider: the sandbox shows the payment refunded', async () => {
    const { member, order } = await placedOrder(2500);
    const answer = await cancel(member, order.id);
    expect(answer.data?.ecommerce.cancelOrder.responseResult.succeeded).toBe(true);
    expect(answer.data?.ecommerce.cancelOrder.refundedMinor).toBe(order.orderTotal);

    const [refund, ...others] = await refundsOf(order.id);
    expect(others).toHaveLength(0);
    expect(refund).toMatchObject({
      status: 'succeeded',
      amount_minor: order.orderTotal,
      currency: 'USD',
      reason: 'order_cancelled',
      attempts: 1,
      last_error: null,
    });
    const sandbox = await sandboxOf(order.id);
    expect(sandbox.intent?.amount_refunded).toBe(order.orderTotal);
    expect(sandbox.refunds).toEqual([
      expect.objectContaining({
        id: refund?.provider_refund_id,
        amount: order.orderTotal,
        status: 'succeeded',
      }),
    ]);

    // Sending it again (the billing job, an operator) asks nothing more of the provider.
    expect(await t.services.payments.sendRefund(refund?.id ?? '')).toBe('succeeded');
    await t.services.payments.sweepUnfulfilled();
    expect((await sandboxOf(order.id)).refunds).toHaveLength(1);
  });

  it('50 cancels at once: one cancellation, one refund at the provider, the coins back once', async () => {
    const { member, order } = await placedOrder(4000, 1500);
    expect(order.coinsApplied).toBe(1500);
    const cardPart = order.orderTotal - order.coinsValueMinor;
    expect(cardPart).toBeGreaterThan(0);
    const balanceBefore = await t.services.wallet.balance(brand.id, member.id);

    const answers = await Promise.all(Array.from({ length: 50 }, () => cancel(member, order.id)));
    const succeeded = answers.filter((answer) => answer.data?.ecommerce.cancelOrder.responseResult.succeeded);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]?.data?.ecommerce.cancelOrder.refundedMinor).toBe(cardPart);
    expect(succeeded[0]?.data?.ecommerce.cancelOrder.refundedCoins).toBe(1500);
    expect(
      new Set(
        answers
          .filter((answer) => !answer.data?.ecommerce.cancelOrder.responseResult.succeeded)
          .map((answer) => answer.data?.ecommerce.cancelOrder.responseResult.slug),
      ),
    ).toEqual(new Set(['order_not_cancellable']));

    const refunds = await refundsOf(order.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'succeeded', amount_minor: cardPart });
    const sandbox = await sandboxOf(order.id);
    expect(sandbox.refunds).toHaveLength(1);
    expect(sandbox.intent?.amount_refunded).toBe(cardPart);
    expect(await t.services.wallet.balance(brand.id, member.id)).toBe(balanceBefore + 1500);
  });

  it('a refund the provider refuses leaves the order cancelled and the refund pending, until the job sends it', async () => {
    const { member, order } = await placedOrder(1800);
    // The provider loses the charge for a while: every refund of it is refused.
    const { intent } = await sandboxOf(order.id);
    if (!intent) throw new Error('no intent');
    await t.db.kysely
      .updateTable('sandbox_objects')
      .set({ kind: 'payment_intent_hidden' })
      .where('id', '=', intent.id)
      .execute();

    const answer = await cancel(member, order.id);
    expect(answer.data?.ecommerce.cancelOrder.responseResult.succeeded).toBe(true);
    const orders = (await gql<{ ecommerce: { getMemberOrders: Order[] } }>(member, ORDERS)).data?.ecommerce
      .getMemberOrders;
    expect(orders?.[0]).toMatchObject({ status: 'cancelled', refundedMinor: order.orderTotal });
    const [pending] = await refundsOf(order.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_error: 'resource_missing' });

    // The operator sees it; the job's sweep while the provider still refuses leaves it pending.
    const out = memoryOutput();
    const context = { db: t.db, config: t.config, services: t.services, out };
    expect(await runAdmin(['payments:refunds', '--json'], context)).toBe(0);
    const listed = JSON.parse(out.lines.join('\n')) as { id: string; lastError: string | null }[];
    expect(listed).toContainEqual(
      expect.objectContaining({ id: pending?.id, lastError: 'resource_missing' }),
    );
    await t.services.payments.sweepUnfulfilled();
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'pending', attempts: 2 });

    // The provider has it again: the next sweep refunds it, once.
    await t.db.kysely
      .updateTable('sandbox_objects')
      .set({ kind: 'payment_intent' })
      .where('id', '=', intent.id)
      .execute();
    const swept = await t.services.payments.sweepUnfulfilled();
    expect(swept.refunded).toBeGreaterThanOrEqual(1);
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'succeeded', attempts: 3 });
    await t.services.payments.sweepUnfulfilled();
    const sandbox = await sandboxOf(order.id);
    expect(sandbox.refunds).toHaveLength(1);
    expect(sandbox.intent?.amount_refunded).toBe(order.orderTotal);
  });

  it('the job gives up after its attempts; the operator sends it again', async () => {
    const { member, order } = await placedOrder(1200);
    const { intent } = await sandboxOf(order.id);
    if (!intent) throw new Error('no intent');
    // A charge the provider says is already refunded (by hand, elsewhere): every send is refused.
    await t.db.kysely
      .updateTable('sandbox_objects')
      .set({ data: writeJson({ ...intent, amount_refunded: intent.amount }) })
      .where('id', '=', intent.id)
      .execute();
    await cancel(member, order.id);
    const [pending] = await refundsOf(order.id);
    expect(pending).toMatchObject({ status: 'pending', last_error: 'charge_already_refunded' });
    await t.db.kysely
      .updateTable('payment_refunds')
      .set({ attempts: 10 })
      .where('id', '=', pending?.id ?? '')
      .execute();
    await t.services.payments.sweepUnfulfilled();
    expect((await refundsOf(order.id))[0]?.attempts).toBe(10);

    await t.db.kysely
      .updateTable('sandbox_objects')
      .set({ data: writeJson({ ...intent, amount_refunded: 0 }) })
      .where('id', '=', intent.id)
      .execute();
    const out = memoryOutput();
    expect(
      await runAdmin(['payments:refunds', '--retry', pending?.id ?? ''], {
        db: t.db,
        config: t.config,
        services: t.services,
        out,
      }),
    ).toBe(0);
    expect(out.lines.join('\n')).toContain('succeeded');
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(
      await runAdmin(['payments:refunds', '--retry', 'rf_nope'], {
        db: t.db,
        config: t.config,
        services: t.services,
        out: memoryOutput(),
      }),
    ).toBe(2);
  });

  it('the member’s order shows the refund pending until the provider accepts it, then refunded; no one else sees it', async () => {
    const { member, order } = await placedOrder(1700);
    expect((await shown(member, order.id)).listed?.refundStatus).toBeNull();
    const { intent } = await sandboxOf(order.id);
    if (!intent) throw new Error('no intent');
    await t.db.kysely
      .updateTable('sandbox_objects')
      .set({ kind: 'payment_intent_hidden' })
      .where('id', '=', intent.id)
      .execute();
    await cancel(member, order.id);
    expect(await shown(member, order.id)).toEqual({
      listed: expect.objectContaining({ status: 'cancelled', refundStatus: 'pending' }),
      detail: expect.objectContaining({ id: order.id, refundStatus: 'pending' }),
    });

    // Another member of the brand neither lists nor opens it.
    const other = await signIn();
    expect(await shown(other, order.id)).toEqual({ listed: null, detail: null });

    await t.db.kysely
      .updateTable('sandbox_objects')
      .set({ kind: 'payment_intent' })
      .where('id', '=', intent.id)
      .execute();
    await t.services.payments.sweepUnfulfilled();
    expect(await shown(member, order.id)).toEqual({
      listed: expect.objectContaining({ refundStatus: 'succeeded', refundedMinor: order.orderTotal }),
      detail: expect.objectContaining({ refundStatus: 'succeeded' }),
    });
    expect(await shown(other, order.id)).toEqual({ listed: null, detail: null });
  });

  it('refund.failed through the webhook moves an accepted refund to failed once; the operator lists it and sends it again', async () => {
    const { member, order } = await placedOrder(2300, 0, TEST_CARDS.refundsFail);
    await cancel(member, order.id);
    const [accepted] = await refundsOf(order.id);
    expect(accepted).toMatchObject({ status: 'succeeded', last_error: null });
    expect((await shown(member, order.id)).listed?.refundStatus).toBe('succeeded');

    // Later the card network answers: the sandbox fails the refund and emits refund.updated and
    // refund.failed, signed, into the webhook route's handler.
    await t.services.payments.sweepUnfulfilled();
    const [failed] = await refundsOf(order.id);
    expect(failed).toMatchObject({
      status: 'failed',
      provider_refund_id: accepted?.provider_refund_id,
      last_error: 'expired_or_canceled_card',
    });
    expect(await shown(member, order.id)).toEqual({
      listed: expect.objectContaining({ status: 'cancelled', refundStatus: 'failed' }),
      detail: expect.objectContaining({ refundStatus: 'failed' }),
    });
    expect((await sandboxOf(order.id)).intent?.amount_refunded).toBe(0);

    // The same event delivered 5 times more, and 5 new deliveries of it under other ids: nothing changes.
    const events = (
      await t.db.kysely.selectFrom('sandbox_objects').select('data').where('kind', '=', 'event').execute()
    )
      .map((row) => readJson<ProviderEvent | null>(row.data, null))
      .filter(
        (event): event is ProviderEvent =>
          event?.type === 'refund.failed' && event.data.object.id === accepted?.provider_refund_id,
      );
    expect(events).toHaveLength(1);
    const deliver = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/paymentflow/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signWebhook(
            t.config.payments.webhookSecret,
            body,
            Math.floor(Date.now() / 1000),
          ),
        },
        payload: body,
      });
    const original = JSON.stringify(events[0]);
    const replays = [
      ...Array.from({ length: 5 }, () => original),
      ...Array.from({ length: 5 }, (_, i) =>
        JSON.stringify({ ...events[0], id: `evt_replay_${order.id}_${i}` }),
      ),
    ];
    for (const body of replays) expect((await deliver(body)).statusCode).toBe(200);
    const [after] = await refundsOf(order.id);
    expect(after).toEqual(failed);
    if (events[0]) expect(await t.services.payments.handleRefundEvent(events[0])).toBe('unchanged');

    // It waits for the operator, who may send it again under a new key once the provider says it failed.
    const out = memoryOutput();
    const context = { db: t.db, config: t.config, services: t.services, out };
    expect(await runAdmin(['payments:refunds', '--json'], context)).toBe(0);
    const listed = JSON.parse(out.lines.join('\n')) as {
      id: string;
      status: string;
      lastError: string | null;
    }[];
    expect(listed).toContainEqual(
      expect.objectContaining({ id: failed?.id, status: 'failed', lastError: 'expired_or_canceled_card' }),
    );
    const retried = memoryOutput();
    expect(
      await runAdmin(['payments:refunds', '--retry', failed?.id ?? ''], { ...context, out: retried }),
    ).toBe(0);
    const [resent] = await refundsOf(order.id);
    expect(resent).toMatchObject({ status: 'succeeded', resends: 1, attempts: 1 });
    expect(resent?.provider_refund_id).not.toBe(accepted?.provider_refund_id);
    const sandbox = await sandboxOf(order.id);
    expect(sandbox.refunds).toHaveLength(2);
    expect(sandbox.intent?.amount_refunded).toBe(order.orderTotal);
    // A late delivery of the first refund's failure does not touch the one sent again.
    expect((await deliver(JSON.stringify({ ...events[0], id: `evt_late_${order.id}` }))).statusCode).toBe(
      200,
    );
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'succeeded', resends: 1 });
    expect((await shown(member, order.id)).listed?.refundStatus).toBe('succeeded');
  });

  it('a failure that arrives before the sender settled the refund is kept, and the settle changes nothing', async () => {
    const { member, order } = await placedOrder(1900, 0, TEST_CARDS.refundsFail);
    await cancel(member, order.id);
    const [accepted] = await refundsOf(order.id);
    // As if the provider's answer had not reached the sender yet: pending, no provider refund named
    // (and out of the job's attempts, so only the event can move it).
    await t.db.kysely
      .updateTable('payment_refunds')
      .set({ status: 'pending', provider_refund_id: null, claimed_until: null, attempts: 10 })
      .where('id', '=', accepted?.id ?? '')
      .execute();
    await t.services.payments.sweepUnfulfilled();
    expect((await refundsOf(order.id))[0]).toMatchObject({
      status: 'failed',
      provider_refund_id: accepted?.provider_refund_id,
      last_error: 'expired_or_canceled_card',
    });
    // The sender, late, answers where the row stands instead of settling it.
    expect(await t.services.payments.sendRefund(accepted?.id ?? '')).toBe('failed');
    expect((await shown(member, order.id)).listed?.refundStatus).toBe('failed');
  });

  it('an order paid wholly in coins owes no card refund', async () => {
    const member = await signIn();
    await t.services.wallet.credit({
      brandId: brand.id,
      memberId: member.id,
      amount: 100_000,
      description: 'Test grant',
      idempotencyKey: `test-grant:${randomUUID()}`,
      source: 'support_grant',
      reference: { kind: 'payment', id: 'test' },
    });
    const id = await product(900, 10);
    await gql(member, SET, { productId: id, quantity: 1 });
    await gql(member, INFO, { input: { email: member.email, address: ADDRESS } });
    await gql(member, SHIP, { method: 'standard' });
    await gql(member, PAY, { useCoins: true });
    const order = (await gql<{ ecommerce: { getMemberOrders: Order[] } }>(member, ORDERS)).data?.ecommerce
      .getMemberOrders[0];
    expect(order?.coinsValueMinor).toBe(order?.orderTotal);
    const answer = await cancel(member, order?.id ?? 0);
    expect(answer.data?.ecommerce.cancelOrder.refundedMinor).toBe(0);
    expect(await refundsOf(order?.id ?? 0)).toHaveLength(0);
    // The coins went back in the cancelling transaction: refunded at once.
    expect((await shown(member, order?.id ?? 0)).listed?.refundStatus).toBe('succeeded');
  });

  it('marketplace:deliver marks a shipped order delivered, and only a shipped one', async () => {
    const { member, order } = await placedOrder(1500);
    const run = async (args: string[]) => {
      const out = memoryOutput();
      const code = await runAdmin(args, { db: t.db, config: t.config, services: t.services, out });
      return { code, out };
    };
    const early = await run(['marketplace:deliver', '--order', order.reference]);
    expect(early.code).toBe(2);
    expect(early.out.errors.join('\n')).toContain('only a shipped order is delivered');
    expect((await run(['marketplace:deliver', '--order', 'MK-NOPE'])).code).toBe(2);
    expect((await run(['marketplace:deliver'])).code).toBe(1);

    expect((await run(['marketplace:ship', '--order', order.reference, '--tracking', 'TRK-1'])).code).toBe(0);
    const delivered = await run(['marketplace:deliver', '--order', order.reference]);
    expect(delivered.code).toBe(0);
    expect(delivered.out.lines).toContain(`${order.reference} delivered`);
    const orders = (await gql<{ ecommerce: { getMemberOrders: Order[] } }>(member, ORDERS)).data?.ecommerce
      .getMemberOrders;
    expect(orders?.[0]?.status).toBe('delivered');
    expect((await run(['marketplace:deliver', '--order', order.reference])).code).toBe(2);
    // A delivered order is not cancelled any more.
    expect((await cancel(member, order.id)).data?.ecommerce.cancelOrder.responseResult.slug).toBe(
      'order_not_cancellable',
    );
  });
});

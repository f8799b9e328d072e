import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isoNow } from '../db/json';
import { TEST_CARDS, validateCard } from '../modules/payments/card';
import {
  type BillingTestApp,
  createBillingTestApp,
  payOnHostedPage,
  startSignup,
} from '../modules/payments/billing.test-helpers';
import { createPaymentsRepository } from '../modules/payments/payments.repository';
import { createRefundsRepository } from '../modules/payments/refunds.repository';
import { createPaymentsService } from '../modules/payments/payments.service';
import type { CreatePaymentIntent, ProviderPaymentIntent } from '../modules/payments/provider';
import { type SandboxProvider, createSandboxProvider } from '../modules/payments/sandbox-provider';
import { seedPlans } from '../seed/demo';
import { createServices } from '../services';
import { buildBrand, buildMember } from '../test/factories';
import { ENGINES } from '../test/harness';

/*
 * Issue 12, item 8: a server killed (kill -9) between the provider's charge and its own record of it
 * left charged intents with no payment and checkouts stuck in `processing`, which nothing repaired.
 * The crash is simulated by a second server whose provider call never returns: like a killed process,
 * nothing after the call runs (no catch, no record, no webhook delivery, which the dead process would
 * have made). The surviving servers' billing job must then find the charge at the provider and record
 * and fulfil it exactly once, also when two of them reconcile at the same time.
 */
const CARD = { number: TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' };
/** Older than any grace period the reconciliation waits for (a charge still in flight elsewhere). */
const LONG_AGO_MS = 30 * 60 * 1000;

describe.each(ENGINES)('a crash between the charge and its record (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };
  let sequence = 0;

  beforeAll(async () => {
    t = await createBillingTestApp(engine);
    await seedPlans(t.db);
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * A server that dies in its provider's createPaymentIntent: after the provider charged (or, with
   * `chargeFirst` false, before it was asked). `died` resolves once it reached that point.
   */
  function dyingServer(chargeFirst = true) {
    // No webhook endpoint: the event a dead process would have delivered to itself is lost.
    const sandbox = createSandboxProvider(t.db.kysely, t.config.payments.webhookSecret);
    let reached: (intent: ProviderPaymentIntent | null) => void = () => undefined;
    const died = new Promise<ProviderPaymentIntent | null>((resolve) => {
      reached = resolve;
    });
    const provider: SandboxProvider = {
      ...sandbox,
      async createPaymentIntent(input: CreatePaymentIntent) {
        reached(chargeFirst ? await sandbox.createPaymentIntent(input) : null);
        return new Promise<never>(() => undefined);
      },
    };
    // It dies before any handler could run: its purposes have none.
    const payments = createPaymentsService({
      repository: createPaymentsRepository(t.db.kysely),
      refundsRepository: createRefundsRepository(t.db.kysely),
      provider,
      purposes: { coins: null, renewal: null },
    });
    return { payments, died };
  }

  async function coinCheckout() {
    const member = await buildMember(t.db, brand.id);
    const { checkoutId } = await t.services.payments.createCheckout({
      brandId: brand.id,
      memberId: member.id,
      purpose: 'coins',
      amountMinor: 1999,
      currency: 'USD',
      description: '1200 coins',
      metadata: { packId: 'coins-1200', coins: 1200 },
      returnPath: '/account/wallet',
    });
    return { memberId: member.id, checkoutId };
  }

  /** Puts the crash's leftovers well in the past, as they are once the billing job comes round. */
  async function ageLeftovers(checkoutId: string | null, subscriptionId: number | null = null) {
    const past = isoNow(new Date(Date.now() - LONG_AGO_MS));
    if (checkoutId) {
      await t.db.kysely
        .updateTable('checkouts')
        .set({ updated_at: past, created_at: past })
        .where('id', '=', checkoutId)
        .execute();
      await t.db.kysely
        .updateTable('payments')
        .set({ created_at: past })
        .where('checkout_id', '=', checkoutId)
        .execute();
    }
    if (subscriptionId !== null) {
      await t.db.kysely
        .updateTable('payments')
        .set({ created_at: past })
        .where('subscription_id', '=', subscriptionId)
        .execute();
    }
  }

  /** Two servers reconcile at the same time, then one again: whatever they do must apply once. */
  async function reconcileTwiceAndConcurrently() {
    const otherServer = createServices(t.db, t.config);
    await Promise.all([
      t.services.subscriptions.runBillingJob('server-a'),
      otherServer.subscriptions.runBillingJob('server-b'),
    ]);
    await t.services.subscriptions.runBillingJob('server-a');
  }

  const checkoutOf = (id: string) =>
    t.db.kysely.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paymentsOf = (checkoutId: string) =>
    t.db.kysely
      .selectFrom('payments')
      .select(['id', 'status', 'provider_payment_id', 'amount_minor'])
      .where('checkout_id', '=', checkoutId)
      .orderBy('created_at')
      .execute();
  const coinCredits = (memberId: number) =>
    t.db.kysely
      .selectFrom('coin_ledger')
      .select(['amount', 'idempotency_key'])
      .where('member_id', '=', memberId)
      .execute();

  it('records and fulfils a charge whose server died before recording it, exactly once', async () => {
    sequence += 1;
    const { memberId, checkoutId } = await coinCheckout();
    const dying = dyingServer();
    void dying.payments.payCheckout(brand.id, checkoutId, CARD);
    const intent = await dying.died;
    expect(intent?.status).toBe('succeeded');

    // What the crash leaves: a charge at the provider, a checkout in processing, no coins.
    expect((await checkoutOf(checkoutId)).status).toBe('processing');
    expect(await t.services.wallet.balance(brand.id, memberId)).toBe(0);

    await ageLeftovers(checkoutId);
    await reconcileTwiceAndConcurrently();

    const payments = await paymentsOf(checkoutId);
    expect(payments).toEqual([
      { id: expect.any(String), status: 'succeeded', provider_payment_id: intent?.id, amount_minor: 1999 },
    ]);
    expect(await coinCredits(memberId)).toEqual([
      { amount: 1200, idempotency_key: `payment:${payments[0]?.id}` },
    ]);
    expect(await t.services.wallet.balance(brand.id, memberId)).toBe(1200);
    expect(await checkoutOf(checkoutId)).toMatchObject({
      status: 'succeeded',
      payment_intent_id: intent?.id,
    });
    // The checkout stays paid: paying it again charges and grants nothing.
    expect((await t.services.payments.payCheckout(brand.id, checkoutId, CARD)).outcome).toBe('closed');
    expect(await t.services.wallet.balance(brand.id, memberId)).toBe(1200);
  });

  it('reopens a checkout whose server died before the charge, so the member can pay it once', async () => {
    const { memberId, checkoutId } = await coinCheckout();
    const dying = dyingServer(false);
    void dying.payments.payCheckout(brand.id, checkoutId, CARD);
    await dying.died;
    expect((await checkoutOf(checkoutId)).status).toBe('processing');

    await ageLeftovers(checkoutId);
    await reconcileTwiceAndConcurrently();

    // Nothing was charged: nothing is granted, and no payment counts as succeeded.
    expect((await checkoutOf(checkoutId)).status).toBe('open');
    expect((await paymentsOf(checkoutId)).filter((payment) => payment.status !== 'failed')).toEqual([]);
    expect(await t.services.wallet.balance(brand.id, memberId)).toBe(0);

    const paid = await t.services.payments.payCheckout(brand.id, checkoutId, CARD);
    expect(paid.outcome).toBe('succeeded');
    await reconcileTwiceAndConcurrently();
    expect(await t.services.wallet.balance(brand.id, memberId)).toBe(1200);
    expect(await coinCredits(memberId)).toHaveLength(1);
  });

  it('repairs a checkout stuck in processing with a charge and no payment at all (left by an older version)', async () => {
    const { memberId, checkoutId } = await coinCheckout();
    // What the code before this fix left on a crash: processing, attempt 1 charged, nothing recorded.
    await t.db.kysely
      .updateTable('checkouts')
      .set({ status: 'processing', attempts: 1 })
      .where('id', '=', checkoutId)
      .execute();
    const sandbox = createSandboxProvider(t.db.kysely, t.config.payments.webhookSecret);
    const customer = await sandbox.createCustomer({ email: 'old@example.com', name: 'Old', metadata: {} });
    const card = validateCard(CARD, new Date());
    if (!card.ok) throw new Error('the test card is valid');
    const method = await sandbox.createCardPaymentMethod(card.card);
    await sandbox.attachPaymentMethod(method.id, customer.id);
    const intent = await sandbox.createPaymentIntent({
      amount: 1999,
      currency: 'USD',
      customer: customer.id,
      paymentMethod: method.id,
      description: '1200 coins',
      metadata: { checkout_id: checkoutId, purpose: 'coins' },
      offSession: false,
      idempotencyKey: `checkout:${checkoutId}:1`,
    });

    await ageLeftovers(checkoutId);
    await reconcileTwiceAndConcurrently();

    expect(await checkoutOf(checkoutId)).toMatchObject({ status: 'succeeded', payment_intent_id: intent.id });
    expect(await paymentsOf(checkoutId)).toEqual([
      { id: expect.any(String), status: 'succeeded', provider_payment_id: intent.id, amount_minor: 1999 },
    ]);
    expect(await t.services.wallet.balance(brand.id, memberId)).toBe(1200);
    expect(await coinCredits(memberId)).toHaveLength(1);
  });

  it('a renewal whose server died after the charge is recorded once and renews the period once', async () => {
    sequence += 1;
    const email = `crash-renewal-${sequence}-${engine}@example.com`;
    const { body } = await startSignup(t.app, brand.hostname, { planId: 1, email });
    await payOnHostedPage(t.app, brand.hostname, body.url, { number: TEST_CARDS.succeeds });
    const subscription = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('ref_id', '=', body.subscriptionId)
      .executeTakeFirstOrThrow();
    const dueAt = new Date(Date.now() - 60_000).toISOString();
    // The dead server held the renewal lease; it has lapsed since.
    await t.db.kysely
      .updateTable('subscriptions')
      .set({
        next_billing_date: dueAt,
        renewal_claim: 'server-that-died',
        renewal_claimed_until: isoNow(new Date(Date.now() - 1000)),
      })
      .where('id', '=', subscription.id)
      .execute();
    const dying = dyingServer();
    void dying.payments.chargeSavedCard({
      brandId: brand.id,
      memberId: subscription.member_id,
      purpose: 'renewal',
      amountMinor: subscription.price_minor,
      currency: subscription.currency,
      description: `${subscription.plan_name} renewal`,
      metadata: { subscription_ref_id: subscription.ref_id, period_start: dueAt },
      subscriptionId: subscription.id,
      idempotencyKey: `renewal:${subscription.id}:${dueAt}`,
    });
    const intent = await dying.died;

    await ageLeftovers(null, subscription.id);
    await reconcileTwiceAndConcurrently();

    const renewals = await t.db.kysely
      .selectFrom('payments')
      .select(['status', 'provider_payment_id'])
      .where('subscription_id', '=', subscription.id)
      .where('purpose', '=', 'renewal')
      .execute();
    expect(renewals).toEqual([{ status: 'succeeded', provider_payment_id: intent?.id }]);
    const intents = await t.db.kysely
      .selectFrom('sandbox_objects')
      .select('id')
      .where('kind', '=', 'payment_intent')
      .where('data', 'like', `%${subscription.ref_id}%`)
      .execute();
    expect(intents).toHaveLength(1);
    expect(
      await t.db.kysely
        .selectFrom('subscriptions')
        .select(['is_active', 'next_billing_date', 'renewal_claim'])
        .where('id', '=', subscription.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      is_active: 1,
      next_billing_date: new Date(
        Date.parse(dueAt) + subscription.billing_period_days * 86_400_000,
      ).toISOString(),
      renewal_claim: null,
    });
  });
});

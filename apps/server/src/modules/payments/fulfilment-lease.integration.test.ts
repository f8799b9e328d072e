import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isoNow } from '../../db/json';
import { seedPlans } from '../../seed/demo';
import { buildBrand, buildMember } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { type BillingTestApp, createBillingTestApp } from './billing.test-helpers';
import { FULFILMENT_LEASE_MS, MAX_FULFILMENT_ATTEMPTS } from './settlement';
import { signWebhook } from './webhook-signature';

/*
 * A server that dies between claiming a payment's fulfilment and completing it (decision 010): the
 * crash is simulated by writing the state it leaves behind (a recorded payment and an open claim),
 * since a test cannot kill the process in the middle of a handler.
 */
describe.each(ENGINES)('payment fulfilment lease (%s)', (engine) => {
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

  const minutesFromNow = (minutes: number) => isoNow(new Date(Date.now() + minutes * 60_000));

  /** A verified coin payment of 100 coins whose handler never ran; optionally with a claim left open. */
  async function crashedPayment(
    memberId: number,
    claim: { until: string; attempts?: number } | null,
    recordedAt = isoNow(new Date()),
  ) {
    sequence += 1;
    const id = `pay_crash_${engine}_${sequence}`;
    const intentId = `pi_crash_${engine}_${sequence}`;
    await t.db.kysely
      .insertInto('payments')
      .values({
        id,
        brand_id: brand.id,
        member_id: memberId,
        provider: 'sandbox',
        provider_payment_id: intentId,
        checkout_id: null,
        subscription_id: null,
        purpose: 'coins',
        status: 'succeeded',
        amount_minor: 199,
        currency: 'USD',
        description: '100 coins',
        metadata: JSON.stringify({ packId: 'coins-100', coins: '100' }),
        failure_code: null,
        idempotency_key: `checkout:crash_${engine}_${sequence}`,
        created_at: recordedAt,
      })
      .execute();
    if (claim) {
      await t.db.kysely
        .insertInto('payment_fulfilments')
        .values({
          payment_id: id,
          purpose: 'coins',
          created_at: recordedAt,
          claim: 'server-that-died',
          claimed_until: claim.until,
          completed_at: null,
          attempts: claim.attempts ?? 1,
        })
        .execute();
    }
    return { id, intentId };
  }

  const balance = (memberId: number) => t.services.wallet.balance(brand.id, memberId);
  const ledgerRows = (paymentId: string) =>
    t.db.kysely
      .selectFrom('coin_ledger')
      .select('amount')
      .where('idempotency_key', '=', `payment:${paymentId}`)
      .execute();
  const fulfilment = (paymentId: string) =>
    t.db.kysely
      .selectFrom('payment_fulfilments')
      .select(['completed_at', 'attempts'])
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
  const lapse = (paymentId: string) =>
    t.db.kysely
      .updateTable('payment_fulfilments')
      .set({ claimed_until: isoNow(new Date(Date.now() - 1000)) })
      .where('payment_id', '=', paymentId)
      .execute();

  function deliver(eventId: string, intentId: string) {
    const event = JSON.stringify({
      id: eventId,
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intentId, object: 'payment_intent' } },
    });
    return t.app.inject({
      method: 'POST',
      url: '/paymentflow/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhook(
          t.config.payments.webhookSecret,
          event,
          Math.floor(Date.now() / 1000),
        ),
      },
      payload: event,
    });
  }

  it('a claim left by a crash is taken again by the next webhook delivery once its lease lapses', async () => {
    const member = await buildMember(t.db, brand.id);
    const payment = await crashedPayment(member.id, { until: minutesFromNow(5) });

    // The first delivery is recorded while the dead server's lease still holds: nothing runs yet.
    expect((await deliver(`evt_crash_a_${engine}`, payment.intentId)).statusCode).toBe(200);
    expect(await balance(member.id)).toBe(0);
    expect((await t.services.subscriptions.runBillingJob()).fulfilled).toBe(0);

    // The lease lapses; the provider redelivers the same event (it had no answer): it is fulfilled once.
    await lapse(payment.id);
    const again = await deliver(`evt_crash_a_${engine}`, payment.intentId);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await balance(member.id)).toBe(100);
    expect((await fulfilment(payment.id)).completed_at).not.toBeNull();

    await deliver(`evt_crash_a_${engine}`, payment.intentId);
    await deliver(`evt_crash_b_${engine}`, payment.intentId);
    expect((await t.services.subscriptions.runBillingJob()).fulfilled).toBe(0);
    expect(await balance(member.id)).toBe(100);
    expect(await ledgerRows(payment.id)).toEqual([{ amount: 100 }]);
  });

  it('the billing job sweeps lapsed claims and payments never claimed, on two servers at once', async () => {
    const member = await buildMember(t.db, brand.id);
    const lapsed = await crashedPayment(member.id, { until: minutesFromNow(-1) });
    const held = await crashedPayment(member.id, { until: minutesFromNow(4) });
    // Recorded, then the server died before claiming (older than a lease, so nobody is running it).
    const unclaimed = await crashedPayment(
      member.id,
      null,
      isoNow(new Date(Date.now() - FULFILMENT_LEASE_MS - 60_000)),
    );
    const fresh = await crashedPayment(member.id, null);

    const { createServices } = await import('../../services');
    const otherServer = createServices(t.db, t.config);
    const [a, b] = await Promise.all([
      t.services.subscriptions.runBillingJob('server-a'),
      otherServer.subscriptions.runBillingJob('server-b'),
    ]);
    expect(a.fulfilled + b.fulfilled).toBe(2);
    expect(await balance(member.id)).toBe(200);
    expect(await ledgerRows(lapsed.id)).toHaveLength(1);
    expect(await ledgerRows(unclaimed.id)).toHaveLength(1);
    expect(await ledgerRows(held.id)).toHaveLength(0);
    expect(await ledgerRows(fresh.id)).toHaveLength(0);

    await lapse(held.id);
    expect((await t.services.subscriptions.runBillingJob()).fulfilled).toBe(1);
    expect(await balance(member.id)).toBe(300);
  });

  it('a crash after the handler wrote the ledger but before completion credits nothing twice', async () => {
    const member = await buildMember(t.db, brand.id);
    const payment = await crashedPayment(member.id, { until: minutesFromNow(5) });
    // The handler's work was done (the ledger row exists), then the server died before completing.
    await t.services.wallet.creditCoinPayment({
      id: payment.id,
      brandId: brand.id,
      memberId: member.id,
      metadata: { coins: '100' },
    });
    await lapse(payment.id);
    expect((await t.services.subscriptions.runBillingJob()).fulfilled).toBe(1);
    expect(await balance(member.id)).toBe(100);
    expect(await ledgerRows(payment.id)).toHaveLength(1);
    expect(await fulfilment(payment.id)).toMatchObject({ attempts: 2 });
    expect((await fulfilment(payment.id)).completed_at).not.toBeNull();
  });

  it('leaves a payment whose handler was started too often to an operator', async () => {
    const member = await buildMember(t.db, brand.id);
    const payment = await crashedPayment(member.id, {
      until: minutesFromNow(-1),
      attempts: MAX_FULFILMENT_ATTEMPTS,
    });
    expect((await t.services.subscriptions.runBillingJob()).fulfilled).toBe(0);
    await deliver(`evt_crash_max_${engine}`, payment.intentId);
    expect(await balance(member.id)).toBe(0);
  });
});

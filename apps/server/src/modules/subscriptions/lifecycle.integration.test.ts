import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { writeJson } from '../../db/json';
import { seedPlans } from '../../seed/demo';
import { createServices } from '../../services';
import { buildBrand, buildMember, buildSubscription } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { graphql } from '../../test/http';
import { TEST_CARDS } from '../payments/card';
import {
  type BillingTestApp,
  createBillingTestApp,
  payOnHostedPage,
  startSignup,
} from '../payments/billing.test-helpers';
import { RETENTION_MONTHS } from '@member/domain';

interface Result {
  succeeded: boolean;
  slug: string | null;
}

describe.each(ENGINES)('subscription lifecycle (%s)', (engine) => {
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

  /** A member who signed up and paid on the hosted page; returns their cookie and subscription. */
  async function paidMember(planId: number, card: string = TEST_CARDS.succeeds) {
    sequence += 1;
    const email = `life${sequence}-${engine}@example.com`;
    const { body } = await startSignup(t.app, brand.hostname, { planId, email });
    const paid = await payOnHostedPage(t.app, brand.hostname, body.url, { number: card });
    const member = await t.db.kysely
      .selectFrom('members')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const subscription = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('ref_id', '=', body.subscriptionId)
      .executeTakeFirstOrThrow();
    return { cookie: paid.cookie ?? '', memberId: member.id, refId: body.subscriptionId, subscription };
  }

  const makeDue = (id: number, at = '2020-01-01T00:00:00.000Z') =>
    t.db.kysely.updateTable('subscriptions').set({ next_billing_date: at }).where('id', '=', id).execute();

  const chargesOf = async (subscriptionId: number) =>
    t.db.kysely
      .selectFrom('payments')
      .select(['status', 'amount_minor'])
      .where('subscription_id', '=', subscriptionId)
      .where('purpose', '=', 'renewal')
      .execute();

  it('renews due subscriptions once even when two servers run the job at the same time', async () => {
    const members = await Promise.all([paidMember(1), paidMember(3), paidMember(147)]);
    const dueAt = new Date(Date.now() - 60_000).toISOString();
    for (const member of members) await makeDue(member.subscription.id, dueAt);
    const otherServer = createServices(t.db, t.config);

    const [a, b] = await Promise.all([
      t.services.subscriptions.runBillingJob('server-a'),
      otherServer.subscriptions.runBillingJob('server-b'),
    ]);
    expect(a.renewed + b.renewed).toBe(3);
    // Run again at once: nothing is due any more.
    expect((await otherServer.subscriptions.runBillingJob('server-b')).renewed).toBe(0);

    for (const member of members) {
      expect(await chargesOf(member.subscription.id)).toEqual([
        { status: 'succeeded', amount_minor: member.subscription.price_minor },
      ]);
      const renewed = await t.db.kysely
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', member.subscription.id)
        .executeTakeFirstOrThrow();
      expect(renewed).toMatchObject({ is_active: 1, is_trial: 0, renewal_claim: null });
      expect(renewed.next_billing_date).toBe(
        new Date(Date.parse(dueAt) + renewed.billing_period_days * 86_400_000).toISOString(),
      );
    }
    // Champion (147): 2 bonus coins at sign-up and 2 for the renewed period, each once.
    expect(await t.services.wallet.balance(brand.id, members[2].memberId)).toBe(4);

    // A runner whose lease lapsed and a second run of the same period charge nothing more.
    const again = await t.services.payments.chargeSavedCard({
      brandId: brand.id,
      memberId: members[0].memberId,
      purpose: 'renewal',
      amountMinor: members[0].subscription.price_minor,
      currency: 'USD',
      description: 'Premium renewal',
      metadata: {},
      subscriptionId: members[0].subscription.id,
      idempotencyKey: `renewal:${members[0].subscription.id}:${dueAt}`,
    });
    expect(again.outcome).toBe('succeeded');
    expect(await chargesOf(members[0].subscription.id)).toHaveLength(1);
  });

  it('ends a subscription whose renewal is declined, and keeps its details', async () => {
    const member = await paidMember(2);
    // The member's saved card starts declining (the sandbox's declined test card).
    const declining = await t.db.kysely
      .selectFrom('payment_methods')
      .select('id')
      .where('member_id', '=', member.memberId)
      .executeTakeFirstOrThrow();
    const stored = await t.db.kysely
      .selectFrom('sandbox_objects')
      .select('data')
      .where('id', '=', declining.id)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('sandbox_objects')
      .set({ data: writeJson({ ...JSON.parse(stored.data), outcome: 'card_declined' }) })
      .where('id', '=', declining.id)
      .execute();
    const dueAt = new Date(Date.now() - 60_000).toISOString();
    await makeDue(member.subscription.id, dueAt);

    await t.services.subscriptions.runBillingJob();
    expect(await chargesOf(member.subscription.id)).toEqual([{ status: 'failed', amount_minor: 999 }]);
    const ended = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', member.subscription.id)
      .executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ is_active: 0, end_date: dueAt });
    expect(ended.purge_after && ended.purge_after > dueAt).toBe(true);
  });

  it('renews a free (0-priced) subscription at its renewal date without a charge, never ending it', async () => {
    // The demo members' subscriptions cost 0 and have no card: each must simply start a new period.
    const member = await buildMember(t.db, brand.id);
    const dueAt = new Date(Date.now() - 60_000).toISOString();
    const free = await buildSubscription(t.db, brand.id, member.id, { nextBillingDate: dueAt });
    const charges = () =>
      t.db.kysely.selectFrom('payments').select('id').where('member_id', '=', member.id).execute();
    const providerCalls = async () =>
      (await t.db.kysely.selectFrom('sandbox_objects').select('id').execute()).length;
    const callsBefore = await providerCalls();

    const otherServer = createServices(t.db, t.config);
    await Promise.all([
      t.services.subscriptions.runBillingJob('server-a'),
      otherServer.subscriptions.runBillingJob('server-b'),
    ]);
    await t.services.subscriptions.runBillingJob();
    const renewed = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', free.id)
      .executeTakeFirstOrThrow();
    expect(renewed).toMatchObject({
      is_active: 1,
      end_date: null,
      purge_after: null,
      renewal_failures: 0,
      renewal_claim: null,
      next_billing_date: new Date(Date.parse(dueAt) + 30 * 86_400_000).toISOString(),
    });
    expect(await charges()).toEqual([]);
    expect(await providerCalls()).toBe(callsBefore);
  });

  const OFFER = `mutation($id: String!) { member { presentRetentionOffer(subscriptionId: $id) {
    responseResult { succeeded slug } offer { discountPercent priceMinor regularPriceMinor currency } } } }`;
  const CANCEL = `mutation($input: CancelSubscriptionInput!) { member { cancelSubscription(input: $input) {
    responseResult { succeeded slug } receipt { cancelRefId planName accessUntil } } } }`;
  const RESTART = `mutation($id: String!) { member { restartSubscription(subscriptionId: $id) {
    responseResult { succeeded slug } restarted checkoutUrl } } }`;

  it('cancels only after the retention offer and an explicit confirmation, keeps access to the period end, and restarts', async () => {
    const member = await paidMember(1);
    const as = { host: brand.hostname, cookie: member.cookie };
    const cancel = (input: Record<string, unknown>) =>
      graphql<{
        member: {
          cancelSubscription: {
            responseResult: Result;
            receipt: { cancelRefId: string; accessUntil: string } | null;
          };
        };
      }>(t.app, as, CANCEL, {
        input: { subscriptionId: member.refId, confirm: true, option: 'standard', ...input },
      });

    expect((await cancel({})).data?.member.cancelSubscription.responseResult.slug).toBe(
      'offer_not_presented',
    );
    const offer = await graphql<{ member: { presentRetentionOffer: { offer: unknown } } }>(t.app, as, OFFER, {
      id: member.refId,
    });
    expect(offer.data?.member.presentRetentionOffer.offer).toEqual({
      discountPercent: 50,
      priceMinor: 1000,
      regularPriceMinor: 1999,
      currency: 'USD',
    });

    expect((await cancel({ confirm: false })).data?.member.cancelSubscription.responseResult.slug).toBe(
      'confirmation_required',
    );
    expect((await cancel({ option: 'giveaway' })).data?.member.cancelSubscription.responseResult.slug).toBe(
      'forfeit_agreement_required',
    );

    const done = await cancel({ option: 'giveaway', forfeitMonthlyExclusiveEntries: true });
    expect(done.data?.member.cancelSubscription.responseResult.succeeded).toBe(true);
    expect(done.data?.member.cancelSubscription.receipt?.accessUntil).toBe(
      member.subscription.next_billing_date,
    );
    expect((await cancel({})).data?.member.cancelSubscription.responseResult.slug).toBe('not_cancelable');

    const canceled = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', member.subscription.id)
      .executeTakeFirstOrThrow();
    expect(canceled).toMatchObject({ is_active: 1, cancel_option: 'giveaway' });
    const keepUntil = new Date(member.subscription.next_billing_date ?? '');
    keepUntil.setUTCMonth(keepUntil.getUTCMonth() + RETENTION_MONTHS);
    expect(canceled.purge_after).toBe(keepUntil.toISOString());

    // Still in the paid period: restart simply continues the membership, without a charge.
    const restarted = await graphql<{
      member: { restartSubscription: { restarted: boolean; checkoutUrl: string | null } };
    }>(t.app, as, RESTART, { id: member.refId });
    expect(restarted.data?.member.restartSubscription).toMatchObject({ restarted: true, checkoutUrl: null });
    const continued = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', member.subscription.id)
      .executeTakeFirstOrThrow();
    expect(continued).toMatchObject({ is_active: 1, cancel_ref_id: null, purge_after: null });
  });

  it('ends a canceled subscription at its period end; restarting it then needs a verified payment', async () => {
    const member = await paidMember(3);
    const as = { host: brand.hostname, cookie: member.cookie };
    await graphql(t.app, as, OFFER, { id: member.refId });
    await graphql(t.app, as, CANCEL, {
      input: { subscriptionId: member.refId, confirm: true, option: 'standard' },
    });
    await makeDue(member.subscription.id, new Date(Date.now() - 60_000).toISOString());
    await t.services.subscriptions.runBillingJob();
    expect(await chargesOf(member.subscription.id)).toEqual([]);
    const ended = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', member.subscription.id)
      .executeTakeFirstOrThrow();
    expect(ended.is_active).toBe(0);

    // The old sign-up payment does not reactivate it, whatever the return URL says.
    const forged = await graphql<{ member: { activateSubscription: { responseResult: Result } } }>(
      t.app,
      as,
      'mutation($id: String!) { member { activateSubscription(subscriptionId: $id) { responseResult { succeeded slug } } } }',
      { id: member.refId },
    );
    expect(forged.data?.member.activateSubscription.responseResult).toEqual({
      succeeded: false,
      slug: 'payment_not_verified',
    });

    const restart = await graphql<{
      member: { restartSubscription: { restarted: boolean; checkoutUrl: string } };
    }>(t.app, as, RESTART, { id: member.refId });
    expect(restart.data?.member.restartSubscription.restarted).toBe(false);
    const declined = await payOnHostedPage(
      t.app,
      brand.hostname,
      restart.data?.member.restartSubscription.checkoutUrl ?? '',
      { number: TEST_CARDS.declined },
      member.cookie,
    );
    expect(declined.response.statusCode).toBe(402);
    expect(
      (
        await t.db.kysely
          .selectFrom('subscriptions')
          .select('is_active')
          .where('id', '=', member.subscription.id)
          .executeTakeFirstOrThrow()
      ).is_active,
    ).toBe(0);

    const paid = await payOnHostedPage(
      t.app,
      brand.hostname,
      restart.data?.member.restartSubscription.checkoutUrl ?? '',
      { number: TEST_CARDS.succeeds },
      member.cookie,
    );
    expect(paid.state).toMatchObject({
      is_success: true,
      slug: 'restart',
      subscription_id: member.refId,
      price: '14.99',
    });
    const activated = await graphql<{
      member: {
        activateSubscription: {
          responseResult: Result;
          subscription: { isActive: boolean; cancelRefId: string | null };
        };
      };
    }>(
      t.app,
      as,
      'mutation($id: String!) { member { activateSubscription(subscriptionId: $id) { responseResult { succeeded slug } subscription { isActive cancelRefId } } } }',
      { id: member.refId },
    );
    expect(activated.data?.member.activateSubscription).toEqual({
      responseResult: { succeeded: true, slug: null },
      subscription: { isActive: true, cancelRefId: null },
    });
  });

  it('purges canceled details only once their 10 months are over', async () => {
    const member = await paidMember(2);
    await t.db.kysely
      .updateTable('subscriptions')
      .set({ is_active: 0, cancel_ref_id: 'CXL-old', purge_after: '2021-01-01T00:00:00.000Z' })
      .where('id', '=', member.subscription.id)
      .execute();
    const kept = await paidMember(2);
    await t.db.kysely
      .updateTable('subscriptions')
      .set({ is_active: 0, cancel_ref_id: 'CXL-new', purge_after: '2099-01-01T00:00:00.000Z' })
      .where('id', '=', kept.subscription.id)
      .execute();

    const counts = await t.services.subscriptions.runBillingJob();
    expect(counts.purged).toBeGreaterThanOrEqual(1);
    const left = await t.db.kysely
      .selectFrom('subscriptions')
      .select('id')
      .where('id', 'in', [member.subscription.id, kept.subscription.id])
      .execute();
    expect(left.map((row) => row.id)).toEqual([kept.subscription.id]);
  });
});

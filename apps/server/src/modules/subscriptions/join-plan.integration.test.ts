import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedPlans } from '../../seed/demo';
import { buildBrand, buildSubscription } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';
import { TEST_CARDS } from '../payments/card';
import { type BillingTestApp, createBillingTestApp, payOnHostedPage } from '../payments/billing.test-helpers';

interface Result {
  succeeded: boolean;
  slug: string | null;
}

const JOIN = `mutation($planId: Int!) { member { joinPlan(planId: $planId) {
  responseResult { succeeded slug message } checkoutUrl subscriptionId } } }`;
const INFO = `{ member { info { subscriptions { refId planName isActive renewalDiscountPercent priceMinor currency }
  subscription { isActive activeMediaTypes } } } }`;
const OFFER = `mutation($id: String!) { member { presentRetentionOffer(subscriptionId: $id) {
  responseResult { succeeded slug } offer { priceMinor regularPriceMinor } } } }`;
const ACCEPT = `mutation($id: String!) { member { acceptRetentionOffer(subscriptionId: $id) {
  responseResult { succeeded slug } } } }`;
const CANCEL = `mutation($input: CancelSubscriptionInput!) { member { cancelSubscription(input: $input) {
  responseResult { succeeded slug } } } }`;

interface JoinAnswer {
  member: {
    joinPlan: {
      responseResult: Result & { message: string | null };
      checkoutUrl: string | null;
      subscriptionId: string | null;
    };
  };
}
interface InfoAnswer {
  member: {
    info: {
      subscriptions: {
        refId: string;
        planName: string;
        isActive: boolean;
        renewalDiscountPercent: number;
        priceMinor: number;
        currency: string;
      }[];
      subscription: { isActive: boolean };
    };
  };
}

describe.each(ENGINES)('a signed-in member joins a plan and the retention offer (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createBillingTestApp(engine);
    await seedPlans(t.db);
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a member without a membership pick a plan and pay for it; the subscription exists only once paid', async () => {
    const member = await signInNewMember(t, brand);
    const join = await graphql<JoinAnswer>(t.app, member.caller, JOIN, { planId: 3 });
    const answer = join.data?.member.joinPlan;
    expect(answer?.responseResult.succeeded).toBe(true);
    expect(answer?.checkoutUrl).toMatch(/^\/paymentflow\/checkout\/cs_/);
    const before = await graphql<InfoAnswer>(t.app, member.caller, INFO);
    expect(before.data?.member.info.subscriptions).toEqual([]);

    const declined = await payOnHostedPage(
      t.app,
      brand.hostname,
      answer?.checkoutUrl ?? '',
      {
        number: TEST_CARDS.declined,
      },
      member.cookie,
    );
    expect(declined.response.statusCode).toBe(402);
    expect((await graphql<InfoAnswer>(t.app, member.caller, INFO)).data?.member.info.subscriptions).toEqual(
      [],
    );

    const paid = await payOnHostedPage(
      t.app,
      brand.hostname,
      answer?.checkoutUrl ?? '',
      {
        number: TEST_CARDS.succeeds,
      },
      member.cookie,
    );
    expect(paid.state).toMatchObject({
      is_success: true,
      slug: 'signup',
      subscription_id: answer?.subscriptionId,
    });
    // The browser was already signed in: no new session is issued for it.
    expect(paid.cookie).toBeUndefined();
    const after = await graphql<InfoAnswer>(t.app, member.caller, INFO);
    expect(after.data?.member.info.subscriptions).toEqual([
      {
        refId: answer?.subscriptionId,
        planName: 'Multimedia Premium',
        isActive: true,
        renewalDiscountPercent: 0,
        priceMinor: 1499,
        currency: 'USD',
      },
    ]);
    expect(after.data?.member.info.subscription.isActive).toBe(true);

    // A plan already running is not sold again.
    const again = await graphql<JoinAnswer>(t.app, member.caller, JOIN, { planId: 3 });
    expect(again.data?.member.joinPlan.responseResult.slug).toBe('already_on_plan');
  });

  it('refuses plans not offered here, forged ids and visitors', async () => {
    const member = await signInNewMember(t, brand);
    for (const planId of [0, -1, 999_999, 2_147_483_647]) {
      const join = await graphql<JoinAnswer>(t.app, member.caller, JOIN, { planId });
      expect(join.data?.member.joinPlan.responseResult).toMatchObject({
        succeeded: false,
        slug: 'unknown_plan',
      });
      expect(join.data?.member.joinPlan.checkoutUrl).toBeNull();
    }
    const visitor = await graphql<JoinAnswer>(t.app, { host: brand.hostname }, JOIN, { planId: 1 });
    expect(visitor.data?.member ?? null).toBeNull();
    expect(visitor.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('makes one subscription when the same payment is fulfilled again or in parallel', async () => {
    const member = await signInNewMember(t, brand);
    const join = await graphql<JoinAnswer>(t.app, member.caller, JOIN, { planId: 1 });
    const url = join.data?.member.joinPlan.checkoutUrl ?? '';
    const paid = await Promise.all(
      [1, 2, 3].map(() =>
        payOnHostedPage(t.app, brand.hostname, url, { number: TEST_CARDS.succeeds }, member.cookie),
      ),
    );
    expect(paid.some((one) => one.state?.is_success === true)).toBe(true);
    const rows = await t.db.kysely
      .selectFrom('subscriptions')
      .select(['ref_id'])
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toEqual([{ ref_id: join.data?.member.joinPlan.subscriptionId }]);
    const payment = await t.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('member_id', '=', member.id)
      .where('status', '=', 'succeeded')
      .execute();
    expect(payment).toHaveLength(1);
  });

  it('makes no retention offer on a membership without a price, and still lets it be canceled', async () => {
    const member = await signInNewMember(t, brand);
    const { refId } = await buildSubscription(t.db, brand.id, member.id, { planName: 'Free Premium' });
    const offer = await graphql<{
      member: { presentRetentionOffer: { responseResult: Result; offer: unknown } };
    }>(t.app, member.caller, OFFER, { id: refId });
    expect(offer.data?.member.presentRetentionOffer).toEqual({
      responseResult: { succeeded: true, slug: null },
      offer: null,
    });
    const accept = await graphql<{ member: { acceptRetentionOffer: { responseResult: Result } } }>(
      t.app,
      member.caller,
      ACCEPT,
      { id: refId },
    );
    expect(accept.data?.member.acceptRetentionOffer.responseResult.slug).toBe('offer_unavailable');
    const cancel = await graphql<{ member: { cancelSubscription: { responseResult: Result } } }>(
      t.app,
      member.caller,
      CANCEL,
      { input: { subscriptionId: refId, confirm: true, option: 'standard' } },
    );
    expect(cancel.data?.member.cancelSubscription.responseResult.succeeded).toBe(true);
  });

  it('shows an accepted offer on the membership and never offers it again, even to parallel acceptances', async () => {
    const member = await signInNewMember(t, brand);
    const join = await graphql<JoinAnswer>(t.app, member.caller, JOIN, { planId: 1 });
    await payOnHostedPage(
      t.app,
      brand.hostname,
      join.data?.member.joinPlan.checkoutUrl ?? '',
      {
        number: TEST_CARDS.succeeds,
      },
      member.cookie,
    );
    const refId = join.data?.member.joinPlan.subscriptionId ?? '';
    const offer = await graphql<{
      member: { presentRetentionOffer: { offer: { priceMinor: number; regularPriceMinor: number } | null } };
    }>(t.app, member.caller, OFFER, { id: refId });
    expect(offer.data?.member.presentRetentionOffer.offer).toEqual({
      priceMinor: 1000,
      regularPriceMinor: 1999,
    });

    const accepted = await Promise.all(
      [1, 2, 3, 4].map(() =>
        graphql<{ member: { acceptRetentionOffer: { responseResult: Result } } }>(
          t.app,
          member.caller,
          ACCEPT,
          {
            id: refId,
          },
        ),
      ),
    );
    const outcomes = accepted.map((one) => one.data?.member.acceptRetentionOffer.responseResult);
    expect(outcomes.filter((one) => one?.succeeded)).toHaveLength(1);
    expect(outcomes.filter((one) => one?.slug === 'offer_already_applied')).toHaveLength(3);

    const info = await graphql<InfoAnswer>(t.app, member.caller, INFO);
    expect(info.data?.member.info.subscriptions[0]?.renewalDiscountPercent).toBe(50);
    const again = await graphql<{ member: { presentRetentionOffer: { offer: unknown } } }>(
      t.app,
      member.caller,
      OFFER,
      { id: refId },
    );
    expect(again.data?.member.presentRetentionOffer.offer).toBeNull();
  });
});

import { MEDIA_TYPES } from '@member/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand, buildMember, buildSubscription } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { graphql, login } from '../../test/http';
import { REFERENCE_NUMBER_PATTERN } from './reference-number';

const INFO = `{ member { info {
  referenceNumber greenPoints
  subscriptions { id isActive isTrial planName membership_id billingPeriodDays nextBillingDate cancelledAt
    cancelRefId startDate refId cancelDate endDate mediaTypes offers { id name mediaTypes } }
  subscription { isActive isCanceled displayStatus activeMediaTypes planName nextBillingDate endDate }
} } }`;

interface InfoData {
  member: {
    info: {
      referenceNumber: string;
      greenPoints: number;
      subscriptions: {
        id: number;
        planName: string;
        isActive: boolean;
        refId: string;
        cancelRefId: string | null;
      }[];
      subscription: {
        isActive: boolean;
        isCanceled: boolean;
        displayStatus: string;
        activeMediaTypes: string[];
        planName: string | null;
        nextBillingDate: string | null;
        endDate: string | null;
      };
    };
  };
}

const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60 * 1000).toISOString();

describe.each(ENGINES)('member.info subscriptions (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };
  let otherBrand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
    otherBrand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function signIn(onBrand = brand, options: Parameters<typeof buildMember>[2] = {}) {
    const member = await buildMember(t.db, onBrand.id, options);
    const { cookie } = await login(t.app, onBrand.hostname, member.email, member.password);
    if (!cookie) throw new Error('sign-in failed');
    return { ...member, caller: { host: onBrand.hostname, cookie } };
  }

  async function info(caller: { host: string; cookie: string }) {
    const result = await graphql<InfoData>(t.app, caller, INFO);
    expect(result.errors).toBeUndefined();
    const data = result.data?.member.info;
    if (!data) throw new Error('no member info');
    return data;
  }

  it('shows an active member as active with every media type of a plan without its own list', async () => {
    const member = await signIn();
    const nextBillingDate = days(12);
    await buildSubscription(t.db, brand.id, member.id, { startDate: days(-120), nextBillingDate });
    const { subscription, subscriptions } = await info(member.caller);
    expect(subscription).toEqual({
      isActive: true,
      isCanceled: false,
      displayStatus: 'active',
      activeMediaTypes: [...MEDIA_TYPES],
      planName: 'Premium',
      nextBillingDate,
      endDate: null,
    });
    expect(subscriptions).toHaveLength(1);
  });

  it('shows a trial member as trial, with the media types of its offers', async () => {
    const member = await signIn();
    await buildSubscription(t.db, brand.id, member.id, {
      isTrial: true,
      planName: 'Multimedia Premium',
      offers: [{ id: 3, name: 'Multimedia Premium', mediaTypes: ['movie', 'music'] }],
    });
    const { subscription } = await info(member.caller);
    expect(subscription).toMatchObject({
      isActive: true,
      isCanceled: false,
      displayStatus: 'trial',
      activeMediaTypes: ['music', 'movie'],
      planName: 'Multimedia Premium',
    });
  });

  it('shows a canceled member as inactive and canceled, with the canceled plan and its end date', async () => {
    const member = await signIn();
    const endDate = days(-10);
    await buildSubscription(t.db, brand.id, member.id, {
      isActive: false,
      isCanceled: true,
      nextBillingDate: null,
      endDate,
    });
    const { subscription, subscriptions } = await info(member.caller);
    expect(subscription).toEqual({
      isActive: false,
      isCanceled: true,
      displayStatus: 'inactive',
      activeMediaTypes: [],
      planName: 'Premium',
      nextBillingDate: null,
      endDate,
    });
    expect(subscriptions[0]?.cancelRefId).toMatch(/^cancel-/);
  });

  it('keeps a canceled subscription active until its end date', async () => {
    const member = await signIn();
    await buildSubscription(t.db, brand.id, member.id, { isCanceled: true, endDate: days(20) });
    const { subscription } = await info(member.caller);
    expect(subscription).toMatchObject({ isActive: true, isCanceled: true, displayStatus: 'active' });
  });

  it('shows a free member with no subscription as inactive, with the minimum green points', async () => {
    const member = await signIn(brand, { provider: 'free', accountType: 'free' });
    const result = await info(member.caller);
    expect(result.subscriptions).toEqual([]);
    expect(result.subscription).toEqual({
      isActive: false,
      isCanceled: true,
      displayStatus: 'inactive',
      activeMediaTypes: [],
      planName: null,
      nextBillingDate: null,
      endDate: null,
    });
    expect(result.greenPoints).toBe(1);
  });

  it('adds vpn for a VPN offer unless the member has the vpn:disabled tag', async () => {
    const withVpn = await signIn();
    const vpnOffer = { id: 2, name: 'VPN Platinum', mediaTypes: ['vpn'] };
    await buildSubscription(t.db, brand.id, withVpn.id, { planName: 'VPN Platinum', offers: [vpnOffer] });
    expect((await info(withVpn.caller)).subscription.activeMediaTypes).toEqual(['vpn']);

    const disabled = await signIn(brand, { tags: ['vpn:disabled'] });
    await buildSubscription(t.db, brand.id, disabled.id, { planName: 'VPN Platinum', offers: [vpnOffer] });
    expect((await info(disabled.caller)).subscription.activeMediaTypes).toEqual([]);
  });

  it("never shows another member's or another brand's subscriptions", async () => {
    const member = await signIn();
    const neighbour = await signIn();
    const elsewhere = await signIn(otherBrand);
    const own = await buildSubscription(t.db, brand.id, member.id, { planName: 'Mine' });
    await buildSubscription(t.db, brand.id, neighbour.id, { planName: 'Neighbour' });
    await buildSubscription(t.db, otherBrand.id, elsewhere.id, { planName: 'Elsewhere' });
    // A row that names this member but another brand (bad data) stays on that brand.
    await buildSubscription(t.db, otherBrand.id, member.id, { planName: 'Wrong brand' });

    const { subscriptions, subscription } = await info(member.caller);
    expect(subscriptions.map((s) => s.id)).toEqual([own.id]);
    expect(subscription.planName).toBe('Mine');

    // This member's cookie is worthless on the other brand's hostname.
    const crossBrand = await graphql(
      t.app,
      { host: otherBrand.hostname, cookie: member.caller.cookie },
      INFO,
    );
    expect(crossBrand.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('gives each member a stable, random reference number', async () => {
    const first = await signIn();
    const second = await signIn();
    const [a1, a2, b] = await Promise.all([info(first.caller), info(first.caller), info(second.caller)]);
    expect(a1.referenceNumber).toMatch(REFERENCE_NUMBER_PATTERN);
    expect(a2.referenceNumber).toBe(a1.referenceNumber);
    expect((await info(first.caller)).referenceNumber).toBe(a1.referenceNumber);
    expect(b.referenceNumber).not.toBe(a1.referenceNumber);
    expect(a1.referenceNumber).not.toContain(String(first.id));
  });

  it('requires a signed-in member', async () => {
    const result = await graphql(t.app, { host: brand.hostname }, INFO);
    expect(result.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });
});

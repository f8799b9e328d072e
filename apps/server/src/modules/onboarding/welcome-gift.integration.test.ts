import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTransactionRunner } from '../../db/transaction';
import { buildBrand } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';
import { createMarketplaceRepository } from '../marketplace/marketplace.repository';
import { createMarketplaceService } from '../marketplace/marketplace.service';

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

const GIFT = `{ member { welcomeGift { product { id name } claimedOrderId claimedGift } } }`;
const CLAIM = `
  mutation Claim($address: ShippingAddressInput!) {
    member {
      claimWelcomeGift(address: $address) {
        responseResult { succeeded slug }
        welcomeGift { product { name } claimedOrderId claimedGift }
      }
    }
  }
`;
const STEPS = `{ member { onboarding { steps { step done } } } }`;

interface ClaimAnswer {
  member: {
    claimWelcomeGift: {
      responseResult: { succeeded: boolean; slug: string | null };
      welcomeGift: { claimedOrderId: number | null; claimedGift: string | null } | null;
    };
  };
}

/*
 * Onboarding step 1 (decision 033): the free welcome gift is claimed as a free order placed once per
 * member, with no payment, so a new member can do it from the onboarding in a couple of clicks.
 */
describe.each(ENGINES)('the welcome gift (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };
  let giftId: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { loginRateLimitPerMinute: 100_000 });
    // A brand without the marketplace's flag: the gift belongs to the onboarding, not to the shop.
    brand = await buildBrand(t.db);
    const marketplace = createMarketplaceService({
      repository: createMarketplaceRepository(t.db.kysely),
      transactions: createTransactionRunner(t.db.kysely),
    });
    const category = await marketplace.upsertCategory(brand.id, 'gifts', { 'en-us': 'Gifts' }, 1);
    const gift = await marketplace.upsertProduct({
      brandId: brand.id,
      categoryId: category.id,
      slug: 'welcome-tote',
      names: { 'en-us': 'Welcome tote bag', 'fr-ca': 'Sac de bienvenue' },
      descriptions: { 'en-us': 'A tote.' },
      prices: { USD: 1500 },
      images: ['/static/shop/tote.svg'],
      stock: 3,
      shippable: true,
      freeGiftEligible: true,
    });
    giftId = gift;
  });
  afterAll(async () => {
    await t.close();
  });

  const stock = async () =>
    (
      await t.db.kysely
        .selectFrom('shop_products')
        .select('stock')
        .where('id', '=', giftId)
        .executeTakeFirstOrThrow()
    ).stock;
  const ordersOf = (memberId: number) =>
    t.db.kysely
      .selectFrom('orders')
      .select(['reference', 'total', 'free_gift', 'payment_id', 'shipping_info'])
      .where('member_id', '=', memberId)
      .execute();

  it('is claimed once, free, shipped to the address, and makes step 1 done', async () => {
    const member = await signInNewMember(t, brand, { tags: ['onboarding'] });
    const offered = await graphql<{ member: { welcomeGift: { product: { id: number; name: string } } } }>(
      t.app,
      member.caller,
      GIFT,
    );
    expect(offered.data?.member.welcomeGift).toEqual({
      product: { id: giftId, name: 'Welcome tote bag' },
      claimedOrderId: null,
      claimedGift: null,
    });
    const before = await stock();

    // Claimed at once several times (a double click, a replay): one order, one unit of stock.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        graphql<ClaimAnswer>(t.app, member.caller, CLAIM, { address: ADDRESS }),
      ),
    );
    for (const answer of answers) {
      expect(answer.data?.member.claimWelcomeGift.responseResult.succeeded).toBe(true);
      expect(answer.data?.member.claimWelcomeGift.welcomeGift?.claimedGift).toBe('Welcome tote bag');
    }
    const orders = await ordersOf(member.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      reference: `WG-${String(member.id)}`,
      total: 0,
      free_gift: 'Welcome tote bag',
      payment_id: null,
    });
    expect(JSON.parse(orders[0]?.shipping_info ?? '{}')).toMatchObject({
      city: 'Boston',
      method: 'standard',
    });
    expect(await stock()).toBe(before - 1);

    const steps = await graphql<{ member: { onboarding: { steps: { step: string; done: boolean }[] } } }>(
      t.app,
      member.caller,
      STEPS,
    );
    expect(steps.data?.member.onboarding.steps[0]).toEqual({ step: 'welcome_gift', done: true });
  });

  it('is refused to a member the onboarding is not offered to, and for a bad address, with nothing placed', async () => {
    const unflagged = await signInNewMember(t, brand);
    const refused = await graphql<ClaimAnswer>(t.app, unflagged.caller, CLAIM, { address: ADDRESS });
    expect(refused.data?.member.claimWelcomeGift.responseResult).toEqual({
      succeeded: false,
      slug: 'onboarding_unavailable',
    });
    const completed = await signInNewMember(t, brand, {
      tags: ['onboarding', 'onboarding_status:completed'],
    });
    const late = await graphql<ClaimAnswer>(t.app, completed.caller, CLAIM, { address: ADDRESS });
    expect(late.data?.member.claimWelcomeGift.responseResult.slug).toBe('onboarding_unavailable');

    const member = await signInNewMember(t, brand, { tags: ['onboarding'] });
    const bad = await graphql<ClaimAnswer>(t.app, member.caller, CLAIM, {
      address: { ...ADDRESS, postcode: '', city: 'x'.repeat(5000) },
    });
    expect(bad.data?.member.claimWelcomeGift.responseResult.succeeded).toBe(false);
    expect(bad.data?.member.claimWelcomeGift.responseResult.slug).toMatch(/^invalid_address:/);
    expect([
      ...(await ordersOf(unflagged.id)),
      ...(await ordersOf(completed.id)),
      ...(await ordersOf(member.id)),
    ]).toEqual([]);
  });

  it('is refused when no gift is left, and nothing is placed', async () => {
    await t.db.kysely.updateTable('shop_products').set({ stock: 0 }).where('id', '=', giftId).execute();
    const member = await signInNewMember(t, brand, { tags: ['onboarding'] });
    const offered = await graphql<{ member: { welcomeGift: { product: unknown } } }>(
      t.app,
      member.caller,
      GIFT,
    );
    expect(offered.data?.member.welcomeGift.product).toBeNull();
    const refused = await graphql<ClaimAnswer>(t.app, member.caller, CLAIM, { address: ADDRESS });
    expect(refused.data?.member.claimWelcomeGift.responseResult).toEqual({
      succeeded: false,
      slug: 'welcome_gift_unavailable',
    });
    expect(await ordersOf(member.id)).toEqual([]);
    await t.db.kysely.updateTable('shop_products').set({ stock: 3 }).where('id', '=', giftId).execute();
  });
});

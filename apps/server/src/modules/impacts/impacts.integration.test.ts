import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTransactionRunner } from '../../db/transaction';
import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';
import { createWalletRepository } from '../wallet/wallet.repository';
import { INSUFFICIENT_COINS, createWalletService } from '../wallet/wallet.service';
import { createImpactsRepository } from './impacts.repository';
import { createImpactsService } from './impacts.service';

interface ItemView {
  id: number;
  name: string;
  funded: number;
  percent: number;
  member_target: number | null;
  memberFunded: number;
  memberPercent: number | null;
}
interface ResponseResultView {
  succeeded: boolean;
  slug: string | null;
}

describe.each(ENGINES)('impacts (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };
  let otherBrand: { id: number; hostname: string };
  let treeId: number;
  let waterId: number;
  let foreignId: number;

  const repository = () => createImpactsRepository(t.db.kysely);
  const wallet = () => createWalletService({ repository: createWalletRepository(t.db.kysely) });
  const impacts = () =>
    createImpactsService({
      repository: repository(),
      wallet: wallet(),
      transactions: createTransactionRunner(t.db.kysely),
    });

  async function addItem(brandId: number, slug: string, price: number, target: number) {
    const categoryId = await repository().upsertCategory(brandId, {
      slug: 'planet',
      name: 'Planet',
      langs: { 'fr-ca': 'Planète' },
      position: 0,
    });
    return repository().upsertItem(brandId, {
      categoryId,
      slug,
      name: `Item ${slug}`,
      description: 'An impact',
      unit: 'tree',
      langs: {
        'en-us': { unitPlural: 'trees' },
        'fr-ca': { name: `Article ${slug}`, unit: 'arbre', unitPlural: 'arbres' },
      },
      pricePerUnit: price,
      prices: [1, 5],
      targetQuantity: target,
      images: ['/static/impacts/trees.svg'],
      position: 0,
      active: true,
    });
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
    otherBrand = await buildBrand(t.db);
    treeId = await addItem(brand.id, 'trees', 10, 100);
    waterId = await addItem(brand.id, 'water', 3, 0);
    foreignId = await addItem(otherBrand.id, 'foreign', 1, 10);
  });
  afterAll(async () => {
    await t.close();
  });

  async function credit(memberId: number, coins: number) {
    await wallet().credit({
      brandId: brand.id,
      memberId,
      amount: coins,
      description: 'Coins',
      idempotencyKey: `payment:seed-${memberId}`,
      source: 'payment',
      reference: { kind: 'payment', id: `seed-${memberId}` },
    });
  }

  const viewer = (memberId: number) => ({ brandId: brand.id, memberId, language: 'en-us' });
  const ledgerOf = (memberId: number) =>
    t.db.kysely
      .selectFrom('coin_ledger')
      .select(['amount', 'source', 'reference_kind', 'reference_id', 'description'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
  const contributionsOf = (memberId: number) =>
    t.db.kysely.selectFrom('impact_contributions').selectAll().where('member_id', '=', memberId).execute();

  const CONTRIBUTE = `mutation ($itemId: Int!, $quantity: Int!, $key: String!) { member {
    contributeToImpact(itemId: $itemId, quantity: $quantity, requestKey: $key) {
      responseResult { succeeded slug } contributionId coins balance item { funded percent memberFunded }
    } } }`;

  it('funds units with one spend that names the contribution, committed together', async () => {
    const member = await signInNewMember(t, brand);
    await credit(member.id, 100);
    const response = await graphql<{
      member: {
        contributeToImpact: {
          responseResult: ResponseResultView;
          contributionId: number;
          coins: number;
          balance: number;
          item: { funded: number; memberFunded: number };
        };
      };
    }>(t.app, member.caller, CONTRIBUTE, { itemId: treeId, quantity: 3, key: `k-${member.id}-first` });
    const paid = response.data?.member.contributeToImpact;
    expect(paid?.responseResult.succeeded).toBe(true);
    expect(paid).toMatchObject({ coins: 30, balance: 70, item: { memberFunded: 3 } });
    const ledger = await ledgerOf(member.id);
    expect(ledger.at(-1)).toMatchObject({
      amount: -30,
      source: 'spend',
      reference_kind: 'impact',
      reference_id: String(paid?.contributionId),
    });
    expect(ledger.at(-1)?.description).toContain('Item trees');
  });

  it('answers a repeated request once, and refuses the key for another contribution', async () => {
    const memberId = (await buildMember(t.db, brand.id)).id;
    await credit(memberId, 100);
    const key = `again-key-${memberId}`;
    const first = await impacts().contribute(viewer(memberId), {
      itemId: treeId,
      quantity: 2,
      requestKey: key,
    });
    const again = await impacts().contribute(viewer(memberId), {
      itemId: treeId,
      quantity: 2,
      requestKey: key,
    });
    expect(again.contributionId).toBe(first.contributionId);
    expect(again.balance).toBe(80);
    expect(await contributionsOf(memberId)).toHaveLength(1);
    await expect(
      impacts().contribute(viewer(memberId), { itemId: treeId, quantity: 5, requestKey: key }),
    ).rejects.toMatchObject({ slug: 'idempotency_key_conflict' });
    expect(await wallet().balance(brand.id, memberId)).toBe(80);
  });

  it('never overdraws: 200 contributions at once on a balance that covers 5', async () => {
    const memberId = (await buildMember(t.db, brand.id)).id;
    await credit(memberId, 50);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        impacts().contribute(viewer(memberId), {
          itemId: treeId,
          quantity: 1,
          requestKey: `burst-${memberId}-${i}`,
        }),
      ),
    );
    const ok = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    );
    expect(ok).toHaveLength(5);
    expect(refused.every((reason) => (reason as { slug?: string }).slug === INSUFFICIENT_COINS)).toBe(true);
    expect(await wallet().balance(brand.id, memberId)).toBe(0);
    expect(await contributionsOf(memberId)).toHaveLength(5);
    expect((await ledgerOf(memberId)).filter((line) => line.reference_kind === 'impact')).toHaveLength(5);
  });

  it('writes no contribution when the coins do not cover it', async () => {
    const memberId = (await buildMember(t.db, brand.id)).id;
    await credit(memberId, 9);
    await expect(
      impacts().contribute(viewer(memberId), {
        itemId: treeId,
        quantity: 1,
        requestKey: `poor-key-${memberId}`,
      }),
    ).rejects.toMatchObject({ slug: INSUFFICIENT_COINS });
    expect(await contributionsOf(memberId)).toEqual([]);
    expect(await wallet().balance(brand.id, memberId)).toBe(9);
  });

  it('refuses forged input: quantities, keys, another brand’s item', async () => {
    const member = await signInNewMember(t, brand);
    await credit(member.id, 1000);
    const attempt = async (itemId: number, quantity: number, key: string) =>
      (
        await graphql<{ member: { contributeToImpact: { responseResult: ResponseResultView } } }>(
          t.app,
          member.caller,
          CONTRIBUTE,
          { itemId, quantity, key },
        )
      ).data?.member.contributeToImpact.responseResult;
    expect(await attempt(treeId, 0, 'zero-key-1')).toMatchObject({
      succeeded: false,
      slug: 'invalid_quantity',
    });
    expect(await attempt(treeId, -5, 'negative-key')).toMatchObject({ slug: 'invalid_quantity' });
    expect(await attempt(treeId, 1001, 'oversized-key')).toMatchObject({ slug: 'invalid_quantity' });
    expect(await attempt(treeId, 1, 'x')).toMatchObject({ slug: 'invalid_request_key' });
    expect(await attempt(treeId, 1, 'k'.repeat(65))).toMatchObject({ slug: 'invalid_request_key' });
    expect(await attempt(foreignId, 1, 'foreign-key')).toMatchObject({ slug: 'impact_not_found' });
    expect(await wallet().balance(brand.id, member.id)).toBe(1000);
  });

  it('counts progress from every member, sets the member’s target and lists member.info.impacts', async () => {
    const a = await signInNewMember(t, brand, { language: 'fr-ca' });
    const b = (await buildMember(t.db, brand.id)).id;
    await credit(a.id, 100);
    await credit(b, 100);
    const before = (await impacts().item(viewer(b), waterId)).item.funded;
    await impacts().contribute(viewer(a.id), { itemId: waterId, quantity: 4, requestKey: `water-a-${a.id}` });
    await impacts().contribute(viewer(b), { itemId: waterId, quantity: 6, requestKey: `water-b-${b}` });
    const SET = `mutation ($itemId: Int!, $target: Int) { member { setImpactTarget(itemId: $itemId, target: $target) {
      responseResult { succeeded slug } item { funded member_target memberFunded memberPercent } } } }`;
    const set = await graphql<{
      member: { setImpactTarget: { responseResult: ResponseResultView; item: ItemView } };
    }>(t.app, a.caller, SET, { itemId: waterId, target: 8 });
    expect(set.data?.member.setImpactTarget.item).toEqual({
      funded: before + 10,
      member_target: 8,
      memberFunded: 4,
      memberPercent: 50,
    });
    const bad = await graphql<{ member: { setImpactTarget: { responseResult: ResponseResultView } } }>(
      t.app,
      a.caller,
      SET,
      { itemId: waterId, target: 0 },
    );
    expect(bad.data?.member.setImpactTarget.responseResult).toMatchObject({
      succeeded: false,
      slug: 'invalid_target',
    });

    const read = await graphql<{
      impacts: { listCategories: { name: string; items: ItemView[] }[]; item: { history: unknown[] } };
      member: {
        info: {
          impacts: {
            itemId: number;
            name: string;
            unit: string;
            unitPlural: string;
            quantity: number;
            coins: number;
          }[];
        };
      };
    }>(
      t.app,
      a.caller,
      `
        query ($id: Int!) {
          impacts {
            listCategories {
              name
              items {
                id
                name
                funded
                member_target
              }
            }
            item(id: $id) {
              history {
                quantity
                coins
              }
            }
          }
          member {
            info {
              impacts {
                itemId
                name
                unit
                unitPlural
                quantity
                coins
              }
            }
          }
        }
      `,
      { id: waterId },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data?.impacts.listCategories[0]?.name).toBe('Planète');
    expect(read.data?.impacts.listCategories[0]?.items.map((item) => item.id)).toEqual([treeId, waterId]);
    expect(read.data?.impacts.item.history).toEqual([{ quantity: 4, coins: 12 }]);
    expect(read.data?.member.info.impacts).toEqual([
      { itemId: waterId, name: 'Article water', unit: 'arbre', unitPlural: 'arbres', quantity: 4, coins: 12 },
    ]);
  });

  it('pages the list and keeps members of other brands out', async () => {
    const member = await signInNewMember(t, brand);
    const page = await graphql<{
      impacts: { page: { page: number; pageCount: number; total: number; items: unknown[] } };
    }>(
      t.app,
      member.caller,
      `
        {
          impacts {
            page(page: 1) {
              page
              pageCount
              total
              items {
                id
              }
            }
          }
        }
      `,
    );
    expect(page.data?.impacts.page).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    const past = await impacts().page(viewer(member.id), 9);
    expect(past.items).toEqual([]);
    const foreign = await graphql(
      t.app,
      member.caller,
      `
        query ($id: Int!) {
          impacts {
            item(id: $id) {
              item {
                id
              }
            }
          }
        }
      `,
      {
        id: foreignId,
      },
    );
    expect(foreign.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const anonymous = await graphql(
      t.app,
      { host: brand.hostname },
      `
        {
          impacts {
            listCategories {
              id
            }
          }
        }
      `,
    );
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });
});

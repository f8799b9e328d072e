import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isoNow } from '../../db/json';
import { createTransactionRunner } from '../../db/transaction';
import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { graphql, signInNewMember } from '../../test/http';
import { createWalletRepository } from '../wallet/wallet.repository';
import { INSUFFICIENT_COINS, createWalletService } from '../wallet/wallet.service';
import { type OrdersRepository, createOrdersRepository } from './orders.repository';
import { type CoinOrderInput, COIN_CURRENCY, createOrdersService } from './orders.service';

describe.each(ENGINES)('orders (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = () => signInNewMember(t, brand);

  describe('the member’s orders', () => {
    const ORDERS = `{ ecommerce { getMemberOrders { reference deliveryFee orderTotal freeGift
      products { name quantity unitPrice } shippingInfo { city method } } } }`;

    it('lists only the member’s own orders, with products and shipping', async () => {
      const owner = await signIn();
      const stranger = await signIn();
      const empty = await graphql<{ ecommerce: { getMemberOrders: unknown[] } }>(t.app, owner.caller, ORDERS);
      expect(empty.data?.ecommerce.getMemberOrders).toEqual([]);
      const { id } = await t.db.kysely
        .insertInto('orders')
        .values({
          brand_id: brand.id,
          member_id: owner.id,
          reference: `O-${owner.id}`,
          status: 'paid',
          currency: 'USD',
          subtotal: 2000,
          delivery_fee: 500,
          total: 2500,
          free_gift: 'Sticker pack',
          shipping_info: JSON.stringify({ city: 'Boston', method: 'standard' }),
          created_at: isoNow(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('order_items')
        .values({ order_id: id, product_id: 'p1', name: 'Mug', quantity: 2, unit_price: 1000, image: null })
        .execute();
      const orders = await graphql<{ ecommerce: { getMemberOrders: unknown[] } }>(
        t.app,
        owner.caller,
        ORDERS,
      );
      expect(orders.data?.ecommerce.getMemberOrders).toEqual([
        {
          reference: `O-${owner.id}`,
          deliveryFee: 500,
          orderTotal: 2500,
          freeGift: 'Sticker pack',
          products: [{ name: 'Mug', quantity: 2, unitPrice: 1000 }],
          shippingInfo: { city: 'Boston', method: 'standard' },
        },
      ]);
      const theirs = await graphql<{ ecommerce: { getMemberOrders: unknown[] } }>(
        t.app,
        stranger.caller,
        ORDERS,
      );
      expect(theirs.data?.ecommerce.getMemberOrders).toEqual([]);
    });
  });

  describe('an order paid with coins', () => {
    const wallet = () => createWalletService({ repository: createWalletRepository(t.db.kysely) });
    /** The orders service, with `repository` standing in for the real one where a test says so. */
    const orders = (repository: OrdersRepository = createOrdersRepository(t.db.kysely)) =>
      createOrdersService({
        repository,
        wallet: wallet(),
        transactions: createTransactionRunner(t.db.kysely),
      });

    async function memberWithCoins(coins: number) {
      const member = await buildMember(t.db, brand.id);
      await wallet().credit({
        brandId: brand.id,
        memberId: member.id,
        amount: coins,
        description: 'Coins',
        idempotencyKey: `payment:seed-${member.id}`,
        source: 'payment',
        reference: { kind: 'payment', id: `seed-${member.id}` },
      });
      return member.id;
    }

    const order = (memberId: number, reference: string): CoinOrderInput => ({
      brandId: brand.id,
      memberId,
      reference,
      products: [{ productId: 'mug', name: 'Mug', quantity: 2, unitPrice: 30, image: null }],
      shippingInfo: {
        name: 'Ada',
        address: '1 Main Street',
        city: 'Boston',
        postcode: '02101',
        country: 'us',
        method: 'standard',
      },
      deliveryFee: 10,
      freeGift: null,
    });

    const ordersOf = (memberId: number) =>
      t.db.kysely.selectFrom('orders').select(['id', 'total']).where('member_id', '=', memberId).execute();
    const ledgerOf = (memberId: number) =>
      t.db.kysely
        .selectFrom('coin_ledger')
        .select(['amount', 'source', 'reference_kind', 'reference_id'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute();

    it('commits the order, its products and the spend that references it together', async () => {
      const memberId = await memberWithCoins(100);
      const { orderId, balance } = await orders().placeCoinOrder(order(memberId, `C-${memberId}`));
      expect(balance).toBe(30);
      expect(await ordersOf(memberId)).toEqual([{ id: orderId, total: 70 }]);
      expect((await ledgerOf(memberId)).at(-1)).toEqual({
        amount: -70,
        source: 'spend',
        reference_kind: 'order',
        reference_id: String(orderId),
      });
      const items = await t.db.kysely
        .selectFrom('order_items')
        .select(['name', 'quantity'])
        .where('order_id', '=', orderId)
        .execute();
      expect(items).toEqual([{ name: 'Mug', quantity: 2 }]);
      const row = await t.db.kysely
        .selectFrom('orders')
        .select('currency')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(row.currency).toBe(COIN_CURRENCY);
    });

    it('rolls the spend back with the order when a failure comes after the spend', async () => {
      const memberId = await memberWithCoins(100);
      const real = createOrdersRepository(t.db.kysely);
      const failing: OrdersRepository = {
        ...real,
        insertOrderItems: () => Promise.reject(new Error('the products could not be written')),
      };
      await expect(orders(failing).placeCoinOrder(order(memberId, `F-${memberId}`))).rejects.toThrow(
        'the products could not be written',
      );
      expect(await wallet().balance(brand.id, memberId)).toBe(100);
      expect(await ordersOf(memberId)).toEqual([]);
      expect(await ledgerOf(memberId)).toHaveLength(1);
      // The same order placed again once the failure is gone goes through, once.
      const placed = await orders().placeCoinOrder(order(memberId, `F-${memberId}`));
      expect(placed.balance).toBe(30);
    });

    it('writes no order when the coins do not cover it', async () => {
      const memberId = await memberWithCoins(69);
      await expect(orders().placeCoinOrder(order(memberId, `P-${memberId}`))).rejects.toMatchObject({
        slug: INSUFFICIENT_COINS,
      });
      expect(await wallet().balance(brand.id, memberId)).toBe(69);
      expect(await ordersOf(memberId)).toEqual([]);
    });

    it('places a reference once, and refuses another member’s reference', async () => {
      const memberId = await memberWithCoins(200);
      const first = await orders().placeCoinOrder(order(memberId, `R-${memberId}`));
      const again = await orders().placeCoinOrder(order(memberId, `R-${memberId}`));
      expect(again).toEqual(first);
      expect(await wallet().balance(brand.id, memberId)).toBe(130);
      expect(await ordersOf(memberId)).toHaveLength(1);
      const other = await memberWithCoins(200);
      await expect(orders().placeCoinOrder(order(other, `R-${memberId}`))).rejects.toMatchObject({
        slug: 'order_reference_taken',
      });
      expect(await wallet().balance(brand.id, other)).toBe(200);
    });

    it('places a reference once when the same order arrives several times at once', async () => {
      const memberId = await memberWithCoins(200);
      const placed = await Promise.allSettled(
        Array.from({ length: 6 }, () => orders().placeCoinOrder(order(memberId, `P-${memberId}`))),
      );
      const ids = new Set(
        placed.flatMap((result) => (result.status === 'fulfilled' ? [result.value.orderId] : [])),
      );
      expect(ids.size).toBe(1);
      expect(await wallet().balance(brand.id, memberId)).toBe(130);
      expect(await ordersOf(memberId)).toHaveLength(1);
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  MAX_CART_QUANTITY,
  boundedQuantity,
  championPrice,
  deliveryFee,
  isChampionMember,
  isOrderChangeable,
  listDeliveryFee,
  memberUnitPrice,
  orderTotals,
  reachableStep,
  resolveStep,
} from './marketplace';

describe('member prices', () => {
  it('gives Champion plans 147 to 151 30% off, and nobody else', () => {
    for (const plan of [147, 148, 149, 150, 151]) expect(isChampionMember([plan])).toBe(true);
    expect(isChampionMember([146, 152, null])).toBe(false);
    expect(isChampionMember([1, 149])).toBe(true);
    expect(championPrice(1999)).toBe(1399); // 1399.3 cents
    expect(championPrice(1000)).toBe(700); // yen: no cents to round to
    expect(championPrice(5)).toBe(4); // 3.5 rounds half up
    expect(championPrice(0)).toBe(0);
    expect(memberUnitPrice(1999, false)).toBe(1999);
    expect(memberUnitPrice(1999, true)).toBe(1399);
  });

  it('is a whole minor unit, never above the list price, and 30% off within half a unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (price) => {
        const member = championPrice(price);
        expect(Number.isSafeInteger(member)).toBe(true);
        expect(member).toBeLessThanOrEqual(price);
        expect(member).toBeGreaterThanOrEqual(0);
        expect(Math.abs(member * 100 - price * 70)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => championPrice(1.5)).toThrow(RangeError);
    expect(() => championPrice(-1)).toThrow(RangeError);
    expect(() => memberUnitPrice(Number.NaN, false)).toThrow(RangeError);
  });
});

describe('delivery fees', () => {
  it('are whole minor units for currencies with and without cents', () => {
    expect(listDeliveryFee('standard', 'USD')).toBe(499);
    expect(listDeliveryFee('express', 'CAD')).toBe(1699);
    expect(listDeliveryFee('standard', 'JPY')).toBe(700);
    expect(listDeliveryFee('standard', 'KWD')).toBe(5000); // three decimals
    expect(listDeliveryFee('standard', 'usd')).toBe(499);
  });

  it('make standard shipping free for Champions, express never, and nothing shipped costs nothing', () => {
    expect(deliveryFee('standard', 'USD', { champion: true, shipsAnything: true })).toBe(0);
    expect(deliveryFee('express', 'USD', { champion: true, shipsAnything: true })).toBe(1499);
    expect(deliveryFee('standard', 'USD', { champion: false, shipsAnything: true })).toBe(499);
    expect(deliveryFee('express', 'EUR', { champion: false, shipsAnything: false })).toBe(0);
  });
});

describe('order totals', () => {
  it('adds member prices times quantities and the delivery fee', () => {
    const lines = [
      { listPriceMinor: 1999, quantity: 2 },
      { listPriceMinor: 500, quantity: 1 },
    ];
    expect(orderTotals(lines, { champion: false, deliveryFee: 499 })).toEqual({
      listSubtotal: 4498,
      subtotal: 4498,
      memberSavings: 0,
      deliveryFee: 499,
      total: 4997,
    });
    expect(orderTotals(lines, { champion: true, deliveryFee: 0 })).toEqual({
      listSubtotal: 4498,
      subtotal: 1399 * 2 + 350,
      memberSavings: 4498 - (1399 * 2 + 350),
      deliveryFee: 0,
      total: 1399 * 2 + 350,
    });
  });

  it('keeps total = subtotal + fee and savings = list - subtotal for any cart', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            listPriceMinor: fc.integer({ min: 0, max: 1_000_000 }),
            quantity: fc.integer({ min: 1, max: MAX_CART_QUANTITY }),
          }),
          { maxLength: 50 },
        ),
        fc.boolean(),
        fc.integer({ min: 0, max: 100_000 }),
        (lines, champion, fee) => {
          const totals = orderTotals(lines, { champion, deliveryFee: fee });
          expect(totals.total).toBe(totals.subtotal + fee);
          expect(totals.memberSavings).toBe(totals.listSubtotal - totals.subtotal);
          expect(totals.memberSavings).toBeGreaterThanOrEqual(0);
          if (!champion) expect(totals.memberSavings).toBe(0);
        },
      ),
    );
  });

  it('refuses a zero, fractional or negative quantity', () => {
    for (const quantity of [0, 1.5, -2]) {
      expect(() =>
        orderTotals([{ listPriceMinor: 100, quantity }], { champion: false, deliveryFee: 0 }),
      ).toThrow(RangeError);
    }
  });
});

describe('cart quantities', () => {
  it('are bounded by stock and the cart maximum', () => {
    expect(boundedQuantity(3, 10)).toBe(3);
    expect(boundedQuantity(30, 100)).toBe(MAX_CART_QUANTITY);
    expect(boundedQuantity(5, 2)).toBe(2);
    expect(boundedQuantity(-1, 5)).toBe(0);
    expect(boundedQuantity(Number.NaN, 5)).toBe(0);
    expect(boundedQuantity(2.7, 5)).toBe(2);
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: 0, max: 1000 }), (requested, stock) => {
        const quantity = boundedQuantity(requested, stock);
        expect(Number.isInteger(quantity)).toBe(true);
        expect(quantity).toBeGreaterThanOrEqual(0);
        expect(quantity).toBeLessThanOrEqual(Math.min(stock, MAX_CART_QUANTITY));
      }),
    );
  });
});

describe('checkout steps and orders', () => {
  it('never skip a step, and resume where the checkout stands', () => {
    const fresh = reachableStep({ hasInformation: false, hasShipping: false, placed: false });
    expect(fresh).toBe('information');
    expect(resolveStep('payment', fresh)).toBe('information');
    const ready = reachableStep({ hasInformation: true, hasShipping: true, placed: false });
    expect(ready).toBe('payment');
    expect(resolveStep('information', ready)).toBe('information');
    expect(resolveStep('confirmation', ready)).toBe('payment');
    expect(resolveStep('nonsense', ready)).toBe('payment');
    expect(resolveStep('shipping', 'confirmation')).toBe('confirmation');
  });

  it('lets a member change only orders not yet shipped', () => {
    expect(isOrderChangeable('placed')).toBe(true);
    expect(isOrderChangeable('paid')).toBe(true);
    expect(isOrderChangeable('shipped')).toBe(false);
    expect(isOrderChangeable('cancelled')).toBe(false);
  });
});

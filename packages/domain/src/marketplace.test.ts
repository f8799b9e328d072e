import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  MAX_CART_QUANTITY,
  MAX_ORDER_COINS,
  coinPart,
  coinValueMinor,
  boundedQuantity,
  championPrice,
  deliveryFee,
  isChampionMember,
  isOrderChangeable,
  isRefundState,
  listDeliveryFee,
  memberUnitPrice,
  orderRefundState,
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

describe('the refund a member sees on an order (decision 038)', () => {
  const cancelled = { status: 'cancelled', refundedMinor: 2500, coinsApplied: 0 };

  it('shows the card refund as the provider has it', () => {
    expect(orderRefundState(cancelled, 'pending')).toBe('pending');
    expect(orderRefundState(cancelled, 'succeeded')).toBe('succeeded');
    expect(orderRefundState(cancelled, 'failed')).toBe('failed');
  });

  it('shows coins alone as refunded at once, and a card part with coins as its card refund', () => {
    expect(orderRefundState({ status: 'cancelled', refundedMinor: 0, coinsApplied: 900 }, null)).toBe(
      'succeeded',
    );
    expect(orderRefundState({ status: 'cancelled', refundedMinor: 100, coinsApplied: 900 }, 'pending')).toBe(
      'pending',
    );
  });

  it('shows no refund on an order that is not cancelled or returns nothing', () => {
    expect(orderRefundState({ ...cancelled, status: 'placed' }, null)).toBeNull();
    expect(orderRefundState({ ...cancelled, status: 'shipped' }, 'succeeded')).toBeNull();
    expect(orderRefundState({ status: 'cancelled', refundedMinor: 0, coinsApplied: 0 }, null)).toBeNull();
  });

  it('reads a card part cancelled before refunds went to the provider as refunded', () => {
    expect(orderRefundState(cancelled, null)).toBe('succeeded');
  });

  it('knows its three states', () => {
    expect(isRefundState('failed')).toBe(true);
    expect(isRefundState('refunded')).toBe(false);
    expect(isRefundState(null)).toBe(false);
  });
});

describe('coins paying part of an order (decision 031)', () => {
  it('values a coin at a hundredth of a major unit, at least one minor unit', () => {
    expect(coinValueMinor('USD')).toBe(1);
    expect(coinValueMinor('eur')).toBe(1);
    expect(coinValueMinor('JPY')).toBe(1);
    expect(coinValueMinor('KWD')).toBe(10);
  });

  it('takes what the balance holds, up to the total, and leaves the rest to the card', () => {
    expect(coinPart(2499, 600, 'USD')).toEqual({ coins: 600, valueMinor: 600, cardMinor: 1899 });
    expect(coinPart(2499, 5000, 'USD')).toEqual({ coins: 2499, valueMinor: 2499, cardMinor: 0 });
    expect(coinPart(2499, 0, 'USD')).toEqual({ coins: 0, valueMinor: 0, cardMinor: 2499 });
    expect(coinPart(1500, 20_000, 'JPY')).toEqual({ coins: 1500, valueMinor: 1500, cardMinor: 0 });
    expect(coinPart(12_345, 5000, 'KWD')).toEqual({ coins: 1234, valueMinor: 12_340, cardMinor: 5 });
  });

  it('never takes more coins than held, never pays more than the total, and always adds up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: -10, max: 5_000_000 }),
        fc.constantFrom('USD', 'EUR', 'JPY', 'KWD', 'MYR', 'CAD'),
        (total, balance, currency) => {
          const part = coinPart(total, balance, currency);
          const unit = coinValueMinor(currency);
          expect(Number.isSafeInteger(part.coins)).toBe(true);
          expect(part.coins).toBeGreaterThanOrEqual(0);
          expect(part.coins).toBeLessThanOrEqual(Math.max(balance, 0));
          expect(part.coins).toBeLessThanOrEqual(MAX_ORDER_COINS);
          expect(part.valueMinor).toBe(part.coins * unit);
          expect(part.valueMinor + part.cardMinor).toBe(total);
          expect(part.cardMinor).toBeGreaterThanOrEqual(0);
          // As many coins as allowed: one more would overdraw, overpay or pass the cap.
          const more = part.coins + 1;
          expect(more > balance || more * unit > total || more > MAX_ORDER_COINS).toBe(true);
        },
      ),
    );
  });

  it('refuses a total that is not whole minor units', () => {
    expect(() => coinPart(-1, 10, 'USD')).toThrow(RangeError);
    expect(() => coinPart(1.5, 10, 'USD')).toThrow(RangeError);
  });
});

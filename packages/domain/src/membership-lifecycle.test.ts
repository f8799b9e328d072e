import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  type LifecycleSubscription,
  RETENTION_DISCOUNT_PERCENT,
  addMonths,
  availableRetentionOffer,
  canActivate,
  discountedPrice,
  firstBillingDate,
  isCancelable,
  isRestartApplied,
  nextBillingDate,
  periodDays,
  purgeDate,
  restartKind,
  retentionOffer,
  signupAmount,
} from './membership-lifecycle';

const NOW = new Date('2026-03-10T12:00:00.000Z');

function subscription(overrides: Partial<LifecycleSubscription> = {}): LifecycleSubscription {
  return {
    isActive: true,
    cancelRefId: null,
    startDate: '2026-03-01T00:00:00.000Z',
    nextBillingDate: '2026-03-31T00:00:00.000Z',
    ...overrides,
  };
}

describe('periods and dates', () => {
  it('counts a period in days: a month is 30, a year 365, and a count below one is one', () => {
    expect(periodDays({ recurringInterval: 'day', recurringIntervalCount: 3 })).toBe(3);
    expect(periodDays({ recurringInterval: 'week', recurringIntervalCount: 2 })).toBe(14);
    expect(periodDays({ recurringInterval: 'month', recurringIntervalCount: 1 })).toBe(30);
    expect(periodDays({ recurringInterval: 'year', recurringIntervalCount: 1 })).toBe(365);
    expect(periodDays({ recurringInterval: 'month', recurringIntervalCount: 0 })).toBe(30);
  });

  it('bills first after the trial when there is one, else after a period', () => {
    expect(firstBillingDate(NOW, { trialPeriodDays: 7, periodDays: 30 }).toISOString()).toBe(
      '2026-03-17T12:00:00.000Z',
    );
    expect(firstBillingDate(NOW, { trialPeriodDays: 0, periodDays: 30 }).toISOString()).toBe(
      '2026-04-09T12:00:00.000Z',
    );
  });

  it('renews from the period start, or from now when the next date is already past', () => {
    expect(nextBillingDate('2026-03-09T00:00:00.000Z', 30, NOW).toISOString()).toBe(
      '2026-04-08T00:00:00.000Z',
    );
    // Two periods missed while no job ran: the next starts from now, not from the old date.
    expect(nextBillingDate('2026-01-01T00:00:00.000Z', 30, NOW).toISOString()).toBe(
      '2026-04-09T12:00:00.000Z',
    );
  });

  it('never puts the next bill in the past', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 2000 }), fc.integer({ min: 1, max: 365 }), (offset, days) => {
        const start = new Date(NOW.getTime() + offset * 24 * 60 * 60 * 1000).toISOString();
        expect(nextBillingDate(start, days, NOW).getTime()).toBeGreaterThan(NOW.getTime());
      }),
    );
  });

  it('keeps canceled details 10 calendar months after access ends', () => {
    expect(purgeDate('2026-03-31T00:00:00.000Z').toISOString()).toBe('2027-01-31T00:00:00.000Z');
    expect(addMonths('2026-12-15T08:00:00.000Z', 2).toISOString()).toBe('2027-02-15T08:00:00.000Z');
  });
});

describe('prices', () => {
  it('charges a sign-up the initial price when the plan has one', () => {
    expect(signupAmount({ priceInitial: 100, priceRecurring: 999 })).toBe(100);
    expect(signupAmount({ priceInitial: 0, priceRecurring: 999 })).toBe(999);
  });

  it('offers the next renewal at half price, rounded to the minor unit', () => {
    expect(RETENTION_DISCOUNT_PERCENT).toBe(50);
    expect(retentionOffer({ priceMinor: 999, currency: 'USD' })).toEqual({
      discountPercent: 50,
      regularPriceMinor: 999,
      priceMinor: 500,
      currency: 'USD',
    });
    expect(discountedPrice(1999, 0)).toBe(1999);
    expect(discountedPrice(1999, 100)).toBe(0);
  });

  it('offers a discount only on a price, and only until one is taken', () => {
    expect(availableRetentionOffer({ priceMinor: 0, currency: 'USD', renewalDiscountPercent: 0 })).toBeNull();
    expect(availableRetentionOffer({ priceMinor: 1, currency: 'USD', renewalDiscountPercent: 0 })).toBeNull();
    expect(
      availableRetentionOffer({ priceMinor: 1999, currency: 'USD', renewalDiscountPercent: 50 }),
    ).toBeNull();
    expect(availableRetentionOffer({ priceMinor: 1999, currency: 'USD', renewalDiscountPercent: 0 })).toEqual(
      retentionOffer({ priceMinor: 1999, currency: 'USD' }),
    );
  });

  it('never offers a price that is not a real discount on a real price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (priceMinor, renewalDiscountPercent) => {
          const offer = availableRetentionOffer({ priceMinor, currency: 'EUR', renewalDiscountPercent });
          if (offer === null) return;
          expect(renewalDiscountPercent).toBe(0);
          expect(offer.priceMinor).toBeGreaterThan(0);
          expect(offer.priceMinor).toBeLessThan(offer.regularPriceMinor);
        },
      ),
    );
  });
});

describe('what a subscription may do next', () => {
  it('is cancelable only while running and not canceled', () => {
    expect(isCancelable(subscription())).toBe(true);
    expect(isCancelable(subscription({ cancelRefId: 'CXL-1' }))).toBe(false);
    expect(isCancelable(subscription({ isActive: false }))).toBe(false);
  });

  it('activates only an inactive, uncanceled subscription inside its paid period', () => {
    const now = NOW.toISOString();
    expect(canActivate(subscription({ isActive: false }), now)).toBe(true);
    expect(canActivate(subscription(), now)).toBe(false);
    expect(canActivate(subscription({ isActive: false, cancelRefId: 'CXL-1' }), now)).toBe(false);
    expect(
      canActivate(subscription({ isActive: false, nextBillingDate: '2026-03-01T00:00:00.000Z' }), now),
    ).toBe(false);
    expect(canActivate(subscription({ isActive: false, nextBillingDate: null }), now)).toBe(false);
  });

  it('restarts by resuming inside the paid period, by paying after it, and not at all while running', () => {
    expect(restartKind(subscription())).toBe('running');
    expect(restartKind(subscription({ cancelRefId: 'CXL-1' }))).toBe('resume');
    expect(restartKind(subscription({ isActive: false, cancelRefId: 'CXL-1' }))).toBe('pay');
    expect(restartKind(subscription({ isActive: false }))).toBe('pay');
  });

  it('knows a paid restart is applied when a period started at or after the payment', () => {
    const paidAt = '2026-03-05T00:00:00.000Z';
    expect(isRestartApplied(subscription({ startDate: '2026-03-05T00:00:01.000Z' }), paidAt)).toBe(true);
    expect(isRestartApplied(subscription({ startDate: '2026-03-01T00:00:00.000Z' }), paidAt)).toBe(false);
    expect(
      isRestartApplied(subscription({ startDate: '2026-03-06T00:00:00.000Z', isActive: false }), paidAt),
    ).toBe(false);
  });
});

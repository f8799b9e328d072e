import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  MAX_IMPACT_UNITS,
  checkMemberTarget,
  impactPageCount,
  impactProgress,
  parseImpactPage,
  priceContribution,
} from './impacts';

describe('priceContribution', () => {
  it('prices whole units at the unit price', () => {
    expect(priceContribution(3, 25)).toEqual({ ok: true, quantity: 3, coins: 75 });
  });

  it('refuses zero, negative, fractional, huge and non-numeric quantities', () => {
    for (const quantity of [0, -1, 1.5, MAX_IMPACT_UNITS + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(priceContribution(quantity, 10)).toEqual({ ok: false, reason: 'invalid_quantity' });
    }
  });

  it('refuses an item without a whole positive price', () => {
    expect(priceContribution(1, 0)).toEqual({ ok: false, reason: 'invalid_price' });
    expect(priceContribution(1, 2.5)).toEqual({ ok: false, reason: 'invalid_price' });
  });

  it('always costs quantity × price for every accepted quantity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_IMPACT_UNITS }),
        fc.integer({ min: 1, max: 10_000 }),
        (q, p) => {
          const priced = priceContribution(q, p);
          return priced.ok && priced.coins === q * p && priced.coins >= p;
        },
      ),
    );
  });
});

describe('impactProgress', () => {
  it('measures funded units against the target', () => {
    expect(impactProgress(250, 1000)).toEqual({
      funded: 250,
      target: 1000,
      percent: 25,
      reached: false,
      remaining: 750,
    });
    expect(impactProgress(1200, 1000)).toMatchObject({ percent: 100, reached: true, remaining: 0 });
  });

  it('shows 99 % rather than 100 % until the target is really reached', () => {
    expect(impactProgress(999, 1000).percent).toBe(99);
  });

  it('has no bar to divide by for an item without a target', () => {
    expect(impactProgress(0, 0)).toMatchObject({ percent: 0, reached: false });
    expect(impactProgress(5, 0)).toMatchObject({ percent: 100, reached: true });
  });

  it('stays within 0 to 100 and grows with what is funded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.nat(500),
        (f, t, more) => {
          const a = impactProgress(f, t);
          const b = impactProgress(f + more, t);
          return a.percent >= 0 && a.percent <= 100 && b.percent >= a.percent && a.reached === a.funded >= t;
        },
      ),
    );
  });
});

describe('member targets and pages', () => {
  it('accepts whole targets or null', () => {
    expect(checkMemberTarget(null)).toBe(true);
    expect(checkMemberTarget(10)).toBe(true);
    expect(checkMemberTarget(0)).toBe(false);
    expect(checkMemberTarget(1.5)).toBe(false);
  });

  it('reads the page segment defensively', () => {
    expect(parseImpactPage(undefined)).toBe(1);
    expect(parseImpactPage('3')).toBe(3);
    expect(parseImpactPage('0')).toBe(1);
    expect(parseImpactPage('-2')).toBe(1);
    expect(parseImpactPage('x')).toBe(1);
    expect(impactPageCount(0)).toBe(1);
    expect(impactPageCount(13, 6)).toBe(3);
  });
});

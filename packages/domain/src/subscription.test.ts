import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MEDIA_TYPES } from './media-types';
import {
  CHAMPION_DISCOUNT,
  type SubscriptionLike,
  MINIMUM_GREEN_POINTS,
  championBonusCoins,
  currentSubscription,
  greenPoints,
  isChampionPlan,
  subscriptionState,
} from './subscription';

function subscription(overrides: Partial<SubscriptionLike> = {}): SubscriptionLike {
  return {
    isActive: true,
    isTrial: false,
    planName: 'Premium',
    cancelRefId: null,
    mediaTypes: [],
    offers: [],
    ...overrides,
  };
}

describe('subscriptionState', () => {
  it('is inactive and canceled without subscriptions', () => {
    expect(subscriptionState([], [])).toEqual({
      isActive: false,
      isCanceled: true,
      displayStatus: 'inactive',
      activeMediaTypes: [],
    });
  });

  it('gathers media types from the offers of active subscriptions only', () => {
    const state = subscriptionState(
      [
        subscription({ offers: [{ id: 1, name: 'Movies', mediaTypes: ['movie'] }] }),
        subscription({ offers: [{ id: 2, name: 'Books', mediaTypes: ['ebook', 'audiobook'] }] }),
        subscription({ isActive: false, offers: [{ id: 3, name: 'Music', mediaTypes: ['music'] }] }),
      ],
      [],
    );
    expect(state.activeMediaTypes).toEqual(['audiobook', 'ebook', 'movie']);
    expect(state.isActive).toBe(true);
  });

  it('adds vpn for a VPN offer unless the tag vpn:disabled is present', () => {
    const subs = [subscription({ offers: [{ id: 1, name: 'Movies + VPN', mediaTypes: ['movie', 'vpn'] }] })];
    expect(subscriptionState(subs, []).activeMediaTypes).toEqual(['movie', 'vpn']);
    expect(subscriptionState(subs, ['vpn:disabled']).activeMediaTypes).toEqual(['movie']);
  });

  it('opens every media type for an active subscription without types, except VPN Platinum', () => {
    expect(subscriptionState([subscription()], []).activeMediaTypes).toEqual([...MEDIA_TYPES]);
    const platinum = subscription({
      planName: 'VPN Platinum',
      offers: [{ id: 9, name: 'VPN', mediaTypes: [] }],
    });
    expect(subscriptionState([platinum], []).activeMediaTypes).toEqual(['vpn']);
  });

  it('ignores unknown media type names', () => {
    const state = subscriptionState([subscription({ mediaTypes: ['radio', 'movie'] })], []);
    expect(state.activeMediaTypes).toEqual(['movie']);
  });

  it('counts as canceled only when every subscription carries a cancelRefId', () => {
    expect(subscriptionState([subscription({ cancelRefId: 'c1' }), subscription()], []).isCanceled).toBe(
      false,
    );
    expect(
      subscriptionState([subscription({ cancelRefId: 'c1' }), subscription({ cancelRefId: 'c2' })], [])
        .isCanceled,
    ).toBe(true);
  });

  it('keeps access for a canceled subscription until it stops being active', () => {
    const state = subscriptionState([subscription({ cancelRefId: 'c1' })], []);
    expect(state).toMatchObject({ isActive: true, isCanceled: true, displayStatus: 'active' });
  });

  it('shows trial only when every active subscription is a trial', () => {
    expect(subscriptionState([subscription({ isTrial: true })], []).displayStatus).toBe('trial');
    expect(subscriptionState([subscription({ isTrial: true }), subscription()], []).displayStatus).toBe(
      'active',
    );
    expect(subscriptionState([subscription({ isActive: false })], []).displayStatus).toBe('inactive');
  });

  it('never grants anything without an active subscription (property)', () => {
    const arbitrarySubscription = fc.record({
      isActive: fc.constant(false),
      isTrial: fc.boolean(),
      planName: fc.string(),
      cancelRefId: fc.option(fc.string(), { nil: null }),
      mediaTypes: fc.array(fc.constantFrom(...MEDIA_TYPES, 'vpn', 'radio')),
      offers: fc.array(
        fc.record({
          id: fc.nat(),
          name: fc.string(),
          mediaTypes: fc.array(fc.constantFrom(...MEDIA_TYPES, 'vpn')),
        }),
      ),
    });
    fc.assert(
      fc.property(fc.array(arbitrarySubscription), fc.array(fc.string()), (subs, tags) => {
        const state = subscriptionState(subs, tags);
        return !state.isActive && state.activeMediaTypes.length === 0 && state.displayStatus === 'inactive';
      }),
    );
  });
});

describe('Champion memberships', () => {
  it('credits 2, 3, 5, 5, 5 bonus coins for plans 147 to 151 and none otherwise', () => {
    expect([147, 148, 149, 150, 151].map(championBonusCoins)).toEqual([2, 3, 5, 5, 5]);
    expect(championBonusCoins(146)).toBe(0);
    expect(isChampionPlan(151)).toBe(true);
    expect(isChampionPlan(152)).toBe(false);
    expect(CHAMPION_DISCOUNT).toBe(0.3);
  });
});

describe('currentSubscription', () => {
  const dated = (startDate: string, overrides: Partial<SubscriptionLike> = {}) => ({
    ...subscription(overrides),
    startDate,
  });

  it('is null without subscriptions', () => {
    expect(currentSubscription([])).toBeNull();
  });

  it('prefers the newest active subscription over a newer inactive one', () => {
    const older = dated('2026-01-01T00:00:00.000Z', { planName: 'Premium' });
    const newer = dated('2026-03-01T00:00:00.000Z', { planName: 'VPN Platinum' });
    const newest = dated('2026-05-01T00:00:00.000Z', { planName: 'Old', isActive: false });
    expect(currentSubscription([older, newest, newer])?.planName).toBe('VPN Platinum');
  });

  it('falls back to the newest subscription when none is active', () => {
    const first = dated('2025-01-01T00:00:00.000Z', { isActive: false, planName: 'A' });
    const second = dated('2025-06-01T00:00:00.000Z', { isActive: false, planName: 'B' });
    expect(currentSubscription([first, second])?.planName).toBe('B');
  });
});

describe('greenPoints', () => {
  it('never goes below the minimum of spec section 9', () => {
    expect(MINIMUM_GREEN_POINTS).toBe(1);
    expect(greenPoints(0)).toBe(1);
    expect(greenPoints(-5)).toBe(1);
    expect(greenPoints(12)).toBe(12);
  });
});

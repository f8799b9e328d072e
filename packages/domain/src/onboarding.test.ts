import { describe, expect, it } from 'vitest';

import { onboardingState, onboardingStatus, showOnboarding } from './onboarding';

const none = { welcome_gift: false, giveaway_entry: false, first_impact: false };

describe('onboarding', () => {
  it('is not started until the server-owned completed tag is present', () => {
    expect(onboardingStatus([])).toBe('not_started');
    expect(onboardingStatus(['onboarding_status:not_started'])).toBe('not_started');
    expect(onboardingStatus(['onboarding_status:completed'])).toBe('completed');
  });

  it('names the first step not done and is complete only with all three', () => {
    expect(onboardingState([], none).next).toBe('welcome_gift');
    expect(onboardingState([], { ...none, welcome_gift: true }).next).toBe('giveaway_entry');
    expect(onboardingState([], { ...none, welcome_gift: true, first_impact: true })).toMatchObject({
      next: 'giveaway_entry',
      allDone: false,
    });
    expect(
      onboardingState([], { welcome_gift: true, giveaway_entry: true, first_impact: true }),
    ).toMatchObject({
      next: null,
      allDone: true,
    });
  });

  it('is shown only while the flag allows it and the status is not_started', () => {
    expect(showOnboarding(true, [])).toBe(true);
    expect(showOnboarding(false, [])).toBe(false);
    expect(showOnboarding(true, ['onboarding_status:completed'])).toBe(false);
  });
});

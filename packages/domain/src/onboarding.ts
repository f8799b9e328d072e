import { tagValue } from './tag-values';

/*
 * Onboarding (spec section 4 and 9): three steps of about three minutes (claim the free welcome gift,
 * enter a giveaway, make a first impact). The status is `not_started` until the server-owned tag
 * `onboarding_status:completed` is present; completing all three steps grants the Explorer Badge and
 * 600 coins once. Each step is done when the server sees it happened, never on the member's word.
 */

export const ONBOARDING_STEPS = ['welcome_gift', 'giveaway_entry', 'first_impact'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_COMPLETED_TAG = 'onboarding_status:completed';
export const ONBOARDING_REWARD_COINS = 600;
export const EXPLORER_BADGE = 'explorer';
/** Minutes the three steps take, as the interface tells the member. */
export const ONBOARDING_MINUTES = 3;

export type OnboardingStatus = 'not_started' | 'completed';

export function onboardingStatus(tags: readonly string[]): OnboardingStatus {
  return tagValue(tags, 'onboarding_status')?.toLowerCase() === 'completed' ? 'completed' : 'not_started';
}

export type StepFacts = Record<OnboardingStep, boolean>;

export interface OnboardingState {
  status: OnboardingStatus;
  steps: { step: OnboardingStep; done: boolean }[];
  /** The first step not done yet, or null when all are. */
  next: OnboardingStep | null;
  /** All three steps are done, so the reward is due (granted once). */
  allDone: boolean;
}

export function onboardingState(tags: readonly string[], facts: StepFacts): OnboardingState {
  const steps = ONBOARDING_STEPS.map((step) => ({ step, done: facts[step] }));
  const next = steps.find((entry) => !entry.done)?.step ?? null;
  return { status: onboardingStatus(tags), steps, next, allDone: next === null };
}

/**
 * Whether the onboarding is offered: the `onboarding` flag allows it (the tag `onboarding` or
 * `onboarding:enabled`) and the status is still `not_started`.
 */
export function showOnboarding(flagOn: boolean, tags: readonly string[]): boolean {
  return flagOn && onboardingStatus(tags) === 'not_started';
}

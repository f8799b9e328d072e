import type { OnboardingStep } from '@member/domain';
import type { Address } from '@member/domain/address';

import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';
import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

/** The onboarding as the server sees it: each step's verdict comes from what really happened. */
export interface Onboarding {
  status: 'not_started' | 'completed';
  show: boolean;
  steps: { step: OnboardingStep; done: boolean }[];
  next: OnboardingStep | null;
  allDone: boolean;
  minutes: number;
  rewardCoins: number;
  badges: string[];
}

export interface WelcomeGift {
  product: { id: number; name: string; image: string | null } | null;
  claimedOrderId: number | null;
  claimedGift: string | null;
}

const FIELDS = 'status show steps { step done } next allDone minutes rewardCoins badges';

const ONBOARDING_QUERY = gql<{ member: { onboarding: Onboarding } }>(`
  query Onboarding { member { onboarding { ${FIELDS} } } }
`);

export async function getOnboarding(signal?: AbortSignal): Promise<Onboarding> {
  const { member } = await graphqlRequest(ONBOARDING_QUERY, {}, signal ? { signal } : {});
  return member.onboarding;
}

const GIFT_FIELDS = 'product { id name image } claimedOrderId claimedGift';

const GIFT_QUERY = gql<{ member: { welcomeGift: WelcomeGift } }>(`
  query WelcomeGift { member { welcomeGift { ${GIFT_FIELDS} } } }
`);

export async function getWelcomeGift(signal?: AbortSignal): Promise<WelcomeGift> {
  const { member } = await graphqlRequest(GIFT_QUERY, {}, signal ? { signal } : {});
  return member.welcomeGift;
}

const CLAIM_MUTATION = gql<
  { member: { claimWelcomeGift: { responseResult: ResponseResult; welcomeGift: WelcomeGift | null } } },
  { address: Address }
>(`
  mutation ClaimWelcomeGift($address: ShippingAddressInput!) {
    member { claimWelcomeGift(address: $address) { ${RESPONSE_RESULT_FIELDS} welcomeGift { ${GIFT_FIELDS} } } }
  }
`);

/** Claims the free welcome gift to `address` (a free order, once per member; a replay answers the same). */
export async function claimWelcomeGift(address: Address): Promise<WelcomeGift> {
  const { member } = await graphqlRequest(CLAIM_MUTATION, { address });
  assertSucceeded(member.claimWelcomeGift.responseResult);
  if (!member.claimWelcomeGift.welcomeGift) throw new Error('The server answered without the gift');
  return member.claimWelcomeGift.welcomeGift;
}

export interface OnboardingReward {
  /** False when the reward had been granted before (a replay): nothing more was given. */
  granted: boolean;
  balance: number;
  onboarding: Onboarding;
}

const COMPLETE_MUTATION = gql<{
  member: {
    completeOnboarding: {
      responseResult: ResponseResult;
      granted: boolean | null;
      balance: number | null;
      onboarding: Onboarding | null;
    };
  };
}>(`
  mutation CompleteOnboarding {
    member { completeOnboarding { ${RESPONSE_RESULT_FIELDS} granted balance onboarding { ${FIELDS} } } }
  }
`);

/** The server checks the three steps again and grants the Explorer Badge and the coins once. */
export async function completeOnboarding(): Promise<OnboardingReward> {
  const { member } = await graphqlRequest(COMPLETE_MUTATION, {});
  const { responseResult, granted, balance, onboarding } = member.completeOnboarding;
  assertSucceeded(responseResult);
  if (granted === null || balance === null || !onboarding)
    throw new Error('The server answered without the reward');
  return { granted, balance, onboarding };
}

/** Where a dismissed panel is remembered on this device (it then waits as a small button to resume). */
export function dismissedKey(memberId: number): string {
  return `onboarding:collapsed:${String(memberId)}`;
}

export function readDismissed(memberId: number): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(memberId)) === '1';
  } catch {
    return false;
  }
}

export function writeDismissed(memberId: number, dismissed: boolean): void {
  try {
    if (dismissed) window.localStorage.setItem(dismissedKey(memberId), '1');
    else window.localStorage.removeItem(dismissedKey(memberId));
  } catch {
    // Private modes may refuse storage: the panel then opens again on the next visit, which is fine.
  }
}

// The onboarding's strings (`onboarding.*`) load with it.
const FILES = import.meta.glob<unknown>('../../../locales/onboarding/*.json', { import: 'default' });
const onboardingFile = namespaceFiles('onboarding', FILES);

export function loadOnboardingStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('onboarding', onboardingFile);
}

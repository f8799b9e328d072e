import {
  EXPLORER_BADGE,
  ONBOARDING_COMPLETED_TAG,
  ONBOARDING_MINUTES,
  ONBOARDING_REWARD_COINS,
  type OnboardingState,
  type StepFacts,
  featureFlags,
  mergeTags,
  onboardingState,
  showOnboarding,
} from '@member/domain';

import type { DbTransaction, TransactionRunner } from '../../db/transaction';
import { badInput, forbidden, notFound } from '../../errors';
import type { CreditInput, LedgerResult } from '../wallet/wallet.service';
import type { OnboardingRepository } from './onboarding.repository';

/**
 * The giveaways port: whether the member has entered a giveaway. The sweeps module (another issue)
 * answers it; services.ts wires it (until then to a stub that answers false).
 */
export interface GiveawayEntriesPort {
  hasEntered(memberId: number): Promise<boolean>;
}

/** The welcome gift as offered to the member, and their claim of it (modules/marketplace answers it). */
export interface WelcomeGiftOffer {
  product: { id: number; name: string; image: string | null } | null;
  claimedOrderId: number | null;
  claimedGift: string | null;
}

/**
 * The free welcome gift (decision 033): whether the member has claimed it (a marketplace order carrying
 * a free gift), what is offered, and the claim itself (a free order placed once per member).
 */
export interface WelcomeGiftPort {
  hasClaimed(brandId: number, memberId: number): Promise<boolean>;
  offer(brandId: number, memberId: number, locale: string): Promise<WelcomeGiftOffer>;
  claim(
    brand: { id: number; currency: string },
    member: { id: number; locale: string },
    address: unknown,
  ): Promise<WelcomeGiftOffer>;
}

/** Whether the member has funded an impact (modules/impacts). */
export interface FirstImpactPort {
  hasContributed(brandId: number, memberId: number): Promise<boolean>;
}

/** What the wallet offers this module: a credit in the caller's transaction. */
export interface OnboardingCoinCredit {
  credit(input: CreditInput, tx?: DbTransaction): Promise<LedgerResult>;
}

export interface OnboardingServiceDeps {
  repository: OnboardingRepository;
  wallet: OnboardingCoinCredit;
  transactions: TransactionRunner;
  giveawayEntries: GiveawayEntriesPort;
  welcomeGift: WelcomeGiftPort;
  impacts: FirstImpactPort;
}

export interface OnboardingView extends OnboardingState {
  /** Shown to the member: the `onboarding` flag allows it and the status is still not_started. */
  show: boolean;
  minutes: number;
  rewardCoins: number;
  badges: string[];
}

/**
 * Onboarding (spec sections 4 and 9): three steps, each checked from what really happened (an order
 * with the welcome gift, a giveaway entry, an impact contribution). Completing all three grants the
 * Explorer Badge, 600 coins and the server-owned tag onboarding_status:completed, once.
 */
export function createOnboardingService(deps: OnboardingServiceDeps) {
  const { repository, wallet, transactions } = deps;

  async function facts(brandId: number, memberId: number): Promise<StepFacts> {
    const [welcomeGift, giveawayEntry, firstImpact] = await Promise.all([
      deps.welcomeGift.hasClaimed(brandId, memberId),
      deps.giveawayEntries.hasEntered(memberId),
      deps.impacts.hasContributed(brandId, memberId),
    ]);
    return { welcome_gift: welcomeGift, giveaway_entry: giveawayEntry, first_impact: firstImpact };
  }

  async function view(brandId: number, memberId: number): Promise<OnboardingView> {
    const tags = await repository.tags(brandId, memberId);
    if (!tags) throw notFound('Member not found');
    const [stepFacts, badges] = await Promise.all([facts(brandId, memberId), repository.badges(memberId)]);
    return {
      ...onboardingState(tags, stepFacts),
      show: showOnboarding(featureFlags(tags).onboarding, tags),
      minutes: ONBOARDING_MINUTES,
      rewardCoins: ONBOARDING_REWARD_COINS,
      badges,
    };
  }

  /** The gift is for members the onboarding is shown to (the flag on, not completed yet). */
  async function requireOnboarding(brandId: number, memberId: number): Promise<void> {
    const tags = await repository.tags(brandId, memberId);
    if (!tags) throw notFound('Member not found');
    if (!showOnboarding(featureFlags(tags).onboarding, tags)) {
      throw forbidden(
        'The welcome gift is part of the onboarding, which is not offered to you.',
        'onboarding_unavailable',
      );
    }
  }

  return {
    view,

    /** Step 1's gift: what is offered and whether it is claimed; offered while the onboarding is shown. */
    welcomeGift: async (brandId: number, memberId: number, locale: string) => {
      await requireOnboarding(brandId, memberId);
      return deps.welcomeGift.offer(brandId, memberId, locale);
    },

    /** Claims the free welcome gift (step 1) to the address given; once per member (decision 033). */
    claimWelcomeGift: async (
      brand: { id: number; currency: string },
      member: { id: number; locale: string },
      address: unknown,
    ) => {
      await requireOnboarding(brand.id, member.id);
      return deps.welcomeGift.claim(brand, member, address);
    },

    /**
     * Grants the reward once all three steps have really happened: the badge, the coins (key
     * `onboarding:<member>`, source onboarding) and the completed tag commit together. Calling it again
     * grants nothing more; calling it before the steps are done is refused (onboarding_incomplete).
     */
    complete: async (brandId: number, memberId: number) => {
      const before = await view(brandId, memberId);
      if (!before.allDone) {
        throw badInput('Finish the three onboarding steps first.', 'onboarding_incomplete');
      }
      const { balance, granted } = await transactions(async (tx) => {
        const badgeGranted = await repository.grantBadge(brandId, memberId, EXPLORER_BADGE, tx);
        const credited = await wallet.credit(
          {
            brandId,
            memberId,
            amount: ONBOARDING_REWARD_COINS,
            description: 'Onboarding reward: Explorer Badge',
            idempotencyKey: `onboarding:${String(memberId)}`,
            source: 'onboarding',
            reference: { kind: 'onboarding', id: String(memberId) },
          },
          tx,
        );
        const tags = (await repository.tags(brandId, memberId, tx)) ?? [];
        await repository.setTags(brandId, memberId, mergeTags(tags, [ONBOARDING_COMPLETED_TAG]), tx);
        return { balance: credited.balance, granted: credited.applied || badgeGranted };
      });
      return { granted, balance, onboarding: await view(brandId, memberId) };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;

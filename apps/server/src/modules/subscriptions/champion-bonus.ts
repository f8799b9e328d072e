import { championBonusCoins } from '@member/domain';

import type { Subscription } from './subscriptions.repository';

/** What the wallet offers this module: idempotent credits (modules/wallet). */
export interface WalletCredits {
  credit(input: {
    brandId: number;
    memberId: number;
    amount: number;
    description: string;
    idempotencyKey: string;
    source: 'subscription_bonus';
    reference: { kind: 'subscription'; id: string };
  }): Promise<{ applied: boolean; balance: number }>;
}

/**
 * Champion bonus coins for one billing period (the first, a restart's, each renewal); the key makes a
 * repeated credit a no-op. Without a wallet (tests of the lifecycle alone) nothing is credited.
 */
export function createChampionBonus(wallet: WalletCredits | null) {
  return async function creditChampionBonus(subscription: Subscription, periodStart: string): Promise<void> {
    const coins = subscription.planId === null ? 0 : championBonusCoins(subscription.planId);
    if (!wallet || coins === 0) return;
    await wallet.credit({
      brandId: subscription.brandId,
      memberId: subscription.memberId,
      amount: coins,
      description: `${subscription.planName} bonus coins`,
      idempotencyKey: `champion:${subscription.refId}:${periodStart}`,
      source: 'subscription_bonus',
      reference: { kind: 'subscription', id: subscription.refId },
    });
  };
}

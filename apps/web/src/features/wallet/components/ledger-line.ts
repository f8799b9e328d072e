import type { Locale } from '@member/domain';

import { formatNumber } from '../../../lib/format';
import type { Translator } from '../../../lib/i18n';
import type { WalletTransaction } from '../api/wallet';

const LEDGER_SOURCES = {
  payment: 'wallet.wallet.sources.payment',
  subscription_bonus: 'wallet.wallet.sources.subscription_bonus',
  onboarding: 'wallet.wallet.sources.onboarding',
  refund: 'wallet.wallet.sources.refund',
  giveaway: 'wallet.wallet.sources.giveaway',
  support_grant: 'wallet.wallet.sources.support_grant',
} as const;

/**
 * A wallet line in the member's language: credits from a known source are worded here; anything else
 * (spends, sources added later) keeps the server's description.
 */
export function ledgerLine(transaction: WalletTransaction, t: Translator['t'], locale: Locale): string {
  const key = Object.hasOwn(LEDGER_SOURCES, transaction.source)
    ? LEDGER_SOURCES[transaction.source as keyof typeof LEDGER_SOURCES]
    : null;
  if (key === null || transaction.amount <= 0) return transaction.description;
  return t(key, { count: formatNumber(transaction.amount, locale) });
}

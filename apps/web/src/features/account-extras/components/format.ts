import { LOCALE_BCP47, type Locale } from '@member/domain';

import type { Translator } from '../../../lib/i18n';
import type { WalletTransaction } from '../api/wallet';

/** A date in the member's language and time zone; an unknown zone falls back to the browser's. */
export function formatDate(iso: string, locale: Locale, timeZone: string | null | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(LOCALE_BCP47[locale], {
      dateStyle: 'medium',
      ...(timeZone ? { timeZone } : {}),
    }).format(date);
  } catch {
    return new Intl.DateTimeFormat(LOCALE_BCP47[locale], { dateStyle: 'medium' }).format(date);
  }
}

/** Integer minor units of a currency, e.g. 199 USD -> "$1.99". */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  try {
    const format = new Intl.NumberFormat(LOCALE_BCP47[locale], { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** A signed coin amount, e.g. +100 or −10. */
export function formatCoins(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_BCP47[locale], { signDisplay: 'exceptZero' }).format(amount);
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_BCP47[locale]).format(value);
}

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

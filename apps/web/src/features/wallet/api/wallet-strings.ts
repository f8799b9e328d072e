import type { Locale } from '@member/domain';

import type { I18nStore } from '../../../lib/i18n';

// The wallet section's strings (`wallet.*`) load with the account screen, not with the first page.
const FILES = import.meta.glob<unknown>('../../../locales/wallet/*.json', { import: 'default' });

function walletFile(locale: Locale): Promise<unknown> {
  const load = FILES[`../../../locales/wallet/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No wallet strings for ${locale}`));
  return load();
}

export function loadWalletStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('wallet', walletFile);
}

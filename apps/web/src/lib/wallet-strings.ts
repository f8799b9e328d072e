import type { Locale } from '@member/domain';

import type { I18nStore } from './i18n';

// The account area's section strings (`wallet.*`: wallet, orders, addresses, picture, security and
// deletion) load with the account screens. They are shown by three features (wallet, orders, account),
// so their loader lives here.
const FILES = import.meta.glob<unknown>('../locales/wallet/*.json', { import: 'default' });

function walletFile(locale: Locale): Promise<unknown> {
  const load = FILES[`../locales/wallet/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No wallet strings for ${locale}`));
  return load();
}

export function loadWalletStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('wallet', walletFile);
}

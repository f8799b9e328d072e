import type { Locale } from '@member/domain';

import type { I18nStore } from '../../../lib/i18n';

// The orders section's strings (`orders.*`) load with the account screen, not with the first page.
const FILES = import.meta.glob<unknown>('../../../locales/orders/*.json', { import: 'default' });

function ordersFile(locale: Locale): Promise<unknown> {
  const load = FILES[`../../../locales/orders/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No orders strings for ${locale}`));
  return load();
}

export function loadOrdersStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('orders', ordersFile);
}

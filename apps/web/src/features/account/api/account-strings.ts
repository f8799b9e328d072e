import type { Locale } from '@member/domain';

import type { I18nStore } from '../../../lib/i18n';

// The account area's strings (`account.*`) load with its screens, not with the first page.
const FILES = import.meta.glob<unknown>('../../../locales/account/*.json', { import: 'default' });

function accountFile(locale: Locale): Promise<unknown> {
  const load = FILES[`../../../locales/account/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No account strings for ${locale}`));
  return load();
}

export function loadAccountStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('account', accountFile);
}

import type { Locale } from '@member/domain';

import type { I18nStore } from '../../../lib/i18n';

// Sign-up, payment and billing strings (`billing.*`) load with the screens that show them.
const FILES = import.meta.glob<unknown>('../../../locales/billing/*.json', { import: 'default' });

function billingFile(locale: Locale): Promise<unknown> {
  const load = FILES[`../../../locales/billing/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No billing strings for ${locale}`));
  return load();
}

export function loadBillingStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('billing', billingFile);
}

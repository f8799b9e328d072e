import type { Locale } from '@member/domain';

import type { I18nStore } from '../../../lib/i18n';

// The recovery screens' strings (`recovery.*`) load with those screens, never with /login.
const FILES = import.meta.glob<unknown>('../../../locales/recovery/*.json', { import: 'default' });

function recoveryFile(locale: Locale): Promise<unknown> {
  const load = FILES[`../../../locales/recovery/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No recovery strings for ${locale}`));
  return load();
}

export function loadRecoveryStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('recovery', recoveryFile);
}

/** The loader of the three recovery screens: their strings only. */
export function createRecoveryLoader(i18n: Pick<I18nStore, 'loadNamespace'>) {
  return async (): Promise<null> => {
    await loadRecoveryStrings(i18n);
    return null;
  };
}

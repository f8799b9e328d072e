import type { Locale } from '@member/domain';

import type { I18nStore } from '../../../lib/i18n';

// The home shelves' strings (`shelves.*`) load with the shelves, not with the first page's code.
const FILES = import.meta.glob<unknown>('../../../locales/shelves/*.json', { import: 'default' });

function shelvesFile(locale: Locale): Promise<unknown> {
  const load = FILES[`../../../locales/shelves/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No shelves strings for ${locale}`));
  return load();
}

export function loadShelvesStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('shelves', shelvesFile);
}

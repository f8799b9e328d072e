import { type I18nStore, namespaceFiles } from '../../../lib/i18n';
import { loadBrowseStrings } from '../../../lib/media/media-strings';

// The search screen's strings (`searching.*`) load with it, not with the first page.
const FILES = import.meta.glob<unknown>('../../../locales/searching/*.json', { import: 'default' });

const searchingFile = namespaceFiles('searching', FILES);

const loading = new WeakMap<object, Promise<void>>();

/**
 * The screen's strings and the cards' (`browse.*`), loaded once per i18n store: one promise per store,
 * so that React's `use` can wait for it. A failed load is forgotten, so the next visit tries again.
 */
export function searchStringsLoaded(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  let pending = loading.get(i18n);
  if (!pending) {
    pending = Promise.all([i18n.loadNamespace('searching', searchingFile), loadBrowseStrings(i18n)]).then(
      () => undefined,
    );
    pending.catch(() => loading.delete(i18n));
    loading.set(i18n, pending);
  }
  return pending;
}

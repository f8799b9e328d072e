import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The shippable products screens' strings (`shop.*` beyond the shell's titles) load with those screens.
const FILES = import.meta.glob<unknown>('../../../locales/shop/*.json', { import: 'default' });

const shopFile = namespaceFiles('shop', FILES);

/** One load per i18n store (the app has one; each rendered test its own). */
const pending = new WeakMap<Pick<I18nStore, 'loadNamespace'>, Promise<void>>();

/** Loads the namespace once; the same promise every time, so a screen can `use()` it under Suspense. */
export function shopStringsLoaded(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  let loading = pending.get(i18n);
  if (!loading) {
    loading = i18n.loadNamespace('shop', shopFile).catch((error: unknown) => {
      pending.delete(i18n);
      throw error;
    });
    pending.set(i18n, loading);
  }
  return loading;
}

import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The shippable products screens' strings (`shop.*` beyond the shell's titles) load with those screens.
const FILES = import.meta.glob<unknown>('../../../locales/shop/*.json', { import: 'default' });

const shopFile = namespaceFiles('shop', FILES);

let pending: Promise<void> | null = null;

/** Loads the namespace once; the same promise every time, so a screen can `use()` it under Suspense. */
export function shopStringsLoaded(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  pending ??= i18n.loadNamespace('shop', shopFile).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The marketplace screens' strings (`marketplace.*`, their titles and the checkout's steps too) load with
// those screens.
const FILES = import.meta.glob<unknown>('../../../locales/marketplace/*.json', { import: 'default' });

const marketplaceFile = namespaceFiles('marketplace', FILES);

let pending: Promise<void> | null = null;

/** Loads the namespace once; the same promise every time, so a screen can `use()` it under Suspense. */
export function marketplaceStringsLoaded(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  pending ??= i18n.loadNamespace('marketplace', marketplaceFile).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

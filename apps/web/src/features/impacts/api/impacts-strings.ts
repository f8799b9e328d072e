import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The impact screens' strings (`impacts.*`, their titles too) load with those screens.
const FILES = import.meta.glob<unknown>('../../../locales/impacts/*.json', { import: 'default' });

const impactsFile = namespaceFiles('impacts', FILES);

let pending: Promise<void> | null = null;

/** Loads the namespace once; the same promise every time, so a screen can `use()` it under Suspense. */
export function impactsStringsLoaded(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  pending ??= i18n.loadNamespace('impacts', impactsFile).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The recovery screens' strings (`recovery.*`) load with those screens, never with /login.
const FILES = import.meta.glob<unknown>('../../../locales/recovery/*.json', { import: 'default' });

const recoveryFile = namespaceFiles('recovery', FILES);

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

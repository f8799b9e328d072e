import type { LoaderFunctionArgs } from 'react-router';
import { type I18nStore, namespaceFiles } from '../../../lib/i18n';
import { checkResetKey } from './recovery';

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

/** What the reset page knows of its link before it shows the form. */
export interface ResetLoaderData {
  key: 'valid' | 'invalid' | 'unknown';
}

/**
 * The reset page's loader: its strings and, at the same time, whether the link's key still works, so a
 * used or invalid link is refused before the form is shown (issue 14 item 9).
 */
export function createResetLoader(i18n: Pick<I18nStore, 'loadNamespace'>) {
  return async ({ params }: LoaderFunctionArgs): Promise<ResetLoaderData> => {
    const [, key] = await Promise.all([loadRecoveryStrings(i18n), checkResetKey(params.key ?? '')]);
    return { key };
  };
}

import type { Locale } from '@member/domain';
import { useEffect } from 'react';
import { type I18nStore, type Translator, useI18nStore } from '../i18n';
import { logger } from '../logger';

// The browse namespace (`browse.*`) holds the media cards' strings as well as the browse screens', so
// every screen that shows cards (home, search, library) loads it with them, never the first page.
const FILES = import.meta.glob<unknown>('../../locales/browse/*.json', { import: 'default' });

function browseFile(locale: Locale): Promise<unknown> {
  const load = FILES[`../../locales/browse/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No browse strings for ${locale}`));
  return load();
}

/** Loads the `browse` strings; route loaders of screens with media cards await it. */
export function loadBrowseStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('browse', browseFile);
}

/** Makes sure the `browse` strings load even where a screen's loader did not ask for them. */
export function useBrowseStrings(): void {
  const store = useI18nStore();
  useEffect(() => {
    loadBrowseStrings(store).catch((error: unknown) => {
      logger.warn('The browse strings could not be loaded', error);
    });
  }, [store]);
}

/** A running time in words: "1 h 32 min", "45 min", or "0:42" under a minute's precision. */
export function formatDuration(seconds: number, t: Translator['t']): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (hours > 0) return t('browse.duration.hoursMinutes', { hours, minutes });
  if (minutes >= 10) return t('browse.duration.minutes', { minutes });
  const rest = String(total % 60).padStart(2, '0');
  return t('browse.duration.clock', { minutes, seconds: rest });
}

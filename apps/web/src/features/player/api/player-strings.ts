import type { Locale } from '@member/domain';
import { type I18nStore, namespaceFiles } from '../../../lib/i18n';

// The player's strings (`player.*`) load with the player, when something plays; never with the first page.
const FILES = import.meta.glob<unknown>('../../../locales/player/*.json', { import: 'default' });

const playerFile = namespaceFiles('player', FILES);

export function loadPlayerStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('player', playerFile);
}

/** Starts downloading the player's strings (the overlay's `loadPlayerStrings` then finds them ready). */
export function prefetchPlayerStrings(locale: Locale): void {
  playerFile(locale).catch(() => {
    // loadPlayerStrings reports the failure when the overlay asks for them.
  });
}

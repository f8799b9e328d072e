import type { IconId } from '../components/ui/icons';
import type { TranslationKey } from '../lib/i18n';
import { COLLECTION_PATH, HISTORY_PATH, PLAYLISTS_PATH } from './paths';

/**
 * The member's library in the menus (the main menu and the member menu): the spec's collection,
 * playlists and history screens. They are not items of the server's menu, which is per brand and layout
 * (spec section 3): every member has a library, whatever the layout.
 */
export const LIBRARY_LINKS: readonly { href: string; icon: IconId; title: TranslationKey }[] = [
  { href: `/${COLLECTION_PATH}`, icon: 'bookmark', title: 'library.collectionTitle' },
  { href: `/${PLAYLISTS_PATH}`, icon: 'playlist', title: 'library.playlistsTitle' },
  { href: `/${HISTORY_PATH}`, icon: 'history', title: 'library.historyTitle' },
];

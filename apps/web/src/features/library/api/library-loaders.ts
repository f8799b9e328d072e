import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginHref } from '../../../config/paths';
import { isUnauthenticated } from '../../../lib/refusal';
import type { I18nStore } from '../../../lib/i18n';
import {
  type LibraryEntry,
  type Playlist,
  getCollection,
  getHistory,
  getPlaylists,
  loadLibraryStrings,
} from '../../../lib/media/library-api';
import { loadBrowseStrings } from '../../../lib/media/media-strings';
import type { SessionStore } from '../../../lib/session';

export interface EntriesData {
  entries: LibraryEntry[];
}

export interface PlaylistsData {
  playlists: Playlist[];
}

type Deps = [Pick<SessionStore, 'activeMember' | 'setMember'>, Pick<I18nStore, 'loadNamespace'>];

/**
 * A library screen's loader: its strings and its list. Without a signed-in member it loads nothing (the
 * main layout's loader, which runs alongside, sends the visitor to sign in). A revoked session signs out
 * and comes back after signing in; any other failure is thrown, so the route's error page shows
 * (spec section 8: failing to load playlists, collection or history).
 */
function createLibraryLoader<T>(load: (signal: AbortSignal) => Promise<T>, ...[session, i18n]: Deps) {
  return async ({ request }: LoaderFunctionArgs): Promise<T | Response | null> => {
    await Promise.all([loadLibraryStrings(i18n), loadBrowseStrings(i18n)]);
    if (!session.activeMember()) return null;
    try {
      return await load(request.signal);
    } catch (error) {
      if (isUnauthenticated(error)) {
        session.setMember(null);
        const { pathname, search } = new URL(request.url);
        return redirect(loginHref(`${pathname}${search}`));
      }
      throw error;
    }
  };
}

export const createCollectionLoader = (...deps: Deps) =>
  createLibraryLoader<EntriesData>(async (signal) => ({ entries: await getCollection({ signal }) }), ...deps);

export const createHistoryLoader = (...deps: Deps) =>
  createLibraryLoader<EntriesData>(async (signal) => ({ entries: await getHistory({ signal }) }), ...deps);

export const createPlaylistsLoader = (...deps: Deps) =>
  createLibraryLoader<PlaylistsData>(
    async (signal) => ({ playlists: await getPlaylists({ signal }) }),
    ...deps,
  );

import { useCallback } from 'react';
import type { MediaCardData } from '../../../lib/media/media-card-fields';
import { type MediaListQuery, type MediaPage, getMediaPage } from '../api/browse-queries';
import { type KeysetPages, useKeysetPages } from './use-keyset-pages';

export type MediaPages = KeysetPages<MediaCardData>;

/** The titles of a keyset-paginated list (`content.list`): the loader's first page, then more per `loadMore`. */
export function useMediaPages(query: MediaListQuery, first: MediaPage): MediaPages {
  const { mediaType, order, genreId } = query;
  const fetchPage = useCallback(
    (cursor: string, signal: AbortSignal) =>
      getMediaPage({ mediaType, order, genreId: genreId ?? null }, cursor, signal),
    [mediaType, order, genreId],
  );
  // Named, so Back to a long list shows the pages it had loaded and returns to its place (lib/scroll.tsx).
  return useKeysetPages(first, fetchPage, `list:${mediaType}:${order}:${String(genreId ?? '')}`);
}

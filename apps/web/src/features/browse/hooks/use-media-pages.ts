import { useCallback, useEffect, useRef, useState } from 'react';
import { logger } from '../../../lib/logger';
import type { MediaCardData } from '../../../lib/media/media-card-fields';
import { type MediaListQuery, type MediaPage, getMediaPage } from '../api/browse-queries';

interface PagesState {
  /** The loader's first page these pages continue; new loader data starts over. */
  first: MediaPage;
  items: MediaCardData[];
  cursor: string | null;
  isLoading: boolean;
  failed: boolean;
}

const startFrom = (first: MediaPage): PagesState => ({
  first,
  items: first.items,
  cursor: first.nextCursor,
  isLoading: false,
  failed: false,
});

export interface MediaPages {
  items: MediaCardData[];
  hasMore: boolean;
  isLoading: boolean;
  failed: boolean;
  loadMore: () => void;
}

/**
 * The titles of a keyset-paginated list: the loader's first page, then one more page per `loadMore`
 * (`content.list` with the last `nextCursor`). A call while a page is on its way does nothing, so the
 * scroll observer and the button cannot load a page twice.
 */
export function useMediaPages(query: MediaListQuery, first: MediaPage): MediaPages {
  const [state, setState] = useState(() => startFrom(first));
  if (state.first !== first) setState(startFrom(first));
  const pending = useRef<AbortController | null>(null);
  const { mediaType, order, genreId } = query;

  useEffect(
    () => () => {
      pending.current?.abort();
      pending.current = null;
    },
    [first],
  );

  const loadMore = useCallback(() => {
    const cursor = state.first === first ? state.cursor : first.nextCursor;
    if (pending.current || cursor === null) return;
    const controller = new AbortController();
    pending.current = controller;
    setState((current) => ({ ...current, isLoading: true, failed: false }));
    getMediaPage({ mediaType, order, genreId: genreId ?? null }, cursor, controller.signal)
      .then((page) => {
        setState((current) =>
          current.first === first
            ? {
                ...current,
                items: [...current.items, ...page.items],
                cursor: page.nextCursor,
                isLoading: false,
              }
            : current,
        );
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        logger.warn('The next page of titles could not be loaded', error);
        setState((current) => ({ ...current, isLoading: false, failed: true }));
      })
      .finally(() => {
        if (pending.current === controller) pending.current = null;
      });
  }, [state.first, state.cursor, first, mediaType, order, genreId]);

  return {
    items: state.items,
    hasMore: state.cursor !== null,
    isLoading: state.isLoading,
    failed: state.failed,
    loadMore,
  };
}

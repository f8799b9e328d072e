import { useCallback, useEffect, useRef, useState } from 'react';
import { logger } from '../../../lib/logger';

/** One keyset page: its items and the cursor of the next page (null on the last page). */
export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

interface PagesState<T> {
  /** The loader's first page these pages continue; new loader data starts over. */
  first: KeysetPage<T>;
  items: T[];
  cursor: string | null;
  isLoading: boolean;
  failed: boolean;
}

const startFrom = <T>(first: KeysetPage<T>): PagesState<T> => ({
  first,
  items: first.items,
  cursor: first.nextCursor,
  isLoading: false,
  failed: false,
});

export interface KeysetPages<T> {
  items: T[];
  hasMore: boolean;
  isLoading: boolean;
  failed: boolean;
  loadMore: () => void;
}

/**
 * The items of a keyset-paginated list: the loader's first page, then one more page per `loadMore`
 * (`fetchPage` with the last `nextCursor`). A call while a page is on its way does nothing, so a
 * scroll observer and a button cannot load a page twice. `fetchPage` is read when a page is asked
 * for, so a new function each render does not reload anything.
 */
export function useKeysetPages<T>(
  first: KeysetPage<T>,
  fetchPage: (cursor: string, signal: AbortSignal) => Promise<KeysetPage<T>>,
): KeysetPages<T> {
  const [state, setState] = useState(() => startFrom(first));
  if (state.first !== first) setState(startFrom(first));
  const pending = useRef<AbortController | null>(null);
  const fetchLatest = useRef(fetchPage);
  useEffect(() => {
    fetchLatest.current = fetchPage;
  }, [fetchPage]);

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
    fetchLatest
      .current(cursor, controller.signal)
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
        logger.warn('The next page could not be loaded', error);
        setState((current) => ({ ...current, isLoading: false, failed: true }));
      })
      .finally(() => {
        if (pending.current === controller) pending.current = null;
      });
  }, [state.first, state.cursor, first]);

  return {
    items: state.items,
    hasMore: state.cursor !== null,
    isLoading: state.isLoading,
    failed: state.failed,
    loadMore,
  };
}

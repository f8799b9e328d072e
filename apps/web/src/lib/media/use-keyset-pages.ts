import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { logger } from '../logger';

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

/**
 * The pages a list had loaded, per history entry (React Router's location key) and list: Back to a long
 * list shows them all again at once, so the page is tall enough to return to its place (lib/scroll.tsx)
 * instead of starting over with the first page (issue 14, item 9). Kept in memory, the oldest dropped.
 */
const remembered = new Map<string, { items: unknown[]; cursor: string | null }>();
const MAX_REMEMBERED = 20;

function remember(key: string, items: unknown[], cursor: string | null): void {
  remembered.delete(key);
  remembered.set(key, { items, cursor });
  if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value ?? '');
}

function startFrom<T>(first: KeysetPage<T>, memoryKey: string | null): PagesState<T> {
  const saved = memoryKey === null ? undefined : remembered.get(memoryKey);
  return {
    first,
    // The loader's first page is new data: the saved pages stand in for it only while they begin alike.
    items: saved && saved.items.length > first.items.length ? (saved.items as T[]) : first.items,
    cursor: saved && saved.items.length > first.items.length ? saved.cursor : first.nextCursor,
    isLoading: false,
    failed: false,
  };
}

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
  /** Names the list on its page, so Back shows the pages it had loaded (none: always the first page). */
  listId?: string,
): KeysetPages<T> {
  const { key } = useLocation();
  const memoryKey = listId === undefined ? null : `${key}:${listId}`;
  const [state, setState] = useState(() => startFrom(first, memoryKey));
  if (state.first !== first) setState(startFrom(first, memoryKey));
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
        setState((current) => {
          if (current.first !== first) return current;
          const items = [...current.items, ...page.items];
          if (memoryKey !== null) remember(memoryKey, items, page.nextCursor);
          return { ...current, items, cursor: page.nextCursor, isLoading: false };
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        logger.warn('The next page could not be loaded', error);
        setState((current) => ({ ...current, isLoading: false, failed: true }));
      })
      .finally(() => {
        if (pending.current === controller) pending.current = null;
      });
  }, [state.first, state.cursor, first, memoryKey]);

  return {
    items: state.items,
    hasMore: state.cursor !== null,
    isLoading: state.isLoading,
    failed: state.failed,
    loadMore,
  };
}

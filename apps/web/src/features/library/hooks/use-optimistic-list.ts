import { useCallback, useEffect, useRef, useState } from 'react';

export interface OptimisticChange<T> {
  /** The list as it looks once the change is made; applied at once. */
  apply: (items: readonly T[]) => T[];
  /** Undoes just this change on whatever the list has become meanwhile (other changes stay). */
  revert: (items: readonly T[]) => T[];
  /** The server call; a rejection reverts the change. */
  run: () => Promise<void>;
}

/**
 * A list changed optimistically (spec section 8: library changes apply to the local list first): each
 * change shows at once and is undone if the server refuses it, with the error kept for the screen to
 * announce. Changes in flight are independent: one failing undoes only itself.
 */
export function useOptimisticList<T>(initial: readonly T[]) {
  const [items, setItems] = useState<readonly T[]>(initial);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const change = useCallback(async ({ apply, revert, run }: OptimisticChange<T>): Promise<boolean> => {
    setError(null);
    setItems((current) => apply(current));
    setPending((count) => count + 1);
    try {
      await run();
      return true;
    } catch (failure) {
      if (mounted.current) {
        setItems((current) => revert(current));
        setError(failure);
      }
      return false;
    } finally {
      if (mounted.current) setPending((count) => count - 1);
    }
  }, []);

  return { items, setItems, error, setError, pending: pending > 0, change };
}

/** Removes the items matching `match`, remembering where they were so `restore` can put them back. */
export function removal<T>(match: (item: T) => boolean) {
  let removed: { item: T; index: number }[] = [];
  return {
    apply: (items: readonly T[]) => {
      removed = items.flatMap((item, index) => (match(item) ? [{ item, index }] : []));
      return items.filter((item) => !match(item));
    },
    revert: (items: readonly T[]) => {
      const next = [...items];
      for (const { item, index } of removed) {
        if (!next.some((existing) => existing === item)) next.splice(Math.min(index, next.length), 0, item);
      }
      return next;
    },
  };
}

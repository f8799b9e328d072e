import { useEffect, useState } from 'react';
import { logger } from '../../../lib/logger';
import { type SearchGroup, isSearchable, searchMedia } from '../api/search-media';

export type SearchResults =
  /** No query, or one too short to send. */
  | { status: 'idle'; query: string }
  /** On its way; the previous answer stays on screen meanwhile. */
  | { status: 'loading'; query: string; previous: SettledResults | null }
  | SettledResults;

type SettledResults =
  { status: 'done'; query: string; groups: SearchGroup[] } | { status: 'failed'; query: string };

/**
 * The results for a query: one request per query, and a query that changes aborts the request of the
 * one before, so a stale answer never replaces a newer one.
 */
export function useSearchResults(query: string, search = searchMedia): SearchResults {
  const [settled, setSettled] = useState<SettledResults | null>(null);
  const isWanted = isSearchable(query);

  useEffect(() => {
    if (!isWanted) return;
    const controller = new AbortController();
    search(query, { signal: controller.signal }).then(
      (groups) => {
        setSettled({ status: 'done', query, groups });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        logger.warn('Search failed', error);
        setSettled({ status: 'failed', query });
      },
    );
    return () => {
      controller.abort();
    };
  }, [query, isWanted, search]);

  if (!isWanted) return { status: 'idle', query };
  if (settled?.query !== query) return { status: 'loading', query, previous: settled };
  return settled;
}

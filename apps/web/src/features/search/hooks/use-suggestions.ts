import { useEffect, useState } from 'react';
import { logger } from '../../../lib/logger';
import { type Suggestion, isSearchable, suggestMedia } from '../api/search-media';

/** Suggestions wait this long after the last keystroke, so typing a word sends one request. */
export const SUGGEST_DEBOUNCE_MS = 150;

/**
 * The titles to offer for what is typed: asked after a pause in typing, and a newer text aborts the
 * request of the one before, so a slow answer for "mo" never replaces the one for "moon". Only the
 * answer for the current text is returned; while it is on its way, none.
 */
export function useSuggestions(query: string, suggest = suggestMedia): Suggestion[] {
  const [answer, setAnswer] = useState<{ query: string; items: Suggestion[] } | null>(null);
  const isWanted = isSearchable(query);

  useEffect(() => {
    if (!isWanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggest(query, { signal: controller.signal }).then(
        (items) => {
          setAnswer({ query, items });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // Suggestions are a help, not the search: a failure leaves the list closed.
          logger.warn('Suggestions failed', error);
          setAnswer({ query, items: [] });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, isWanted, suggest]);

  return isWanted && answer?.query === query ? answer.items : [];
}

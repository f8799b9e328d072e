import { useEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Spec section 2: after a navigation the view scrolls smoothly to the top after 100 ms. */
export const SCROLL_TO_TOP_DELAY_MS = 100;

/**
 * Spec section 2's scroll to the top after a navigation to a new path; Back and Forward are left to
 * lib/scroll-places.tsx, which returns to where that page was left (issue 14, item 9).
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === NavigationType.Pop) return undefined;
    const timer = setTimeout(() => {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }, SCROLL_TO_TOP_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [pathname, type]);
}

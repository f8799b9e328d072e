import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec section 2: after a navigation the view scrolls smoothly to the top after 100 ms. */
export const SCROLL_TO_TOP_DELAY_MS = 100;

export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }, SCROLL_TO_TOP_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [pathname]);
}

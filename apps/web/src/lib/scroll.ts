import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Spec section 2: after a navigation the view scrolls smoothly to the top after 100 ms. */
export const SCROLL_TO_TOP_DELAY_MS = 100;
/** How long Back waits for a page to be tall enough to return to its place (content still arriving). */
const RESTORE_FRAMES = 60;
/** Places remembered, one per history entry; the oldest are forgotten. */
const MAX_PLACES = 50;

/** Where each history entry (React Router's location key) was scrolled to when it was left. */
const places = new Map<string, number>();
let lastY = 0;

/**
 * After a navigation, the view goes to the top (smoothly, after 100 ms: spec section 2); after Back or
 * Forward, it returns to where that page was left (issue 14, item 9), once the page is tall enough
 * (lists show the pages they had loaded: lib/media/use-keyset-pages.ts). The browser's own restoration
 * is off: it would jump before the page's data is in.
 */
export function useScrollToTopOnNavigation(): void {
  const { key, pathname } = useLocation();
  const type = useNavigationType();
  const entry = useRef({ key, type });
  useLayoutEffect(() => {
    entry.current = { key, type };
  }, [key, type]);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      lastY = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  // Remember the place of the entry being left, before the next page's layout moves it.
  useLayoutEffect(
    () => () => {
      places.delete(key);
      places.set(key, lastY);
      if (places.size > MAX_PLACES) places.delete(places.keys().next().value ?? '');
    },
    [key],
  );

  useLayoutEffect(() => {
    const saved = type === NavigationType.Pop ? places.get(key) : undefined;
    if (saved === undefined) return undefined;
    let frame = 0;
    let attempts = 0;
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved;
      if (reachable || attempts >= RESTORE_FRAMES) {
        window.scrollTo(0, saved);
        lastY = window.scrollY;
        return;
      }
      attempts += 1;
      frame = requestAnimationFrame(restore);
    };
    restore();
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [key, type]);

  // A new path, not a new query, goes to the top, as before; Back to a remembered place does not.
  useEffect(() => {
    if (entry.current.type === NavigationType.Pop && places.has(entry.current.key)) return undefined;
    const timer = setTimeout(() => {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }, SCROLL_TO_TOP_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [pathname]);
}

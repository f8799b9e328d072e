import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** How long Back waits for a page to be tall enough to return to its place (content still arriving). */
const RESTORE_FRAMES = 60;
/** Places remembered, one per history entry; the oldest are forgotten. */
const MAX_PLACES = 50;

/** Where each history entry (React Router's location key) was scrolled to when it was left. */
const places = new Map<string, number>();
let lastY = 0;

/**
 * Back and Forward return to where the page was left (issue 14, item 9), once it is tall enough (long
 * lists show again the pages they had loaded: lib/media/use-keyset-pages.ts). Loaded after the first
 * screen (app/main-layout.tsx), so the entry carries none of it; until then the browser's own restoration
 * stands in. lib/scroll.ts leaves Back and Forward to this.
 */
export function ScrollPlaces(): null {
  const { key } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    // The browser's own restoration would jump before the page's data is in.
    window.history.scrollRestoration = 'manual';
    lastY = window.scrollY;
    const onScroll = () => {
      lastY = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.history.scrollRestoration = 'auto';
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

  return null;
}

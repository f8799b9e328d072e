import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Spec section 2: after a navigation the view scrolls smoothly to the top after 100 ms. */
export const SCROLL_TO_TOP_DELAY_MS = 100;
/**
 * How long Back waits for a page to be tall enough to return to its place (content still arriving: a
 * long list loads its pages again). Sixty frames (one second) fell short on a busy phone-class machine,
 * and so did five seconds on CI's loaded machine (the view stopped 50 to 215 px above its place). The
 * wait ends at once when the member scrolls, taps or types: the view is theirs then.
 */
const RESTORE_WAIT_MS = 15_000;
/**
 * Once there, how long the view keeps its place while the page settles: a page that redraws above the
 * place (late code or data on a loaded machine) moved the view 450 px up after it had been put back on
 * CI. Any input from the member ends it, as above.
 */
const HOLD_MS = 3_000;
const MEMBER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** Places remembered, one per history entry; the oldest are forgotten. */
const MAX_PLACES = 50;

/** Where each history entry (React Router's location key) was scrolled to when it was left. */
const places = new Map<string, number>();
let lastY = 0;

/**
 * Where the view goes after a navigation: to the top of a new path (smoothly, after 100 ms: spec section
 * 2), and on Back or Forward to where that page was left (issue 14, item 9), once it is tall enough (long
 * lists show again the pages they had loaded: lib/media/use-keyset-pages.ts). It loads just after the
 * first screen (app/root-layout.tsx), which keeps it out of the entry chunk; it acts from the first
 * navigation after it arrives, never on the page it arrives on.
 */
export default function ScrollPlaces(): null {
  const { key, pathname } = useLocation();
  const type = useNavigationType();
  const firstPath = useRef(pathname);
  const lastType = useRef(type);
  useLayoutEffect(() => {
    lastType.current = type;
  });

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

  // Back or Forward: return to the remembered place, waiting for the page to grow to it (see above).
  useLayoutEffect(() => {
    const saved = type === NavigationType.Pop ? places.get(key) : undefined;
    if (saved === undefined) return undefined;
    let frame = 0;
    const started = performance.now();
    let reachedAt: number | null = null;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const event of MEMBER_INPUT) window.removeEventListener(event, stop);
    };
    const restore = () => {
      const now = performance.now();
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved;
      if (reachable) {
        // There, and kept there while the page settles (HOLD_MS).
        if (Math.abs(window.scrollY - saved) > 1) window.scrollTo(0, saved);
        lastY = window.scrollY;
        reachedAt ??= now;
        if (now - reachedAt >= HOLD_MS) {
          stop();
          return;
        }
      } else if (now - started >= RESTORE_WAIT_MS) {
        // The page never grew back: as far as it goes.
        stop();
        window.scrollTo(0, saved);
        lastY = window.scrollY;
        return;
      }
      frame = requestAnimationFrame(restore);
    };
    for (const event of MEMBER_INPUT) window.addEventListener(event, stop, { passive: true });
    restore();
    return stop;
  }, [key, type]);

  // A new path (not a new query, not Back or Forward): the top, smoothly, after 100 ms.
  useEffect(() => {
    if (pathname === firstPath.current || lastType.current === NavigationType.Pop) return undefined;
    firstPath.current = '';
    const timer = setTimeout(() => {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }, SCROLL_TO_TOP_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [pathname]);

  return null;
}

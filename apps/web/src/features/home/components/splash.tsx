import { useEffect, useState } from 'react';
import {
  SPLASH_SHOWN_KEY,
  SplashCover,
  isFirstArrival,
  splashCoverShownSince,
} from '../../../components/ui/splash-cover';

/**
 * Long enough to be seen rather than flash (with the 300 ms fade, 600 ms on the screen), counted from
 * when the cover went up (the first route's fallback, on a first visit): a page that took that long to
 * load is not held back any longer (issue 19).
 */
const MIN_VISIBLE_MS = 300;
const MAX_VISIBLE_MS = 2500;

function rememberArrival(): void {
  try {
    sessionStorage.setItem(SPLASH_SHOWN_KEY, new Date().toISOString());
  } catch {
    // See isFirstArrival.
  }
}

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The brand's splash on the member's first arrival in a browser session (spec section 2): the logo over
 * the page while the shelves load, then a fade (no fade with reduced motion, see home.css). It continues
 * the cover that the home page showed while this chunk loaded (components/ui/splash-cover.tsx). It is fixed over the
 * layout, so it shifts nothing; it takes no pointer events and hides at the first key or tap, so it
 * never blocks the page; and it is decorative (aria-hidden), screen readers read the page.
 */
export function Splash({ until }: { until: Promise<unknown> }) {
  const [phase, setPhase] = useState<'shown' | 'leaving' | 'gone'>(() =>
    isFirstArrival() ? 'shown' : 'gone',
  );

  useEffect(rememberArrival, []);

  useEffect(() => {
    if (phase !== 'shown') return;
    let isCurrent = true;
    const leave = () => {
      if (isCurrent) setPhase(prefersReducedMotion() ? 'gone' : 'leaving');
    };
    const now = performance.now();
    const upFor = now - (splashCoverShownSince() ?? now);
    const minimum = new Promise((resolve) => setTimeout(resolve, MIN_VISIBLE_MS - upFor));
    void Promise.all([until, minimum]).then(leave, leave);
    const maximum = setTimeout(leave, MAX_VISIBLE_MS);
    window.addEventListener('keydown', leave, { once: true });
    window.addEventListener('pointerdown', leave, { once: true });
    return () => {
      isCurrent = false;
      clearTimeout(maximum);
      window.removeEventListener('keydown', leave);
      window.removeEventListener('pointerdown', leave);
    };
  }, [phase, until]);

  if (phase === 'gone') return null;
  return (
    <SplashCover
      leaving={phase === 'leaving'}
      onAnimationEnd={(event) => {
        if (event.target === event.currentTarget && phase === 'leaving') setPhase('gone');
      }}
    />
  );
}

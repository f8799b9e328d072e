import { type AnimationEvent, useEffect } from 'react';
import { useSession } from '../../lib/session';
import { BrandMark } from './brand-mark';

/** The sessionStorage key that marks the splash as shown in this browser session. */
export const SPLASH_SHOWN_KEY = 'member-area:splash-shown';

/** Whether this is the member's first arrival on the home page in this browser session. */
export function isFirstArrival(): boolean {
  try {
    return sessionStorage.getItem(SPLASH_SHOWN_KEY) === null;
  } catch {
    // Without storage there is no way to show it only once: do not show it at all.
    return false;
  }
}

interface SplashCoverProps {
  /** Fades in (the home page's first paint); the shelves' `Splash` takes over without fading in again. */
  entering?: boolean;
  leaving?: boolean;
  onAnimationEnd?: (event: AnimationEvent<HTMLDivElement>) => void;
}

/** When a splash cover first went up since the page loaded (`performance.now()`), or null. */
let shownSince: number | null = null;

/**
 * When the cover went up since the page loaded (`performance.now()`), or null: already up (the first
 * route's fallback showed it), the next one does not fade in, and the splash counts its time from then.
 */
export function splashCoverShownSince(): number | null {
  return shownSince;
}

/**
 * The splash's picture: the brand over the page (styles/components.css), fixed, so it shifts nothing,
 * taking no pointer events, and decorative (aria-hidden). On a first arrival at `/` the first route's
 * fallback shows it (app/root-layout.tsx) as soon as the app runs, the home page keeps it while the
 * shelves' chunk loads, and the shelves' `Splash` (features/home/components/splash.tsx) then decides when
 * it leaves. It is in the shell's chunk for that reason: the brand shows before the first route's data.
 */
export function SplashCover({ entering = false, leaving = false, onAnimationEnd }: SplashCoverProps) {
  const { brand } = useSession();
  useEffect(() => {
    shownSince ??= performance.now();
  }, []);
  return (
    <div
      className="splash"
      data-entering={entering}
      data-leaving={leaving}
      aria-hidden="true"
      onAnimationEnd={onAnimationEnd}
    >
      <BrandMark name={brand.name} logo={brand.logo} size="lg" />
    </div>
  );
}

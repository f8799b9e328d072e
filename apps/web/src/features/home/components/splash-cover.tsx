import type { AnimationEvent } from 'react';
import { BrandMark } from '../../../components/ui/brand-mark';
import { useSession } from '../../../lib/session';

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

/**
 * The splash's picture: the brand over the page (home.css), fixed, so it shifts nothing, taking no
 * pointer events, and decorative (aria-hidden). The home page shows it from its first paint on a first
 * arrival, while the shelves' chunk loads; the shelves' `Splash` (splash.tsx) then decides when it leaves.
 */
export function SplashCover({ entering = false, leaving = false, onAnimationEnd }: SplashCoverProps) {
  const { brand } = useSession();
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

import { useState } from 'react';

/** The localStorage key that remembers, per browser, that the member accepted the cookie notice. */
export const COOKIE_CONSENT_KEY = 'member-area:cookies-accepted';

type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): ConsentStorage | null {
  try {
    return window.localStorage;
  } catch {
    // Some privacy modes throw on access: the notice then shows on every visit.
    return null;
  }
}

export function hasAcceptedCookies(storage: ConsentStorage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(COOKIE_CONSENT_KEY) != null;
  } catch {
    return false;
  }
}

/** Remembers the acceptance (with its time, for whoever needs to know when it was given). */
export function rememberCookieConsent(
  storage: ConsentStorage | null = browserStorage(),
  now: Date = new Date(),
): void {
  try {
    storage?.setItem(COOKIE_CONSENT_KEY, now.toISOString());
  } catch {
    // A full or blocked storage: the notice is dismissed for this page view only.
  }
}

/** Whether the cookie notice should show, and the action that accepts it. */
export function useCookieConsent(): { isPending: boolean; accept: () => void } {
  const [isPending, setIsPending] = useState(() => !hasAcceptedCookies());
  return {
    isPending,
    accept: () => {
      rememberCookieConsent();
      setIsPending(false);
    },
  };
}

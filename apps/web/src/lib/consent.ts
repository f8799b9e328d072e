import { useSyncExternalStore } from 'react';

/*
 * The member's cookie choice (issue 14, item 15): analytics cookies only after an explicit "accept";
 * "refuse" is as plain a choice and is remembered as well. Kept per browser in localStorage (the choice
 * is the device's, like the cookies it is about) and changeable later from the account's profile.
 */

export type ConsentChoice = 'accepted' | 'refused';

/** The stored choice: `{"choice":"accepted"|"refused","at":"<ISO time>"}`. */
export const CONSENT_KEY = 'member-area:cookie-consent';
/** The earlier notice only offered to accept, and stored the time of it here. */
const LEGACY_ACCEPTED_KEY = 'member-area:cookies-accepted';
/** Told on `window` when the choice changes in this tab (other tabs hear the `storage` event). */
export const CONSENT_EVENT = 'member-area:consent';

type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): ConsentStorage | null {
  try {
    return window.localStorage;
  } catch {
    // Some privacy modes throw on access: nothing is remembered, and nothing is consented to.
    return null;
  }
}

function parseChoice(text: string | null): ConsentChoice | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as { choice?: unknown } | null;
    return value?.choice === 'accepted' || value?.choice === 'refused' ? value.choice : null;
  } catch {
    return null;
  }
}

/** The remembered choice, or null while the member has not chosen (the notice then shows). */
export function readConsent(storage: ConsentStorage | null = browserStorage()): ConsentChoice | null {
  try {
    const choice = parseChoice(storage?.getItem(CONSENT_KEY) ?? null);
    if (choice) return choice;
    return storage?.getItem(LEGACY_ACCEPTED_KEY) != null ? 'accepted' : null;
  } catch {
    return null;
  }
}

/** Remembers the choice with its time, and tells this tab (the analytics loader listens). */
export function saveConsent(
  choice: ConsentChoice,
  storage: ConsentStorage | null = browserStorage(),
  now: Date = new Date(),
): void {
  // A full or blocked storage: the choice holds for this page view only.
  sessionChoice = choice;
  try {
    if (storage) {
      storage.setItem(CONSENT_KEY, JSON.stringify({ choice, at: now.toISOString() }));
      sessionChoice = null;
    }
  } catch {
    // Kept in sessionChoice above.
  }
  window.dispatchEvent(new CustomEvent<ConsentChoice>(CONSENT_EVENT, { detail: choice }));
}

/** The choice made in this page view, for a storage that could not keep it. */
let sessionChoice: ConsentChoice | null = null;

function currentChoice(): ConsentChoice | null {
  return readConsent() ?? sessionChoice;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_KEY || event.key === null) onChange();
  };
  window.addEventListener(CONSENT_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CONSENT_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The member's choice, kept current when it changes here or in another tab, and the way to change it. */
export function useConsent(): { choice: ConsentChoice | null; choose: (choice: ConsentChoice) => void } {
  const choice = useSyncExternalStore(subscribe, currentChoice, () => null);
  return { choice, choose: saveConsent };
}

/** Calls `onChoice` with the current choice and every later one; returns the way to stop listening. */
export function onConsent(onChoice: (choice: ConsentChoice | null) => void): () => void {
  onChoice(currentChoice());
  return subscribe(() => {
    onChoice(currentChoice());
  });
}

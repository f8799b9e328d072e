import { type Locale, isLocale } from '@member/domain';

/** Per brand (localStorage is per hostname), the language a visitor picked before signing in. */
const STORAGE_KEY = 'member-area.visitor-locale';

/**
 * The language a visitor chose on the sign-in page, kept across reloads (a signed-in member's stored
 * preference wins over it). Storage may be refused (private modes, blocked cookies): then it is simply
 * not remembered.
 */
export function readVisitorLocale(storage: Pick<Storage, 'getItem'> | null = safeStorage()): Locale | null {
  try {
    const value = storage?.getItem(STORAGE_KEY) ?? null;
    return value && isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberVisitorLocale(
  locale: Locale,
  storage: Pick<Storage, 'setItem'> | null = safeStorage(),
): void {
  try {
    storage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered; the choice still holds for this visit.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

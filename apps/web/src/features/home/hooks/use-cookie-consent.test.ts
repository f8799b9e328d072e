import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_KEY, hasAcceptedCookies, rememberCookieConsent } from './use-cookie-consent';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

describe('cookie consent', () => {
  it('is pending until accepted, then remembered with the time it was given', () => {
    const storage = memoryStorage();
    expect(hasAcceptedCookies(storage)).toBe(false);
    rememberCookieConsent(storage, new Date('2026-01-02T03:04:05.000Z'));
    expect(storage.values.get(COOKIE_CONSENT_KEY)).toBe('2026-01-02T03:04:05.000Z');
    expect(hasAcceptedCookies(storage)).toBe(true);
  });

  it('shows the notice again, without throwing, where storage is blocked', () => {
    const blocked: Pick<Storage, 'getItem' | 'setItem'> = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => {
      rememberCookieConsent(blocked);
    }).not.toThrow();
    expect(hasAcceptedCookies(blocked)).toBe(false);
    expect(hasAcceptedCookies(null)).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_EVENT, CONSENT_KEY, onConsent, readConsent, saveConsent } from './consent';
import { startAnalytics } from './analytics';

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

const ANALYTICS_TAGS = ['google_analytics:enabled', 'google_analytics_id:G-TEST123'];
const analyticsScripts = () => document.head.querySelectorAll('script[data-analytics]');

afterEach(() => {
  localStorage.clear();
  for (const script of analyticsScripts()) script.remove();
  delete window.dataLayer;
});

describe('cookie consent', () => {
  it('is undecided until chosen, then remembers either choice with its time', () => {
    const storage = memoryStorage();
    expect(readConsent(storage)).toBeNull();
    saveConsent('refused', storage, new Date('2026-01-02T03:04:05.000Z'));
    expect(JSON.parse(storage.values.get(CONSENT_KEY) ?? '')).toEqual({
      choice: 'refused',
      at: '2026-01-02T03:04:05.000Z',
    });
    expect(readConsent(storage)).toBe('refused');
    saveConsent('accepted', storage);
    expect(readConsent(storage)).toBe('accepted');
  });

  it('reads the earlier accept-only notice as accepted, and anything malformed as undecided', () => {
    const storage = memoryStorage();
    storage.setItem('member-area:cookies-accepted', '2025-12-01T00:00:00.000Z');
    expect(readConsent(storage)).toBe('accepted');
    const other = memoryStorage();
    other.setItem(CONSENT_KEY, '{"choice":"maybe"}');
    expect(readConsent(other)).toBeNull();
    other.setItem(CONSENT_KEY, 'not json');
    expect(readConsent(other)).toBeNull();
  });

  it('calls back with the current choice and each later one', () => {
    const choices: unknown[] = [];
    const stop = onConsent((choice) => choices.push(choice));
    saveConsent('accepted');
    saveConsent('refused');
    stop();
    saveConsent('accepted');
    expect(choices).toEqual([null, 'accepted', 'refused']);
  });
});

describe('analytics after consent', () => {
  it('requests nothing until the member accepts, then loads the script once', () => {
    const stop = startAnalytics(ANALYTICS_TAGS);
    expect(analyticsScripts()).toHaveLength(0);
    saveConsent('refused');
    expect(analyticsScripts()).toHaveLength(0);
    saveConsent('accepted');
    expect(analyticsScripts()).toHaveLength(1);
    expect(analyticsScripts()[0]?.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    );
    saveConsent('accepted');
    expect(analyticsScripts()).toHaveLength(1);
    // A later refusal switches the property off.
    saveConsent('refused');
    expect(window['ga-disable-G-TEST123']).toBe(true);
    stop();
  });

  it('loads at once for a member who accepted before, and never for a brand without analytics', () => {
    saveConsent('accepted');
    const stop = startAnalytics(ANALYTICS_TAGS);
    expect(analyticsScripts()).toHaveLength(1);
    stop();
    for (const script of analyticsScripts()) script.remove();
    const none = startAnalytics(['google_analytics:enabled']);
    expect(analyticsScripts()).toHaveLength(0);
    none();
  });
});

// Last: a choice that no storage could keep holds for the rest of the page view (module state).
describe('a blocked storage', () => {
  it('survives a blocked storage without throwing, and tells listeners of every choice', () => {
    const blocked: Pick<Storage, 'getItem' | 'setItem'> = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const heard = vi.fn();
    window.addEventListener(CONSENT_EVENT, heard);
    expect(() => {
      saveConsent('accepted', blocked);
    }).not.toThrow();
    expect(readConsent(blocked)).toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener(CONSENT_EVENT, heard);
  });
});

import { describe, expect, it } from 'vitest';

import { LOCALE_NATIVE_NAMES } from './locale-names';
import { DEFAULT_LOCALE, LOCALES, LOCALE_BCP47, chooseLocale, isLocale } from './locales';

describe('LOCALES', () => {
  it('lists the eight languages with en-us as the default', () => {
    expect(LOCALES).toHaveLength(8);
    expect(new Set(LOCALES).size).toBe(8);
    expect(DEFAULT_LOCALE).toBe('en-us');
    expect(LOCALES).toContain(DEFAULT_LOCALE);
  });

  it('has a native name and a BCP 47 tag Intl accepts for every language', () => {
    for (const locale of LOCALES) {
      expect(LOCALE_NATIVE_NAMES[locale]).toBeTruthy();
      const tag = LOCALE_BCP47[locale];
      expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
    }
    expect(LOCALE_BCP47['my-ms']).toBe('ms-MY');
  });
});

describe('isLocale', () => {
  it('accepts every listed locale', () => {
    for (const locale of LOCALES) expect(isLocale(locale)).toBe(true);
  });

  it.each(['', 'en', 'en-US', 'EN-US', 'en_us', 'fr-fr', ' en-us', 'toString', '__proto__'])(
    'rejects %j',
    (value) => {
      expect(isLocale(value)).toBe(false);
    },
  );
});

describe('chooseLocale', () => {
  it('uses the preference when the brand offers it', () => {
    expect(chooseLocale('fr-ca', ['en-us', 'fr-ca'])).toBe('fr-ca');
  });

  it('uses any valid preference when the brand lists no languages', () => {
    expect(chooseLocale('ja-jp', [])).toBe('ja-jp');
  });

  it('falls back to en-us when the brand does not offer the preference but offers en-us', () => {
    expect(chooseLocale('de-de', ['fr-ca', 'en-us'])).toBe('en-us');
  });

  it('falls back to the brand first language when the brand offers neither', () => {
    expect(chooseLocale('de-de', ['fr-ca', 'es-es'])).toBe('fr-ca');
    expect(chooseLocale(null, ['it-it'])).toBe('it-it');
  });

  it.each([null, undefined, '', 'klingon', 'EN-US'])('ignores the unusable preference %j', (preference) => {
    expect(chooseLocale(preference, ['en-us', 'pt-pt'])).toBe('en-us');
    expect(chooseLocale(preference, [])).toBe('en-us');
    expect(chooseLocale(preference, ['pt-pt', 'es-es'])).toBe('pt-pt');
  });

  it('always returns one of the brand languages when the brand lists some', () => {
    for (const preference of [...LOCALES, null, 'xx-yy']) {
      expect(['my-ms', 'ja-jp']).toContain(chooseLocale(preference, ['my-ms', 'ja-jp']));
    }
  });
});

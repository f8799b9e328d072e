import { describe, expect, it } from 'vitest';

import { readVisitorLocale, rememberVisitorLocale } from './visitor-locale';

describe('visitor locale', () => {
  it('remembers the language a visitor picked', () => {
    rememberVisitorLocale('fr-ca');
    expect(readVisitorLocale()).toBe('fr-ca');
  });

  it('ignores what is not one of the 8 languages', () => {
    localStorage.setItem('member-area.visitor-locale', 'xx-yy');
    expect(readVisitorLocale()).toBeNull();
  });

  it('gives nothing, without throwing, where storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(() => {
      rememberVisitorLocale('de-de', refusing);
    }).not.toThrow();
    expect(readVisitorLocale(refusing)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { normalizeLanguage, readDate } from './catalog.import-metadata';

describe('metadata helpers', () => {
  it('normalizes language tags and dates', () => {
    expect(normalizeLanguage('eng')).toBe('en');
    expect(normalizeLanguage('fr_ca')).toBe('fr-CA');
    expect(normalizeLanguage('<script>')).toBeNull();
    expect(readDate('2024-05-08T10:00:00Z')).toEqual({ date: '2024-05-08', year: 2024 });
    expect(readDate('2024')).toEqual({ date: null, year: 2024 });
    expect(readDate('2024-02-31')).toEqual({ date: null, year: 2024 });
    expect(readDate('soon')).toEqual({ date: null, year: null });
  });
});

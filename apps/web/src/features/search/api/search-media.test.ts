import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, isSearchable, normalizeQuery } from './search-media';

describe('search queries', () => {
  it('collapse spaces and keep at most the length the server reads', () => {
    expect(normalizeQuery('  silent \t  night \n')).toBe('silent night');
    expect(normalizeQuery('a'.repeat(MAX_QUERY_LENGTH + 50))).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('need two letters or digits, counted as characters, or one kanji', () => {
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('m')).toBe(false);
    expect(isSearchable('m!!')).toBe(false);
    expect(isSearchable('mo')).toBe(true);
    expect(isSearchable('42')).toBe(true);
    expect(isSearchable('冬夜')).toBe(true);
    expect(isSearchable('冬')).toBe(true);
    expect(isSearchable('の')).toBe(false);
    expect(isSearchable('ン')).toBe(false);
  });
});

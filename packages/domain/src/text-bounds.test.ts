import { describe, expect, it, vi } from 'vitest';

import { RAW_LENGTH_FACTOR, isLongerThan, rawLengthLimit } from './text-bounds';

describe('isLongerThan', () => {
  it('counts characters as people do, not code units', () => {
    expect(isLongerThan('é'.repeat(10), 10)).toBe(false);
    expect(isLongerThan('e\u0301'.repeat(10), 10)).toBe(false);
    expect(isLongerThan('🇫🇷'.repeat(10), 10)).toBe(false);
    expect(isLongerThan('🇫🇷'.repeat(11), 10)).toBe(true);
    expect(isLongerThan('a'.repeat(11), 10)).toBe(true);
    expect(isLongerThan('', 0)).toBe(false);
  });

  it('refuses text beyond the raw limit without segmenting it', () => {
    expect(rawLengthLimit(100)).toBe(100 * RAW_LENGTH_FACTOR);
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    try {
      expect(isLongerThan('e\u0301'.repeat(30_000), 100)).toBe(true);
      expect(segment).not.toHaveBeenCalled();
      expect(isLongerThan('e\u0301'.repeat(100), 100)).toBe(false);
      expect(segment).toHaveBeenCalledTimes(1);
    } finally {
      segment.mockRestore();
    }
  });

  it('answers for a 60,000-character text in milliseconds', () => {
    // Generous bound: segmenting this text whole took tens of seconds (V8 copies it into each segment).
    const started = performance.now();
    expect(isLongerThan('x'.repeat(60_000), 100)).toBe(true);
    expect(isLongerThan('x'.repeat(399), 100)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

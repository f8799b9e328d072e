import { describe, expect, it } from 'vitest';

import { featuredOrder, featuredSeed } from './featured';

const titles = [
  { id: 1, mediaType: 'movie' as const },
  { id: 2, mediaType: 'ebook' as const },
  { id: 3, mediaType: 'music' as const },
];

describe('featuredSeed', () => {
  it('stays the same through a UTC day and changes on the next', () => {
    const morning = featuredSeed(new Date('2026-03-01T00:00:01Z'), 42);
    expect(featuredSeed(new Date('2026-03-01T23:59:59Z'), 42)).toBe(morning);
    expect(featuredSeed(new Date('2026-03-02T00:00:00Z'), 42)).toBe(morning + 1);
  });

  it('differs between members on the same day', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const seeds = new Set([1, 2, 3, 4, 5].map((member) => featuredSeed(now, member) % 3));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('is a non-negative whole number whatever the id', () => {
    for (const id of [0, -5, 1.7, Number.MAX_SAFE_INTEGER]) {
      const seed = featuredSeed(new Date('2026-03-01T12:00:00Z'), id);
      expect(Number.isInteger(seed)).toBe(true);
      expect(seed).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('featuredOrder', () => {
  it('starts at the seed and keeps every other candidate after it, in order', () => {
    expect(featuredOrder(titles, 1).map((t) => t.id)).toEqual([2, 3, 1]);
    expect(featuredOrder(titles, 3).map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it('drops a title met again on another shelf, but not another type with the same id', () => {
    const list = [...titles, { id: 1, mediaType: 'movie' as const }, { id: 1, mediaType: 'game' as const }];
    expect(featuredOrder(list, 0).map((t) => `${t.mediaType}:${String(t.id)}`)).toEqual([
      'movie:1',
      'ebook:2',
      'music:3',
      'game:1',
    ]);
  });

  it('answers nothing for no candidates and survives odd seeds', () => {
    expect(featuredOrder([], 7)).toEqual([]);
    expect(featuredOrder(titles, Number.NaN)).toHaveLength(3);
    expect(featuredOrder(titles, -4)[0]?.id).toBe(2);
  });
});

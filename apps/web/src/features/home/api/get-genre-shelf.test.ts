import { describe, expect, it } from 'vitest';
import { pickOfTheDay, shelfGenres } from './get-genre-shelf';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the by-genre shelf', () => {
  it('takes one entry a day (UTC), the same all day, then the next', () => {
    const list = ['movie', 'music', 'ebook'];
    const day = 20_000;
    expect(pickOfTheDay(list, day * DAY_MS)).toBe(list[day % 3]);
    expect(pickOfTheDay(list, day * DAY_MS + DAY_MS - 1)).toBe(list[day % 3]);
    expect(pickOfTheDay(list, (day + 1) * DAY_MS)).toBe(list[(day + 1) % 3]);
    expect(pickOfTheDay<string>([], day * DAY_MS)).toBeUndefined();
  });

  it('prefers top-level genres, and falls back to any genre', () => {
    const drama = { id: 1, title: 'Drama', parent: null };
    const noir = { id: 2, title: 'Noir', parent: { id: 1 } };
    expect(shelfGenres([noir, drama])).toEqual([drama]);
    expect(shelfGenres([noir])).toEqual([noir]);
    expect(shelfGenres([])).toEqual([]);
  });
});

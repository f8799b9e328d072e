import { describe, expect, it } from 'vitest';

import { readingFraction } from './reading-progress';

// The demo EPUBs' spine: cover, title page and contents before five short chapters.
const demoBook = [
  { size: 491 },
  { size: 777 },
  { size: 1191 },
  { size: 1263 },
  { size: 1251 },
  { size: 1222 },
  { size: 1267 },
  { size: 1322 },
];

describe('readingFraction', () => {
  it('reads 0 on the first page of the text, whatever comes before it', () => {
    // foliate-js said 42% here: the front matter plus the whole first chapter on one page.
    expect(readingFraction(demoBook, 3, { index: 3, fractionInSection: 0, pageSize: 1 })).toBe(0);
  });

  it('reads 0 on the front matter itself', () => {
    expect(readingFraction(demoBook, 3, { index: 1, fractionInSection: 0, pageSize: 1 })).toBe(0);
  });

  it('is the share of the text before the page on screen', () => {
    const body = 1263 + 1251 + 1222 + 1267 + 1322;
    expect(readingFraction(demoBook, 3, { index: 5, fractionInSection: 0.5, pageSize: 0.5 })).toBeCloseTo(
      (1263 + 1251 + 611) / body,
      6,
    );
  });

  it('reads the whole book on its last page', () => {
    expect(readingFraction(demoBook, 3, { index: 7, fractionInSection: 0.5, pageSize: 0.5 })).toBe(1);
  });

  it('ignores non-linear sections and empty books', () => {
    const sections = [{ size: 100, linear: 'no' }, { size: 100 }, { size: 100 }];
    expect(readingFraction(sections, 0, { index: 2, fractionInSection: 0, pageSize: 0.5 })).toBe(0.5);
    expect(readingFraction([], 0, { index: 0, fractionInSection: 0 })).toBe(0);
  });

  it('stays within 0..1 for any reported position', () => {
    expect(
      readingFraction(demoBook, 3, { index: 4, fractionInSection: 7, pageSize: -2 }),
    ).toBeLessThanOrEqual(1);
    expect(readingFraction(demoBook, 3, { index: 4, fractionInSection: Number.NaN })).toBeGreaterThanOrEqual(
      0,
    );
  });
});

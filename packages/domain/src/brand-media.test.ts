import { describe, expect, it } from 'vitest';

import { carriedMediaTypes } from './brand-media';

describe('carriedMediaTypes', () => {
  it('keeps only the media types the brand carries, and other entitlements', () => {
    const clickcoins = ['audiobook', 'ebook', 'music', 'movie', 'stream'] as const;
    expect(carriedMediaTypes(['music', 'game', 'software', 'movie', 'vpn'], clickcoins)).toEqual([
      'music',
      'movie',
      'vpn',
    ]);
    expect(carriedMediaTypes(['game'], ['game', 'software'])).toEqual(['game']);
    expect(carriedMediaTypes([], clickcoins)).toEqual([]);
  });
});

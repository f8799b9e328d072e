import { describe, expect, it } from 'vitest';

import {
  IPHONE_HIDDEN_MEDIA_TYPES,
  MEDIA_TYPES,
  MEDIA_TYPE_VERBS,
  displayAreaSlug,
  isIphoneUserAgent,
  isMediaType,
} from './media-types';

describe('MEDIA_TYPES', () => {
  it('lists the seven media types', () => {
    expect(MEDIA_TYPES).toEqual(['audiobook', 'ebook', 'music', 'movie', 'game', 'stream', 'software']);
  });

  it('gives every type one of the four verbs', () => {
    for (const type of MEDIA_TYPES)
      expect(['listen', 'read', 'watch', 'play']).toContain(MEDIA_TYPE_VERBS[type]);
    expect(MEDIA_TYPE_VERBS.audiobook).toBe('listen');
    expect(MEDIA_TYPE_VERBS.ebook).toBe('read');
    expect(MEDIA_TYPE_VERBS.movie).toBe('watch');
    expect(MEDIA_TYPE_VERBS.game).toBe('play');
  });
});

describe('isMediaType', () => {
  it('accepts every media type', () => {
    for (const type of MEDIA_TYPES) expect(isMediaType(type)).toBe(true);
  });

  it.each(['', 'Movie', 'movies', 'book', 'vpn', 'marketplace', 'home', ' music', 'constructor'])(
    'rejects %j',
    (value) => {
      expect(isMediaType(value)).toBe(false);
    },
  );
});

describe('displayAreaSlug', () => {
  it('is {type}_overview', () => {
    for (const type of MEDIA_TYPES) expect(displayAreaSlug(type)).toBe(`${type}_overview`);
  });
});

describe('iPhone rules', () => {
  it('hides game and software', () => {
    expect([...IPHONE_HIDDEN_MEDIA_TYPES].sort()).toEqual(['game', 'software']);
  });

  it('recognises iPhone user agents only', () => {
    expect(
      isIphoneUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15'),
    ).toBe(true);
    expect(isIphoneUserAgent('Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15')).toBe(
      false,
    );
    expect(isIphoneUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36')).toBe(false);
    expect(isIphoneUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15')).toBe(
      false,
    );
    expect(isIphoneUserAgent('')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { thumbnailUrl } from './thumbnail-url';

describe('thumbnailUrl', () => {
  it('serves a thumbnail from its own origin with the cache index', () => {
    expect(
      thumbnailUrl({ origin: 'https://cdn.example/', path: '/m/12.jpg', cacheIndex: 3 }, 'https://brand.cdn'),
    ).toBe('https://cdn.example/m/12.jpg?v=3');
  });

  it("falls back to the brand's CDN, then to this site", () => {
    expect(thumbnailUrl({ origin: '', path: 'm/12.jpg', cacheIndex: 0 }, 'https://brand.cdn')).toBe(
      'https://brand.cdn/m/12.jpg?v=0',
    );
    expect(thumbnailUrl({ origin: '', path: '/media/demo/a.svg', cacheIndex: 1 }, '')).toBe(
      '/media/demo/a.svg?v=1',
    );
  });

  it('keeps an absolute path and an existing query', () => {
    expect(
      thumbnailUrl({ origin: 'https://x', path: 'https://img.example/a.jpg?w=200', cacheIndex: 5 }),
    ).toBe('https://img.example/a.jpg?w=200&v=5');
  });

  it('answers null without a thumbnail', () => {
    expect(thumbnailUrl(null)).toBeNull();
    expect(thumbnailUrl({ origin: 'https://cdn', path: '', cacheIndex: 0 })).toBeNull();
  });
});

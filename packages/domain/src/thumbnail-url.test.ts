import { describe, expect, it } from 'vitest';

import { thumbnailSrcSet, thumbnailUrl } from './thumbnail-url';

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

describe('thumbnailSrcSet', () => {
  const sizes = [
    { width: 160, path: '/media/demo/a-w160.webp' },
    { width: 320, path: '/media/demo/a-w320.webp' },
    { width: 400, path: '/media/demo/a.webp' },
  ];

  it('lists every width, served like the picture itself', () => {
    expect(
      thumbnailSrcSet({ origin: 'https://cdn.example/', path: '/media/demo/a.webp', cacheIndex: 2, sizes }),
    ).toBe(
      'https://cdn.example/media/demo/a-w160.webp?v=2 160w, https://cdn.example/media/demo/a-w320.webp?v=2 320w, https://cdn.example/media/demo/a.webp?v=2 400w',
    );
    expect(thumbnailSrcSet({ origin: '', path: '/media/demo/a.webp', cacheIndex: 0, sizes }, '')).toMatch(
      /^\/media\/demo\/a-w160\.webp\?v=0 160w, /,
    );
  });

  it('gives none without widths, with one, or with broken ones', () => {
    expect(thumbnailSrcSet(null)).toBeUndefined();
    expect(thumbnailSrcSet({ origin: '', path: '/a.webp', cacheIndex: 0 })).toBeUndefined();
    expect(thumbnailSrcSet({ origin: '', path: '/a.webp', cacheIndex: 0, sizes: [] })).toBeUndefined();
    expect(
      thumbnailSrcSet({
        origin: '',
        path: '/a.webp',
        cacheIndex: 0,
        sizes: [
          { width: 160, path: '/a-w160.webp' },
          { width: 0, path: '/x.webp' },
          { width: 320, path: '' },
        ],
      }),
    ).toBeUndefined();
  });
});

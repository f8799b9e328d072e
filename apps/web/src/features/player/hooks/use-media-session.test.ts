import { describe, expect, it } from 'vitest';
import { mediaArtwork } from './use-media-session';

describe('mediaArtwork', () => {
  it('gives the lock screen the cover as an absolute URL with its type', () => {
    const [svg] = mediaArtwork('/media/covers/v1/movie/0/-/The%20Velvet%20Station.svg?v=0');
    expect(svg).toEqual({
      src: new URL('/media/covers/v1/movie/0/-/The%20Velvet%20Station.svg?v=0', document.baseURI).href,
      type: 'image/svg+xml',
      sizes: 'any',
    });
    expect(mediaArtwork('https://cdn.example/poster.webp?v=3')).toEqual([
      { src: 'https://cdn.example/poster.webp?v=3', type: 'image/webp', sizes: '512x512' },
    ]);
    expect(mediaArtwork('/covers/unknown')[0]).not.toHaveProperty('type');
    expect(mediaArtwork(null)).toEqual([]);
  });
});

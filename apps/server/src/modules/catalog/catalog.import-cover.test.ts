import { Jimp } from 'jimp';
import { describe, expect, it } from 'vitest';

import { COVER_WIDTHS, coverFileName, coverVariants, thumbnailSizes } from './catalog.import-cover';

describe('imported cover sizes', () => {
  it('makes each width narrower than the cover, as JPEG of that width and proportional height', async () => {
    const big = await new Jimp({ width: 1000, height: 500, color: 0x3366ccff }).getBuffer('image/png');
    const variants = await coverVariants(big);
    expect(variants.map((variant) => variant.width)).toEqual([...COVER_WIDTHS]);
    for (const variant of variants) {
      expect([variant.data[0], variant.data[1]]).toEqual([0xff, 0xd8]);
      const image = await Jimp.fromBuffer(variant.data);
      expect([image.width, image.height]).toEqual([variant.width, variant.width / 2]);
    }
    // The point of it: the largest stays small whatever the original (a 3000×3000 cover was 524 KB).
    expect(variants.at(-1)?.data.length).toBeLessThan(60_000);
  });

  it('never enlarges a small cover', async () => {
    const small = await new Jimp({ width: 120, height: 120, color: 0xffffffff }).getBuffer('image/png');
    expect((await coverVariants(small)).map((variant) => variant.width)).toEqual([120]);
  });

  it('lists the widths from the thumbnail path alone, and none for other paths', () => {
    const base = '/media/imported/thumbnails/streamhub/0123456789abcdef';
    expect(thumbnailSizes(`${base}-w640.jpg`)).toEqual([
      { width: 160, path: `${base}-w160.jpg` },
      { width: 320, path: `${base}-w320.jpg` },
      { width: 640, path: `${base}-w640.jpg` },
    ]);
    expect(thumbnailSizes(`${base}-w200.jpg`).map((size) => size.width)).toEqual([160, 200]);
    expect(thumbnailSizes(`${base}-w1.jpg`)).toEqual([{ width: 1, path: `${base}-w1.jpg` }]);
    expect(coverFileName('0123456789abcdef', 320)).toBe('0123456789abcdef-w320.jpg');
    expect(thumbnailSizes('/media/demo/thumbnails/harbor.jpg')).toEqual([]);
    expect(thumbnailSizes(`${base}-w640.jpg/../../secret`)).toEqual([]);
  });
});

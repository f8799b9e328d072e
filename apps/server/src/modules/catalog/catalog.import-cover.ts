import { Jimp } from 'jimp';

/*
 * Issue 15, item 8: an imported cover is stored in several widths (a 3000×3000 cover had become a 524 KB
 * thumbnail). Each is a JPEG named `<hash>-w<width>.jpg`; the title's thumbnail path names the largest,
 * and `thumbnailSizes` lists all of them from that name alone, for `srcset` (Thumbnail.sizes in the API).
 */

/** The widths made, each only when the original is wider; never wider than the original. */
export const COVER_WIDTHS = [160, 320, 640] as const;
const JPEG_QUALITY = 80;

export interface CoverVariant {
  width: number;
  data: Buffer;
}

/** The cover's widths (COVER_WIDTHS narrower than it, else its own width alone), as JPEG. */
export async function coverVariants(data: Uint8Array): Promise<CoverVariant[]> {
  const image = await Jimp.fromBuffer(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const narrower = COVER_WIDTHS.filter((width) => width < image.width);
  const widths = narrower.length > 0 ? narrower : [image.width];
  return Promise.all(
    widths.map(async (width) => ({
      width,
      data: await image.clone().resize({ w: width }).getBuffer('image/jpeg', { quality: JPEG_QUALITY }),
    })),
  );
}

export const coverFileName = (hash: string, width: number) => `${hash}-w${String(width)}.jpg`;

const SIZED = /^(\/media\/imported\/thumbnails\/[^/]+\/[0-9a-f]{16})-w([1-9][0-9]{0,4})\.jpg$/;

/** The widths stored beside a thumbnail path named by the import (none for any other path). */
export function thumbnailSizes(path: string): { width: number; path: string }[] {
  const match = SIZED.exec(path);
  if (!match) return [];
  const largest = Number(match[2]);
  const widths = [...COVER_WIDTHS.filter((width) => width < largest), largest];
  return widths.map((width) => ({ width, path: `${match[1] ?? ''}-w${String(width)}.jpg` }));
}

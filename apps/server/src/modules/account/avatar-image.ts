import { Jimp } from 'jimp';

import { badInput } from '../../errors';

/** Uploads larger than this are refused before they are read whole (multipart limit). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Decoding a larger picture could take far more memory than the upload's size suggests. */
export const AVATAR_MAX_DIMENSION = 6000;
export const AVATAR_SIZE = 256;

export type ImageKind = 'png' | 'jpeg' | 'gif';

export interface SniffedImage {
  kind: ImageKind;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG start-of-frame markers carry the dimensions (not DHT C4, JPG C8 or DAC CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes and standalone markers carry no length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/**
 * The image's type and size read from its bytes (never from the file name or the declared type).
 * Anything that is not a well-formed PNG, JPEG or GIF header reads as null.
 */
export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (bytes.length >= 24 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { kind: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size ? { kind: 'jpeg', ...size } : null;
  }
  const header = bytes.toString('latin1', 0, 6);
  if (bytes.length >= 10 && (header === 'GIF87a' || header === 'GIF89a')) {
    return { kind: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  return null;
}

/**
 * Checks and re-encodes an uploaded picture: a PNG, JPEG or GIF of sane dimensions, cropped to a
 * centred square and resized to 256 x 256 JPEG. Re-encoding drops anything else the file carried
 * (metadata, trailing bytes, scripts in comments).
 */
export async function toAvatar(bytes: Buffer): Promise<{ data: Buffer; contentType: 'image/jpeg' }> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) {
    throw badInput('Choose a PNG, JPEG or GIF picture.', 'unsupported_image');
  }
  if (
    sniffed.width < 1 ||
    sniffed.height < 1 ||
    sniffed.width > AVATAR_MAX_DIMENSION ||
    sniffed.height > AVATAR_MAX_DIMENSION
  ) {
    throw badInput(
      `The picture must be at most ${AVATAR_MAX_DIMENSION} pixels wide and high.`,
      'image_too_large',
    );
  }
  let image: Awaited<ReturnType<typeof Jimp.fromBuffer>>;
  try {
    image = await Jimp.fromBuffer(bytes);
  } catch {
    throw badInput('This picture could not be read. Choose another one.', 'unreadable_image');
  }
  image.cover({ w: AVATAR_SIZE, h: AVATAR_SIZE });
  const data = await image.getBuffer('image/jpeg', { quality: 85 });
  return { data, contentType: 'image/jpeg' };
}

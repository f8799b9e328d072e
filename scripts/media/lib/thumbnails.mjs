// Posters and covers: a two-colour `gradients` frame with a vignette, a large faint media glyph, the
// wrapped title and a subtitle drawn with DejaVu fonts. One ffmpeg run per image, a single frame each.
import { join } from 'node:path';

import { BITEXACT, FONTS, ffmpeg, ffprobe, haveFonts, writeText } from './run.mjs';

export const GLYPHS = {
  music: '♫',
  audiobook: '¶',
  ebook: '☰',
  movie: '▶',
  stream: '●',
  game: '♠',
  software: '⌘',
};

export const TYPE_LABELS = {
  music: 'MUSIC',
  audiobook: 'AUDIOBOOK',
  ebook: 'EBOOK',
  movie: 'MOVIE',
  stream: 'SPORTS · LIVE',
  game: 'GAME',
  software: 'SOFTWARE',
};

/** Square for music, games and software; portrait (2:3) for books, audiobooks, movies and streams. */
export function posterSize(mediaType) {
  return ['music', 'game', 'software'].includes(mediaType)
    ? { width: 400, height: 400 }
    : { width: 320, height: 480 };
}

/** Greedy word wrap to at most `maxChars` per line. */
export function wrap(text, maxChars) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

let counter = 0;

/**
 * Renders one poster to `out` (.webp, .jpg or .png by extension).
 * @param {{ out: string, tmp: string, mediaType: string, title: string, subtitle?: string,
 *   colors: [string, string], seed: number, width?: number, height?: number, quality?: number }} o
 */
export function poster(o) {
  const { width, height } = o.width ? { width: o.width, height: o.height } : posterSize(o.mediaType);
  const margin = Math.round(width * 0.075);
  const filters = [
    `gradients=s=${width}x${height}:c0=${o.colors[0]}:c1=${o.colors[1]}:x0=0:y0=0:x1=${width}:y1=${height}:nb_colors=2:seed=${o.seed}:d=1:r=1`,
    'format=yuv444p',
    'vignette=angle=PI/5',
    `drawbox=x=0:y=${Math.round(height * 0.58)}:w=${width}:h=${height}:color=black@0.38:t=fill`,
  ];
  if (haveFonts()) {
    const id = counter++;
    const textFile = (name, text) => writeText(join(o.tmp, `poster-${id}-${name}.txt`), text);
    const draw = (file, font, size, color, x, y, extra = '') =>
      `drawtext=fontfile=${font}:textfile=${file}:fontsize=${size}:fontcolor=${color}:x=${x}:y=${y}${extra}`;
    const glyphSize = Math.round(Math.min(width, height) * 0.42);
    filters.push(
      draw(
        textFile('glyph', GLYPHS[o.mediaType] ?? '●'),
        FONTS.bold,
        glyphSize,
        'white@0.22',
        '(w-text_w)/2',
        `${Math.round(height * 0.12)}`,
      ),
      draw(
        textFile('label', TYPE_LABELS[o.mediaType] ?? o.mediaType.toUpperCase()),
        FONTS.bold,
        Math.round(width * 0.04),
        'white@0.85',
        margin,
        margin,
      ),
    );
    let size = Math.round(width * 0.085);
    let lines = wrap(o.title, Math.floor((width - 2 * margin) / (size * 0.62)));
    while (lines.length > 3 && size > 14) {
      size -= 2;
      lines = wrap(o.title, Math.floor((width - 2 * margin) / (size * 0.62)));
    }
    let y = Math.round(height * 0.62);
    lines.forEach((line, i) => {
      filters.push(
        draw(
          textFile(`t${i}`, line),
          FONTS.bold,
          size,
          'white',
          margin,
          y,
          ':shadowcolor=black@0.6:shadowx=1:shadowy=1',
        ),
      );
      y += Math.round(size * 1.22);
    });
    if (o.subtitle) {
      const subSize = Math.round(width * 0.045);
      for (const [i, line] of wrap(o.subtitle, Math.floor((width - 2 * margin) / (subSize * 0.58)))
        .slice(0, 2)
        .entries()) {
        filters.push(
          draw(
            textFile(`s${i}`, line),
            FONTS.sans,
            subSize,
            'white@0.85',
            margin,
            y + 6 + i * Math.round(subSize * 1.3),
          ),
        );
      }
    }
    filters.push(
      draw(
        textFile('demo', 'DEMO · CC0'),
        FONTS.sans,
        Math.round(width * 0.032),
        'white@0.6',
        `w-text_w-${margin}`,
        `h-text_h-${margin}`,
      ),
    );
  }
  const ext = o.out.split('.').pop();
  const codec =
    ext === 'webp'
      ? [
          '-c:v',
          'libwebp',
          '-quality',
          String(o.quality ?? 72),
          '-compression_level',
          '6',
          '-preset',
          'picture',
          '-pix_fmt',
          'yuv420p',
        ]
      : ext === 'png'
        ? ['-c:v', 'png', '-pix_fmt', 'rgb24']
        : ['-c:v', 'mjpeg', '-q:v', String(o.quality ?? 4), '-pix_fmt', 'yuvj420p'];
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    filters.join(','),
    '-frames:v',
    '1',
    '-map_metadata',
    '-1',
    ...BITEXACT,
    ...codec,
    o.out,
  ]);
  if (ext === 'webp') thumbnailVariants(o.out, o.quality);
  return o.out;
}

/** The narrower copies every WebP poster gets, for the web's srcset (Thumbnail.sizes in the API). */
export const THUMBNAIL_WIDTHS = [160, 320];

/** A narrower copy's file name: `<poster>-w<width>.webp` beside the poster. */
export const variantPath = (file, width) => file.replace(/\.webp$/, `-w${width}.webp`);

/** Whether a thumbnail file is one of those copies rather than a poster. */
export const isThumbnailVariant = (file) => /-w\d+\.webp$/.test(file);

/**
 * Writes the poster's narrower copies (THUMBNAIL_WIDTHS below its own width), scaled down with Lanczos
 * from the poster itself so they show the same picture; returns their widths.
 */
export function thumbnailVariants(file, quality = 72) {
  const { width } = ffprobe(file, ['-show_streams']).streams[0];
  const widths = THUMBNAIL_WIDTHS.filter((w) => w < width);
  for (const w of widths) {
    ffmpeg([
      '-i',
      file,
      '-vf',
      `scale=${w}:-2:flags=lanczos`,
      '-frames:v',
      '1',
      '-map_metadata',
      '-1',
      ...BITEXACT,
      '-c:v',
      'libwebp',
      '-quality',
      String(quality),
      '-compression_level',
      '6',
      '-preset',
      'picture',
      '-pix_fmt',
      'yuv420p',
      variantPath(file, w),
    ]);
  }
  return widths;
}

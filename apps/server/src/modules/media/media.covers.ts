import { type MediaType, isMediaType } from '@member/domain';

/** Decodes a cover path's segments; any text but control characters (a title may hold a slash). */
function coverSegments(rest: string): string[] | null {
  if (rest.length === 0 || rest.length > 2_048) return null;
  const segments: string[] = [];
  for (const part of rest.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
    if (decoded.length === 0 || /[\u0000-\u001f\u007f]/.test(decoded)) return null;
    segments.push(decoded);
  }
  return segments;
}

/*
 * Generated covers (issue 14 item 16, decision 037): the demo catalog reuses a handful of media files
 * across thousands of titles, so a shared poster showed another title's name. Each generated title gets
 * a cover drawn from its own path instead: `/media/covers/v1/<type>/<variant>/<byline>/<title>.svg`
 * says everything the picture shows, so the server draws it without reading the database, and the
 * answer can be cached for good (a new drawing gets a new version segment).
 */

export const COVER_PREFIX = '/media/covers/';
const VERSION = 'v1';
const MAX_TITLE = 160;
const MAX_BYLINE = 120;
/** A byline segment that names nobody. */
const NO_BYLINE = '-';

export interface CoverSpec {
  mediaType: MediaType;
  title: string;
  byline: string | null;
  /** Picks the colours and the motif's layout; any whole number. */
  variant: number;
}

const segment = (text: string) => encodeURIComponent(text);

/** The path of a title's cover (the thumbnail path the catalog stores). */
export function coverPath(spec: CoverSpec): string {
  const variant = Math.abs(Math.trunc(spec.variant)) % PALETTES.length;
  const byline = spec.byline?.trim() ? segment(spec.byline.trim().slice(0, MAX_BYLINE)) : NO_BYLINE;
  return `${COVER_PREFIX}${VERSION}/${spec.mediaType}/${String(variant)}/${byline}/${segment(
    spec.title.trim().slice(0, MAX_TITLE),
  )}.svg`;
}

/** Reads a cover path back (the part after COVER_PREFIX); null for anything coverPath does not make. */
export function parseCoverPath(rest: string): CoverSpec | null {
  const segments = coverSegments(rest);
  if (segments?.length !== 5) return null;
  const [version, mediaType, variantText, bylineText, file] = segments as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (version !== VERSION || !isMediaType(mediaType) || !/^\d{1,3}$/.test(variantText)) return null;
  const variant = Number(variantText);
  if (variant >= PALETTES.length || !file.endsWith('.svg')) return null;
  const title = file.slice(0, -'.svg'.length).trim();
  const byline = bylineText === NO_BYLINE ? null : bylineText.trim();
  if (title.length === 0 || title.length > MAX_TITLE || (byline?.length ?? 0) > MAX_BYLINE) return null;
  return { mediaType, title, byline, variant };
}

/** Background gradients (each passes 4.5:1 with white text over its darker half). */
const PALETTES: readonly [string, string][] = [
  ['#14213d', '#3a6ea5'],
  ['#2b193d', '#7b2d6b'],
  ['#0b3d2e', '#2a7f62'],
  ['#3d1f0b', '#9c4a1a'],
  ['#1b1f3b', '#5247a8'],
  ['#102a43', '#1f7a8c'],
  ['#3b0d11', '#8e2430'],
  ['#1f2933', '#52606d'],
];

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);

/** Splits a text into at most `maxLines` lines of about `perLine` characters, breaking at spaces. */
export function wrapText(text: string, perLine: number, maxLines: number): string[] | null {
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (word.length > perLine) return null;
    if (line.length === 0) line = word;
    else if (line.length + 1 + word.length <= perLine) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length <= maxLines ? lines : null;
}

function motif(mediaType: MediaType, width: number, height: number, variant: number, accent: string) {
  const shapes: string[] = [];
  const cx = width / 2;
  switch (mediaType) {
    case 'music':
      for (let r = 40; r < width; r += 26)
        shapes.push(
          `<circle cx="${String(cx)}" cy="${String(height * 0.3)}" r="${String(r)}" fill="none" stroke="${accent}" stroke-width="3"/>`,
        );
      break;
    case 'movie':
      for (let y = 14; y < height; y += 34) {
        shapes.push(`<rect x="10" y="${String(y)}" width="14" height="20" rx="3"/>`);
        shapes.push(`<rect x="${String(width - 24)}" y="${String(y)}" width="14" height="20" rx="3"/>`);
      }
      break;
    case 'audiobook':
      for (let i = 0; i < 24; i += 1) {
        const h = 20 + (((i * 37 + variant * 11) % 23) / 23) * 90;
        shapes.push(
          `<rect x="${String(24 + i * ((width - 48) / 24))}" y="${String(height * 0.3 - h / 2)}" width="6" height="${String(h)}" rx="3"/>`,
        );
      }
      break;
    case 'ebook':
      for (let y = 40; y < height * 0.5; y += 18)
        shapes.push(
          `<rect x="36" y="${String(y)}" width="${String(width - 72 - ((y * 7) % 60))}" height="4" rx="2"/>`,
        );
      break;
    case 'game':
      for (let x = 0; x < 4; x += 1)
        for (let y = 0; y < 4; y += 1)
          if ((x + y + variant) % 3 !== 0)
            shapes.push(
              `<rect x="${String(24 + x * ((width - 48) / 4))}" y="${String(40 + y * 36)}" width="${String((width - 48) / 4 - 10)}" height="26" rx="4"/>`,
            );
      break;
    case 'software':
      shapes.push(
        `<path d="M${String(cx - 50)} 60 L${String(cx - 100)} 120 L${String(cx - 50)} 180 M${String(cx + 50)} 60 L${String(cx + 100)} 120 L${String(cx + 50)} 180 M${String(cx + 20)} 50 L${String(cx - 20)} 190" fill="none" stroke="${accent}" stroke-width="10" stroke-linecap="round"/>`,
      );
      break;
    case 'stream':
      shapes.push(
        `<rect x="24" y="30" width="${String(width - 48)}" height="${String(height * 0.42)}" fill="none" stroke="${accent}" stroke-width="4"/>`,
        `<line x1="${String(cx)}" y1="30" x2="${String(cx)}" y2="${String(30 + height * 0.42)}" stroke="${accent}" stroke-width="4"/>`,
        `<circle cx="${String(cx)}" cy="${String(30 + height * 0.21)}" r="34" fill="none" stroke="${accent}" stroke-width="4"/>`,
      );
      break;
  }
  return `<g fill="${accent}" opacity="0.35">${shapes.join('')}</g>`;
}

/**
 * Each kind's shape, as the web's cards and title pages frame it (media-card.tsx, browse.css): square
 * for music and audiobooks, wide for streams, a poster for the rest; the text is never cropped.
 */
const SIZES: Record<MediaType, { width: number; height: number }> = {
  music: { width: 400, height: 400 },
  audiobook: { width: 400, height: 400 },
  stream: { width: 640, height: 360 },
  movie: { width: 320, height: 480 },
  ebook: { width: 320, height: 480 },
  game: { width: 320, height: 480 },
  software: { width: 320, height: 480 },
};

/** The cover as SVG: the title in large type over a gradient and a motif of its kind, the byline below. */
export function renderCover(spec: CoverSpec): string {
  const { width, height } = SIZES[spec.mediaType];
  const [from, to] = PALETTES[spec.variant % PALETTES.length] ?? PALETTES[0] ?? ['#000', '#333'];
  let size = 44;
  let lines: string[] | null = null;
  while (size >= 18) {
    // Bold sans: about 0.58 em per character on average.
    lines = wrapText(spec.title, Math.floor((width - 60) / (size * 0.6)), height < 400 ? 3 : 4);
    if (lines) break;
    size -= 4;
  }
  const titleLines = lines ?? [spec.title.slice(0, 40)];
  // A film's perforated edges leave the text more room on the left.
  const left = spec.mediaType === 'movie' ? 36 : 24;
  const lineHeight = Math.round(size * 1.15);
  const top = height * 0.58 - ((titleLines.length - 1) * lineHeight) / 2;
  const text = titleLines
    .map(
      (line, index) =>
        `<tspan x="${String(left)}" y="${String(Math.round(top + index * lineHeight))}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const byline = spec.byline
    ? `<text x="${String(left)}" y="${String(height - 28)}" font-size="18" fill="#e8ecf4">${escapeXml(spec.byline)}</text>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}" viewBox="0 0 ${String(width)} ${String(height)}" role="img">`,
    `<title>${escapeXml(spec.title)}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${to}"/><stop offset="1" stop-color="${from}"/></linearGradient></defs>`,
    `<rect width="100%" height="100%" fill="url(#g)"/>`,
    motif(spec.mediaType, width, height, spec.variant, '#ffffff'),
    `<g font-family="'DejaVu Sans', Verdana, 'Noto Sans', Arial, sans-serif">`,
    `<text font-size="${String(size)}" font-weight="700" fill="#ffffff">${text}</text>`,
    byline,
    '</g></svg>',
  ].join('');
}

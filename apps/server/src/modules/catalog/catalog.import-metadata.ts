import { type Locale, isLocale } from '@member/domain';
import { type IAudioMetadata, parseFile } from 'music-metadata';

import type { MediaDetails, MediaTranslation, PersonRole } from './catalog.records';

/*
 * What every reader of the import shares: what a file says about itself (ParsedMedia), the rejection
 * that names why a file cannot be imported, and the cleaning of untrusted text, languages, dates,
 * covers and genres. The tags of audio and video files are read here with music-metadata.
 */

/** A file that cannot be imported, with the reason shown to the operator. */
export class ImportRejection extends Error {}

export const MAX_COVER_BYTES = 10 * 1024 * 1024;
export const MAX_TEXT = 4_000;

export interface Cover {
  data: Uint8Array;
  ext: '.jpg' | '.png' | '.webp' | '.gif';
}

export interface ImportedChapter {
  title: string;
  /** Seconds from the start of the file. */
  start: number;
  end: number;
}

/** What a file says about itself, before anything is written. */
export interface ParsedMedia {
  mediaType: 'music' | 'audiobook' | 'ebook' | 'movie';
  title: string;
  description: string;
  people: { name: string; role: PersonRole }[];
  genres: string[];
  releaseDate: string | null;
  releaseYear: number | null;
  durationSeconds: number | null;
  language: string | null;
  details: MediaDetails;
  cover: Cover | null;
  chapters: ImportedChapter[];
  translations: MediaTranslation[];
  /** Music: the album the track belongs to. */
  album: { title: string; artist: string | null; trackNumber: number | null } | null;
  /** What the import did or left out for this file that its operator should know (a skipped poster). */
  notes?: string[];
}

/** The programs a reader may run; tests point them elsewhere. */
export interface ImportTools {
  /** Takes videos' poster frames; `ffmpeg` from PATH by default. */
  ffmpeg: string;
}

/** Untrusted text on one line: control characters dropped, spaces folded, at most `max` characters. */
export const clean = (text: string | null | undefined, max = 500) =>
  (text ?? '')
    // eslint-disable-next-line no-control-regex -- tags are untrusted: control characters are dropped
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

const ISO_639_2: Record<string, string> = {
  eng: 'en',
  fra: 'fr',
  fre: 'fr',
  deu: 'de',
  ger: 'de',
  ita: 'it',
  por: 'pt',
  spa: 'es',
  jpn: 'ja',
  msa: 'ms',
  may: 'ms',
};

/** A language tag as stored on titles: `en`, `fr`, `pt-BR`; null when it is not one. */
export function normalizeLanguage(value: string | null | undefined): string | null {
  const text = clean(value, 35).replace('_', '-');
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(text)) return null;
  const [primary = '', region] = text.split('-');
  const lower = primary.toLowerCase();
  const code = ISO_639_2[lower] ?? lower;
  return region ? `${code}-${region.length === 2 ? region.toUpperCase() : region}` : code;
}

/** The product locale of a language tag (`fr` -> `fr-ca` when that is the only French locale). */
export function localeOfLanguage(language: string | null): Locale | null {
  if (!language) return null;
  const primary = language.split('-')[0] ?? '';
  const byPrimary: Record<string, Locale> = {
    en: 'en-us',
    fr: 'fr-ca',
    de: 'de-de',
    it: 'it-it',
    pt: 'pt-pt',
    es: 'es-es',
    ja: 'ja-jp',
    ms: 'my-ms',
  };
  const exact = language.toLowerCase();
  return isLocale(exact) ? exact : (byPrimary[primary] ?? null);
}

/** `2024-05-08`, `2024-05`, `2024` or an ISO timestamp: the release date (when whole) and year. */
export function readDate(value: string | number | null | undefined): {
  date: string | null;
  year: number | null;
} {
  const text = clean(String(value ?? ''), 40);
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(text);
  if (!match) return { date: null, year: null };
  const year = Number(match[1]);
  if (year < 1000 || year > 9999) return { date: null, year: null };
  const month = Number(match[2] ?? 0);
  const day = Number(match[3] ?? 0);
  const check = new Date(Date.UTC(year, month - 1, day));
  // A whole date that exists (no 31 February), else the year alone.
  const valid = month > 0 && day > 0 && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  return { date: valid ? `${match[1] ?? ''}-${match[2] ?? ''}-${match[3] ?? ''}` : null, year };
}

export function coverOf(data: Uint8Array | undefined): Cover | null {
  if (!data || data.length === 0 || data.length > MAX_COVER_BYTES) return null;
  // Trust the bytes, not the declared type.
  if (data[0] === 0xff && data[1] === 0xd8) return { data, ext: '.jpg' };
  if (data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47)
    return { data, ext: '.png' };
  if (data[0] === 0x47 && data[1] === 0x49 && data[2] === 0x46) return { data, ext: '.gif' };
  if (String.fromCharCode(...data.slice(8, 12)) === 'WEBP') return { data, ext: '.webp' };
  return null;
}

const GENERIC_GENRES = new Set(['audiobook', 'audiobooks', 'audio book', 'spoken word', 'speech', 'other']);

export function genresOf(values: readonly string[] | undefined): string[] {
  const out = new Map<string, string>();
  for (const value of values ?? []) {
    for (const part of value.split(/[;/]/)) {
      const name = clean(part, 60);
      if (name && !GENERIC_GENRES.has(name.toLowerCase()) && !/^\(?\d+\)?$/.test(name))
        out.set(name.toLowerCase(), name);
    }
  }
  return [...out.values()].slice(0, 5);
}

/** The tags and duration of an audio or video file; an unreadable file is rejected. */
export async function readTags(path: string, ext: string): Promise<IAudioMetadata> {
  try {
    // Chapters are read by the ID3 and MP4 readers: music-metadata's reader misses or trips on them.
    return await parseFile(path, { duration: true, includeChapters: false });
  } catch (error) {
    throw new ImportRejection(
      `unreadable ${ext.slice(1).toUpperCase()} file (${error instanceof Error ? clean(error.message, 120) : 'parse error'})`,
    );
  }
}

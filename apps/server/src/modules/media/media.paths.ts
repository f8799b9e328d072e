import { extname } from 'node:path';

/**
 * The media stores served under /media/<root>/: the demo media shipped with the server and the media an
 * operator imported (config.media). Playback keys name a file in one of them: `/media/demo/…`,
 * `/media/imported/…`, optionally with a `#t=start,end` range (an audiobook chapter).
 */
const MEDIA_ROOTS = ['demo', 'imported'] as const;
export type MediaRoot = (typeof MEDIA_ROOTS)[number];

/** Folders under a root that anyone may read (posters are shown before sign-in). */
export const PUBLIC_FOLDER = 'thumbnails';

const MAX_SEGMENTS = 32;
const MAX_SEGMENT_LENGTH = 255;
/** Anything but a path separator, a control character (NUL…) or a leading dot (`.`, `..`, dot files). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE_SEGMENT = /^\.|[\u0000-\u001f\u007f/\\]/;

export const isMediaRoot = (value: string): value is MediaRoot =>
  (MEDIA_ROOTS as readonly string[]).includes(value);

/**
 * Splits a path (already without its `/media/` prefix or token) into checked segments. Each raw
 * segment is percent-decoded once and must then be a plain name: no `.`/`..`, no dot files, no
 * slash, backslash, NUL or other control character (encoded or not), no empty segment. Answers null
 * for anything else.
 */
export function parseSegments(rawPath: string): string[] | null {
  if (rawPath.length === 0 || rawPath.length > 2_048) return null;
  const parts = rawPath.split('/');
  if (parts.length > MAX_SEGMENTS) return null;
  const segments: string[] = [];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (decoded.length === 0 || decoded.length > MAX_SEGMENT_LENGTH || UNSAFE_SEGMENT.test(decoded))
      return null;
    segments.push(decoded);
  }
  return segments;
}

export interface PlaybackTarget {
  root: MediaRoot;
  /** Path segments under the root, the file last. */
  segments: string[];
  startSeconds: number | null;
  endSeconds: number | null;
}

const TIME_RANGE = /^t=(\d{1,7}(?:\.\d{1,3})?)?(?:,(\d{1,7}(?:\.\d{1,3})?))?$/;

/** Reads a playback key (`/media/demo/audiobooks/x.m4b#t=120,300`); null when it names no media file. */
export function parsePlaybackKey(key: string): PlaybackTarget | null {
  const hash = key.indexOf('#');
  const path = hash === -1 ? key : key.slice(0, hash);
  const fragment = hash === -1 ? null : key.slice(hash + 1);
  if (!path.startsWith('/media/')) return null;
  const segments = parseSegments(path.slice('/media/'.length));
  const [root, ...rest] = segments ?? [];
  if (root === undefined || !isMediaRoot(root) || rest.length === 0) return null;
  let startSeconds: number | null = null;
  let endSeconds: number | null = null;
  if (fragment !== null && fragment !== '') {
    const match = TIME_RANGE.exec(fragment);
    if (!match) return null;
    startSeconds = match[1] === undefined ? null : Number(match[1]);
    endSeconds = match[2] === undefined ? null : Number(match[2]);
    if (startSeconds !== null && endSeconds !== null && endSeconds <= startSeconds) return null;
  }
  return { root, segments: rest, startSeconds, endSeconds };
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.m4b': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.flac': 'audio/flac',
  '.wav': 'audio/wav',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.epub': 'application/epub+zip',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.sha256': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** The players of the web app (issue 4), one per kind. */
export type PlaybackKind = 'AUDIO' | 'VIDEO' | 'LIVE' | 'EPUB' | 'GAME' | 'DOWNLOAD';

const AUDIO = new Set(['.mp3', '.m4a', '.m4b', '.aac', '.ogg', '.opus', '.flac', '.wav']);
const VIDEO = new Set(['.m3u8', '.mp4', '.m4v', '.webm']);

/** Which player opens a file: by its extension, and LIVE for a stream's playlist. */
export function playbackKindOf(mediaType: string, fileName: string): PlaybackKind {
  const ext = extname(fileName).toLowerCase();
  if (ext === '.m3u8' && mediaType === 'stream') return 'LIVE';
  if (VIDEO.has(ext)) return 'VIDEO';
  if (AUDIO.has(ext)) return 'AUDIO';
  if (ext === '.epub') return 'EPUB';
  if (ext === '.html' || ext === '.htm') return 'GAME';
  return 'DOWNLOAD';
}

/**
 * Files that pull in siblings by relative URL (an HLS playlist its segments, a game its assets) are
 * granted their whole folder; any other file only itself.
 */
export function grantsFolder(fileName: string): boolean {
  const ext = extname(fileName).toLowerCase();
  return ext === '.m3u8' || ext === '.html' || ext === '.htm';
}

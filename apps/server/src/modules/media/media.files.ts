import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';

import type { FastifyReply, FastifyRequest } from 'fastify';

import type { ErrorBody } from '../../http/errors';
import { LIVE_DESCRIPTION, type LiveLoop, LiveLoopSchema } from './media.live';

export interface MediaFile {
  path: string;
  size: number;
  mtimeMs: number;
}

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'ENAMETOOLONG', 'EACCES']);

const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && MISSING.has(error.code);

/**
 * The regular file at `segments` (already checked by parseSegments) under `rootDir`, or null. Symbolic
 * links are followed only while they stay inside the root: the real path must lie under the root's
 * real path, so nothing outside the media stores is ever read.
 */
export async function resolveMediaFile(
  rootDir: string,
  segments: readonly string[],
): Promise<MediaFile | null> {
  try {
    const realRoot = await realpath(rootDir);
    const real = await realpath(join(realRoot, ...segments));
    if (!real.startsWith(realRoot + sep)) return null;
    const info = await stat(real);
    if (!info.isFile()) return null;
    return { path: real, size: info.size, mtimeMs: info.mtimeMs };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * A reader of small files under a media root: each file is parsed by `parse` (null: not valid) and kept
 * parsed, by real path, while its size and modification time hold. Missing, larger than `maxBytes` or
 * not valid reads as null.
 */
function parsedFileReader<T>(maxBytes: number, parse: (text: string) => T | null) {
  const cache = new Map<string, { size: number; mtimeMs: number; value: T }>();
  return async (rootDir: string, segments: readonly string[]): Promise<T | null> => {
    const file = await resolveMediaFile(rootDir, segments);
    if (!file || file.size > maxBytes) return null;
    const cached = cache.get(file.path);
    if (cached?.mtimeMs === file.mtimeMs && cached.size === file.size) return cached.value;
    let text: string;
    try {
      text = await readFile(file.path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const value = parse(text);
    if (value === null) return null;
    cache.set(file.path, { size: file.size, mtimeMs: file.mtimeMs, value });
    return value;
  };
}

const readLiveDescription = parsedFileReader(1_000_000, (text) => {
  try {
    const parsed = LiveLoopSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
});

/** The `live.json` of a folder, parsed and kept while the file is unchanged; null without a valid one. */
export function readLiveLoop(rootDir: string, folder: readonly string[]): Promise<LiveLoop | null> {
  return readLiveDescription(rootDir, [...folder, LIVE_DESCRIPTION]);
}

/** A media playlist longer than this is not handed out with the playback (a film of hours is ~40 kB). */
export const MAX_INLINE_PLAYLIST_BYTES = 64 * 1024;

const readPlaylist = parsedFileReader(MAX_INLINE_PLAYLIST_BYTES, (text) =>
  text.startsWith('#EXTM3U') &&
  /^#EXT-X-ENDLIST\s*$/m.test(text) &&
  /^#EXTINF:/m.test(text) &&
  !/^#EXT-X-STREAM-INF/m.test(text)
    ? text
    : null,
);

/**
 * The text of a video-on-demand HLS media playlist (a `.m3u8` file that lists segments and ends with
 * `#EXT-X-ENDLIST`), or null: missing, too large, a master playlist (which rendition plays is the
 * player's choice) or a playlist still growing. It never changes while the file does not, so a player
 * can be given it with the signed URL and skip asking for it (decision 047).
 */
export function readVodPlaylist(rootDir: string, segments: readonly string[]): Promise<string | null> {
  if (!segments[segments.length - 1]?.endsWith('.m3u8')) return Promise.resolve(null);
  return readPlaylist(rootDir, segments);
}

export type ByteRange =
  { kind: 'none' } | { kind: 'unsatisfiable' } | { kind: 'range'; start: number; end: number };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * A `Range` header against a file of `size` bytes (RFC 9110 §14.1.2). One range is honoured; several,
 * a malformed header or another unit are ignored (the whole file is sent); a range that starts past
 * the end, or asks for the last 0 bytes, is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: 'none' };
  const match = SINGLE_RANGE.exec(header.replace(/\s+/g, ''));
  if (!match) return { kind: 'none' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'none' };
  const start = first === '' ? null : Number(first);
  const end = last === '' ? null : Number(last);
  if ((start !== null && !Number.isSafeInteger(start)) || (end !== null && !Number.isSafeInteger(end))) {
    return { kind: 'none' };
  }
  if (start === null) {
    // A suffix: the last `end` bytes.
    if (end === null || end === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - end), end: size - 1 };
  }
  if (end !== null && end < start) return { kind: 'none' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: end === null ? size - 1 : Math.min(end, size - 1) };
}

const etagOf = (file: MediaFile) => `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;

function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export interface SendOptions {
  contentType: string;
  cacheControl: string;
  headers?: Record<string, string>;
}

/**
 * Streams a file with validators (ETag, Last-Modified; 304 on a match), single byte ranges (206 with
 * Content-Range, 416 when unsatisfiable; If-Range honoured) and no body for HEAD.
 */
export function sendMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: MediaFile,
  options: SendOptions,
): FastifyReply {
  const etag = etagOf(file);
  const modified = new Date(Math.floor(file.mtimeMs / 1000) * 1000);
  void reply.headers({
    ...options.headers,
    'cache-control': options.cacheControl,
    etag,
    'last-modified': modified.toUTCString(),
    'accept-ranges': 'bytes',
  });

  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const notModified =
    ifNoneMatch !== undefined
      ? matchesEtag(ifNoneMatch, etag)
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= modified.getTime();
  if (notModified) return reply.code(304).send();

  // If-Range: the range applies only to the representation the client already holds (RFC 9110 §13.1.5).
  const ifRangeHeader = request.headers['if-range'];
  const ifRange = Array.isArray(ifRangeHeader) ? ifRangeHeader[0] : ifRangeHeader;
  const rangeApplies =
    ifRange === undefined ||
    (ifRange.startsWith('"') || ifRange.startsWith('W/')
      ? ifRange === etag
      : Date.parse(ifRange) === modified.getTime());
  const range = rangeApplies ? parseRange(request.headers.range, file.size) : ({ kind: 'none' } as const);

  if (range.kind === 'unsatisfiable') {
    const body: ErrorBody = {
      error: { code: 'range_not_satisfiable', message: 'The requested range is outside the file.' },
    };
    return reply
      .code(416)
      .header('content-range', `bytes */${String(file.size)}`)
      .send(body);
  }
  const start = range.kind === 'range' ? range.start : 0;
  const end = range.kind === 'range' ? range.end : file.size - 1;
  const length = file.size === 0 ? 0 : end - start + 1;
  void reply.code(range.kind === 'range' ? 206 : 200).headers({
    'content-type': options.contentType,
    'content-length': String(length),
    ...(range.kind === 'range'
      ? { 'content-range': `bytes ${String(start)}-${String(end)}/${String(file.size)}` }
      : {}),
  });
  if (request.method === 'HEAD' || length === 0) return reply.send();
  return reply.send(createReadStream(file.path, { start, end }));
}

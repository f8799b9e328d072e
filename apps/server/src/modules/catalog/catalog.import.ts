import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, lstat, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, extname, join, relative } from 'node:path';

import { type Locale, type MediaType, isLocale } from '@member/domain';
import type { Kysely } from 'kysely';
import { type IAudioMetadata, parseFile } from 'music-metadata';
import { type Entry, openPromise } from 'yauzl';

import type { Db } from '../../db/database';
import { isoNow } from '../../db/json';
import type { Database } from '../../db/schema';
import {
  type MediaDetails,
  type MediaTranslation,
  type NewMedia,
  type PersonRole,
  createCatalogRepository,
} from './catalog.repository';
import { ChapterError, type ImportedChapter, findTopLevelBox, readChapters } from './catalog.import-chapters';

/*
 * `npm run catalog:import -- --brand <slug> <folder>` (issue 3, part 5): imports a folder of real media
 * into a brand's catalog with the metadata read from the files.
 *
 * - MP3 / M4A: a music track, filed under its album (album + album artist; made on first track).
 *   M4B, and MP3 / M4A tagged as an audiobook or with chapters: an audiobook, its chapters as children.
 *   Tags via music-metadata: title, artist / album artist, album, track number, year or date, genre,
 *   duration, embedded cover; chapters (MP4 chapter track or Nero `chpl`, ID3 `CHAP`/`CTOC`) via
 *   catalog.import-chapters.ts. A malformed chapter list rejects the file.
 * - EPUB: an ebook, from its OPF package metadata (title and titles in other languages, creators,
 *   language, publisher, date, ISBN, description, subjects, cover image).
 * - MP4 / M4V: a movie played progressively, from its MP4 tags and duration.
 *
 * Files are copied to `<importedDir>/<brand>/<type>/<hash>-<name>` (playback key
 * `/media/imported/<brand>/<type>/<file>`), covers to `<importedDir>/thumbnails/<brand>/<hash>.<ext>`
 * (public). Each file is one transaction: its title, people, genres, translations, search row and
 * `media_imports` row. Copies are written under a temporary dot-name (never served) and renamed into
 * place as the transaction's last step; a failure removes them, so a rejected file leaves no row and
 * no file. The content hash makes a re-run import nothing twice.
 */

export interface ImportOptions {
  brandSlug: string;
  folder: string;
  /** config.media.importedDir: `${MEDIA_DIR:-DATA_DIR/media}/imported`. */
  importedDir: string;
  /** Per-file progress, for the command line. */
  onFile?: (outcome: ImportOutcome) => void;
}

export type ImportOutcome =
  | {
      status: 'imported';
      path: string;
      mediaId: number;
      mediaType: MediaType;
      title: string;
      /** Chapters imported as the title's children (audiobooks). */
      chapters: number;
    }
  | { status: 'duplicate'; path: string; mediaId: number }
  | { status: 'rejected'; path: string; reason: string };

export interface ImportReport {
  brandId: number;
  outcomes: ImportOutcome[];
}

/** A file that cannot be imported, with the reason shown to the operator. */
export class ImportRejection extends Error {}

const AUDIO = new Set(['.mp3', '.m4a', '.m4b']);
const VIDEO = new Set(['.mp4', '.m4v']);
const EBOOK = new Set(['.epub']);
/** Largest OPF or container.xml read from an EPUB; larger is refused (a zip bomb would be). */
const MAX_XML_BYTES = 4 * 1024 * 1024;
const MAX_COVER_BYTES = 10 * 1024 * 1024;
const MAX_TEXT = 4_000;

interface Cover {
  data: Uint8Array;
  ext: '.jpg' | '.png' | '.webp' | '.gif';
}

type Chapter = ImportedChapter;

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
  chapters: Chapter[];
  translations: MediaTranslation[];
  /** Music: the album the track belongs to. */
  album: { title: string; artist: string | null; trackNumber: number | null } | null;
}

// ---- Reading metadata ----

const clean = (text: string | null | undefined, max = 500) =>
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
function localeOfLanguage(language: string | null): Locale | null {
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

function coverOf(data: Uint8Array | undefined): Cover | null {
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

function genresOf(values: readonly string[] | undefined): string[] {
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

async function parseAudioOrVideo(path: string, ext: string): Promise<IAudioMetadata> {
  try {
    // Chapters are read by catalog.import-chapters.ts: music-metadata's reader misses or trips on them.
    return await parseFile(path, { duration: true, includeChapters: false });
  } catch (error) {
    throw new ImportRejection(
      `unreadable ${ext.slice(1).toUpperCase()} file (${error instanceof Error ? clean(error.message, 120) : 'parse error'})`,
    );
  }
}

export async function readAudio(path: string, ext: string): Promise<ParsedMedia> {
  const meta = await parseAudioOrVideo(path, ext);
  const duration = meta.format.duration;
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0)
    throw new ImportRejection('no audio found in the file (no duration)');
  const { common } = meta;
  const title = clean(common.title) || clean(basename(path, ext).replace(/[_]+/g, ' '));
  let chapters: Chapter[];
  try {
    chapters = await readChapters(path, ext, duration);
  } catch (error) {
    // A broken chapter list rejects the whole file: never an audiobook with half its chapters.
    if (error instanceof ChapterError) throw new ImportRejection(`malformed chapters: ${error.message}`);
    throw error;
  }
  const genreTags = (common.genre ?? []).map((g) => g.toLowerCase());
  const isAudiobook =
    ext === '.m4b' ||
    chapters.length > 0 ||
    genreTags.some((g) => g.includes('audiobook') || g.includes('audio book') || g.includes('spoken')) ||
    common.stik === 2;
  const artist = clean(common.albumartist) || clean(common.artist);
  const { date, year } = readDate(common.date ?? common.releasedate ?? common.year);
  const description = clean(common.description?.[0] ?? common.comment?.[0]?.text, MAX_TEXT);
  const picture = common.picture?.[0];
  const base = {
    title,
    description,
    genres: genresOf(common.genre),
    releaseDate: date,
    releaseYear: year,
    durationSeconds: Math.round(duration),
    language: normalizeLanguage(common.language),
    cover: coverOf(picture?.data),
    translations: [],
  };
  if (isAudiobook) {
    const narrators = (common.composer ?? [])
      .map((name) => clean(name))
      .filter((n) => n && !/synthetic/i.test(n));
    return {
      ...base,
      mediaType: 'audiobook',
      people: [
        ...(artist ? [{ name: artist, role: 'author' as const }] : []),
        ...narrators.slice(0, 3).map((name) => ({ name, role: 'narrator' as const })),
      ],
      details: {
        ...(clean(common.copyright) ? { copyright: clean(common.copyright) } : {}),
        ...(clean(common.publisher?.[0] ?? common.label?.[0])
          ? { publisher: clean(common.publisher?.[0] ?? common.label?.[0]) }
          : {}),
      },
      chapters,
      album: null,
    };
  }
  const trackArtist = clean(common.artist) || artist;
  return {
    ...base,
    mediaType: 'music',
    people: trackArtist ? [{ name: trackArtist, role: 'artist' }] : [],
    details: {},
    chapters: [],
    album: {
      title: clean(common.album) || title,
      artist: artist || null,
      trackNumber: common.track.no !== null && common.track.no > 0 ? common.track.no : null,
    },
  };
}

/**
 * The movie header's duration (`moov/mvhd`) of an MP4, in seconds: music-metadata takes durations
 * from audio tracks only, and a film without sound has none. Null when there is no readable header.
 */
export async function readMp4MovieDuration(path: string): Promise<number | null> {
  const file = await open(path, 'r');
  try {
    const box = await findTopLevelBox(file, 'moov');
    if (!box) return null;
    const moov = Buffer.alloc(Math.min(box.length - box.headerLength, 64 * 1024 * 1024));
    await file.read(moov, 0, moov.length, box.offset + box.headerLength);
    return mvhdDuration(moov);
  } finally {
    await file.close();
  }
}

function mvhdDuration(moov: Buffer): number | null {
  let at = 0;
  while (at + 8 <= moov.length) {
    const length = moov.readUInt32BE(at);
    const type = moov.toString('latin1', at + 4, at + 8);
    if (length < 8) return null;
    if (type === 'mvhd' && at + length <= moov.length) {
      const version = moov.readUInt8(at + 8);
      const body = at + 12;
      const timescale = version === 1 ? moov.readUInt32BE(body + 16) : moov.readUInt32BE(body + 8);
      const duration = version === 1 ? Number(moov.readBigUInt64BE(body + 20)) : moov.readUInt32BE(body + 12);
      return timescale > 0 && duration > 0 ? duration / timescale : null;
    }
    at += length;
  }
  return null;
}

export async function readVideo(path: string, ext: string): Promise<ParsedMedia> {
  const meta = await parseAudioOrVideo(path, ext);
  const duration = meta.format.duration ?? (await readMp4MovieDuration(path).catch(() => null)) ?? undefined;
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0)
    throw new ImportRejection('no playable track found in the file (no duration)');
  const { common } = meta;
  const { date, year } = readDate(common.date ?? common.releasedate ?? common.year);
  const picture = common.picture?.[0];
  const director = clean(common.artist);
  return {
    mediaType: 'movie',
    title: clean(common.title) || clean(basename(path, ext)),
    description: clean(common.description?.[0] ?? common.comment?.[0]?.text, MAX_TEXT),
    people: director ? [{ name: director, role: 'director' }] : [],
    genres: genresOf(common.genre),
    releaseDate: date,
    releaseYear: year,
    durationSeconds: Math.round(duration),
    language: normalizeLanguage(common.language),
    details: { type: 'movie' },
    cover: coverOf(picture?.data),
    chapters: [],
    translations: [],
    album: null,
  };
}

// ---- EPUB ----

async function readStream(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) throw new ImportRejection('an EPUB entry is larger than allowed');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeXml(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return safeCodePoint(parseInt(name.slice(2), 16), whole);
      if (name.startsWith('#')) return safeCodePoint(parseInt(name.slice(1), 10), whole);
      return XML_ENTITIES[name.toLowerCase()] ?? whole;
    });
}
const safeCodePoint = (code: number, fallback: string) =>
  Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;

const stripTags = (html: string) => decodeXml(html.replace(/<[^>]*>/g, ' '));

interface XmlElement {
  attributes: Record<string, string>;
  text: string;
}

/** Elements named `name` (any namespace prefix) with their attributes and text; enough for OPF metadata. */
function elements(xml: string, name: string): XmlElement[] {
  const pattern = new RegExp(
    `<(?:[\\w-]+:)?${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:[\\w-]+:)?${name}\\s*>)`,
    'gi',
  );
  const out: XmlElement[] = [];
  for (const match of xml.matchAll(pattern)) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? '').matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
      attributes[(attribute[1] ?? '').toLowerCase()] = decodeXml(attribute[3] ?? attribute[4] ?? '');
    }
    out.push({ attributes, text: stripTags(match[2] ?? '').trim() });
    if (out.length > 500) break;
  }
  return out;
}

const ROLE_BY_MARC: Record<string, PersonRole> = { aut: 'writer', nrt: 'narrator', edt: 'writer' };

export async function readEpub(path: string): Promise<ParsedMedia> {
  let zip;
  try {
    zip = await openPromise(path, { autoClose: false, strictFileNames: false, validateEntrySizes: true });
  } catch (error) {
    throw new ImportRejection(
      `not a valid EPUB (ZIP) file (${error instanceof Error ? clean(error.message, 120) : 'unreadable'})`,
    );
  }
  try {
    const entries = new Map<string, Entry>();
    for await (const entry of zip.eachEntry()) {
      entries.set(entry.fileName, entry);
      if (entries.size > 20_000) throw new ImportRejection('the EPUB holds too many entries');
    }
    const read = async (name: string, limit: number) => {
      const entry = entries.get(name);
      if (!entry) return null;
      if (entry.isEncrypted()) throw new ImportRejection(`${name} is encrypted`);
      if (entry.uncompressedSize > limit) throw new ImportRejection(`${name} is larger than allowed`);
      return readStream(await zip.openReadStreamPromise(entry), limit);
    };
    const container = await read('META-INF/container.xml', MAX_XML_BYTES);
    if (!container) throw new ImportRejection('not an EPUB: META-INF/container.xml is missing');
    const rootfile = elements(container.toString('utf8'), 'rootfile')[0]?.attributes['full-path'];
    if (!rootfile) throw new ImportRejection('not an EPUB: container.xml names no package document');
    const opfBytes = await read(rootfile, MAX_XML_BYTES);
    if (!opfBytes) throw new ImportRejection(`the package document ${clean(rootfile, 120)} is missing`);
    const opf = opfBytes.toString('utf8');
    const metadata = /<(?:[\w-]+:)?metadata\b[\s\S]*?<\/(?:[\w-]+:)?metadata\s*>/i.exec(opf)?.[0];
    if (!metadata) throw new ImportRejection('the package document has no metadata');

    const packageLanguage = normalizeLanguage(
      /<(?:[\w-]+:)?package\b[^>]*\bxml:lang\s*=\s*"([^"]*)"/i.exec(opf)?.[1] ?? null,
    );
    const language = normalizeLanguage(elements(metadata, 'language')[0]?.text) ?? packageLanguage;
    const refinements = elements(metadata, 'meta').filter((meta) => meta.attributes.refines);
    const refined = (id: string | undefined, property: string) =>
      id
        ? refinements.find(
            (meta) => meta.attributes.refines === `#${id}` && meta.attributes.property === property,
          )?.text
        : undefined;

    const titles = elements(metadata, 'title').filter((t) => clean(t.text) !== '');
    const main =
      titles.find((t) => refined(t.attributes.id, 'title-type') === 'main') ??
      titles.find((t) => !refined(t.attributes.id, 'title-type')) ??
      titles[0];
    if (!main) throw new ImportRejection('the package document has no title');
    const mainLocale = localeOfLanguage(normalizeLanguage(main.attributes['xml:lang']) ?? language);
    const translations: MediaTranslation[] = [];
    for (const t of titles) {
      const locale = localeOfLanguage(normalizeLanguage(t.attributes['xml:lang']));
      if (
        t !== main &&
        locale &&
        locale !== mainLocale &&
        refined(t.attributes.id, 'title-type') !== 'subtitle'
      )
        translations.push({ locale, title: clean(t.text) });
    }

    const people = elements(metadata, 'creator')
      .concat(elements(metadata, 'contributor').filter((c) => refined(c.attributes.id, 'role') === 'nrt'))
      .flatMap((creator) => {
        const name = clean(creator.text, 120);
        const marc = refined(creator.attributes.id, 'role') ?? creator.attributes['opf:role'] ?? 'aut';
        const role = ROLE_BY_MARC[marc];
        return name && role ? [{ name, role }] : [];
      })
      .slice(0, 10);

    const identifiers = elements(metadata, 'identifier').map((i) => i.text);
    const isbn = identifiers
      .map((id) => id.replace(/^urn:isbn:/i, '').replace(/[\s-]/g, ''))
      .find((id) => /^(97[89]\d{10}|\d{9}[\dX])$/i.test(id));
    const { date, year } = readDate(elements(metadata, 'date')[0]?.text);
    const publisher = clean(elements(metadata, 'publisher')[0]?.text, 200);
    const rights = clean(elements(metadata, 'rights')[0]?.text, 200);

    // Cover: EPUB 3 `properties="cover-image"`, else EPUB 2 `<meta name="cover" content="<item id>">`.
    const manifest = elements(opf, 'item');
    const coverId = elements(metadata, 'meta').find((m) => m.attributes.name === 'cover')?.attributes.content;
    const coverItem =
      manifest.find((item) => (item.attributes.properties ?? '').split(/\s+/).includes('cover-image')) ??
      manifest.find((item) => coverId !== undefined && item.attributes.id === coverId);
    let cover: Cover | null = null;
    if (coverItem?.attributes.href) {
      const folder = rootfile.includes('/') ? rootfile.slice(0, rootfile.lastIndexOf('/') + 1) : '';
      const href = decodeURIComponent(coverItem.attributes.href.split('#')[0] ?? '');
      const resolved = join(folder, href).replace(/\\/g, '/');
      const bytes = resolved.startsWith('..') ? null : await read(resolved, MAX_COVER_BYTES);
      cover = bytes ? coverOf(new Uint8Array(bytes)) : null;
    }

    return {
      mediaType: 'ebook',
      title: clean(main.text),
      // Descriptions are often escaped HTML: decoded once by the XML reader, their tags dropped here.
      description: clean(stripTags(elements(metadata, 'description')[0]?.text ?? ''), MAX_TEXT),
      people,
      genres: genresOf(elements(metadata, 'subject').map((s) => s.text)),
      releaseDate: date,
      releaseYear: year,
      durationSeconds: null,
      language,
      details: {
        ...(isbn ? { isbn } : {}),
        ...(publisher ? { publisher } : {}),
        ...(rights ? { copyright: rights } : {}),
        ...(language ? { languages: [language] } : {}),
      },
      cover,
      chapters: [],
      translations,
      album: null,
    };
  } finally {
    zip.close();
  }
}

// ---- Writing ----

const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'untitled';

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `folder`, sorted; symbolic links and dot files are left out. */
async function listFiles(folder: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, depth: number) => {
    if (depth > 16) return;
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path, depth + 1);
      else if (entry.isFile()) out.push(path);
    }
  };
  await walk(folder, 0);
  return out;
}

async function findOrCreatePeople(
  trx: Kysely<Database>,
  names: readonly string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const name of names) {
    const slug = slugOf(name);
    await trx
      .insertInto('people')
      .values({ slug, title: name })
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .execute();
    const row = await trx
      .selectFrom('people')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    ids.set(name, row.id);
  }
  return ids;
}

async function findOrCreateGenres(trx: Kysely<Database>, mediaType: MediaType, names: readonly string[]) {
  const ids: number[] = [];
  for (const name of names) {
    const slug = slugOf(name);
    await trx
      .insertInto('genres')
      .values({ media_type: mediaType, slug, title: name, parent_id: null })
      .onConflict((conflict) => conflict.columns(['media_type', 'slug']).doNothing())
      .execute();
    const row = await trx
      .selectFrom('genres')
      .select('id')
      .where('media_type', '=', mediaType)
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return [...new Set(ids)];
}

const isSupported = (ext: string) => AUDIO.has(ext) || VIDEO.has(ext) || EBOOK.has(ext);
const unsupported = (ext: string) =>
  new ImportRejection(
    `unsupported file type "${clean(ext, 16) || '(none)'}" (MP3, M4A, M4B, MP4, M4V or EPUB)`,
  );

/** Reads a file's metadata by its extension; throws an ImportRejection with the reason. */
export async function parseMedia(path: string): Promise<ParsedMedia> {
  const ext = extname(path).toLowerCase();
  if (AUDIO.has(ext)) return readAudio(path, ext);
  if (VIDEO.has(ext)) return readVideo(path, ext);
  if (EBOOK.has(ext)) return readEpub(path);
  throw unsupported(ext);
}

/** Imports every supported file of `folder` into the brand's catalog; see the comment at the top. */
export async function importCatalogFolder(db: Db, options: ImportOptions): Promise<ImportReport> {
  const brand = await db.kysely
    .selectFrom('brands')
    .select(['id', 'slug'])
    .where('slug', '=', options.brandSlug)
    .executeTakeFirst();
  if (!brand) throw new Error(`No brand with the slug "${options.brandSlug}".`);
  const folderStat = await lstat(options.folder).catch(() => null);
  if (!folderStat?.isDirectory()) throw new Error(`${options.folder} is not a folder.`);

  const outcomes: ImportOutcome[] = [];
  for (const path of await listFiles(options.folder)) {
    const shown = relative(options.folder, path) || basename(path);
    const outcome = await importFile(db, brand, path, shown, options.importedDir).catch(
      (error: unknown): ImportOutcome => ({
        status: 'rejected',
        path: shown,
        reason:
          error instanceof ImportRejection
            ? error.message
            : `import failed: ${error instanceof Error ? clean(error.message, 200) : 'unknown error'}`,
      }),
    );
    outcomes.push(outcome);
    options.onFile?.(outcome);
  }
  return { brandId: brand.id, outcomes };
}

async function importFile(
  db: Db,
  brand: { id: number; slug: string },
  path: string,
  shown: string,
  importedDir: string,
): Promise<ImportOutcome> {
  const ext = extname(path).toLowerCase();
  if (!isSupported(ext)) throw unsupported(ext);
  const hash = await hashFile(path);
  const existing = await db.kysely
    .selectFrom('media_imports')
    .select('media_id')
    .where('brand_id', '=', brand.id)
    .where('content_hash', '=', hash)
    .executeTakeFirst();
  if (existing) return { status: 'duplicate', path: shown, mediaId: existing.media_id };

  const parsed = await parseMedia(path);
  const short = hash.slice(0, 16);
  const typeFolder = parsed.mediaType === 'music' ? 'music' : `${parsed.mediaType}s`;
  const fileName = `${short}-${slugOf(basename(path, ext))}${ext}`;
  const mediaDir = join(importedDir, brand.slug, typeFolder);
  const finalMedia = join(mediaDir, fileName);
  const tempMedia = join(mediaDir, `.${fileName}.partial`);
  const playbackKey = `/media/imported/${brand.slug}/${typeFolder}/${fileName}`;
  const thumbDir = join(importedDir, 'thumbnails', brand.slug);
  const thumbName = parsed.cover ? `${short}${parsed.cover.ext}` : null;
  const finalThumb = thumbName ? join(thumbDir, thumbName) : null;
  const tempThumb = thumbName ? join(thumbDir, `.${thumbName}.partial`) : null;
  const thumbnailPath = thumbName ? `/media/imported/thumbnails/${brand.slug}/${thumbName}` : '';

  const placed: string[] = [];
  try {
    await mkdir(mediaDir, { recursive: true });
    await copyFile(path, tempMedia);
    if (parsed.cover && tempThumb) {
      await mkdir(thumbDir, { recursive: true });
      await writeFile(tempThumb, parsed.cover.data);
    }
    const mediaId = await db.kysely.transaction().execute(async (trx) => {
      const id = await insertParsed(trx, db.dialect, brand.id, parsed, playbackKey, thumbnailPath, short);
      await trx
        .insertInto('media_imports')
        .values({
          brand_id: brand.id,
          content_hash: hash,
          media_id: id,
          source_name: basename(path).slice(0, 255),
          stored_path: playbackKey,
          created_at: isoNow(),
        })
        .execute();
      // Last step: the copies take their served names. A failure from here rolls the rows back.
      await rename(tempMedia, finalMedia);
      placed.push(finalMedia);
      if (tempThumb && finalThumb) {
        await rename(tempThumb, finalThumb);
        placed.push(finalThumb);
      }
      return id;
    });
    return {
      status: 'imported',
      path: shown,
      mediaId,
      mediaType: parsed.mediaType,
      title: parsed.title,
      chapters: parsed.chapters.length,
    };
  } catch (error) {
    await Promise.all(
      [tempMedia, ...(tempThumb ? [tempThumb] : []), ...placed].map((file) => rm(file, { force: true })),
    );
    throw error;
  }
}

/** Writes one parsed file's rows; answers the id of the title it became (a track: the track). */
async function insertParsed(
  trx: Kysely<Database>,
  dialect: Db['dialect'],
  brandId: number,
  parsed: ParsedMedia,
  playbackKey: string,
  thumbnailPath: string,
  shortHash: string,
): Promise<number> {
  const repository = createCatalogRepository(trx, dialect);
  const people = await findOrCreatePeople(trx, [
    ...new Set([...parsed.people.map((p) => p.name), ...(parsed.album?.artist ? [parsed.album.artist] : [])]),
  ]);
  const genreIds = await findOrCreateGenres(trx, parsed.mediaType, parsed.genres);
  const links = parsed.people.flatMap((p) => {
    const personId = people.get(p.name);
    return personId ? [{ personId, role: p.role }] : [];
  });
  const thumbnail = { origin: '', path: thumbnailPath, cacheIndex: 0 };
  const common: NewMedia = {
    brandId,
    mediaType: parsed.mediaType,
    title: parsed.title,
    description: parsed.description,
    thumbnail,
    playbackKey,
    vendorId: `import-${shortHash}`,
    releaseDate: parsed.releaseDate,
    releaseYear: parsed.releaseYear,
    durationSeconds: parsed.durationSeconds,
    language: parsed.language,
    details: parsed.details,
    people: links,
    genreIds,
    translations: parsed.translations,
  };

  if (parsed.mediaType === 'music' && parsed.album) {
    // The album is the top-level title; the file is one of its tracks.
    const albumKey = `import-album-${createHash('sha256')
      .update(`${parsed.album.artist ?? ''}\u0000${parsed.album.title}`.toLowerCase())
      .digest('hex')
      .slice(0, 16)}`;
    let album = await trx
      .selectFrom('media_items')
      .select(['id', 'duration_seconds', 'thumbnail_path'])
      .where('brand_id', '=', brandId)
      .where('vendor_id', '=', albumKey)
      .where('parent_id', 'is', null)
      .executeTakeFirst();
    if (!album) {
      const artistId = parsed.album.artist ? people.get(parsed.album.artist) : undefined;
      const [albumId] = await repository.insertMedia([
        {
          ...common,
          title: parsed.album.title,
          description: '',
          playbackKey: null,
          vendorId: albumKey,
          durationSeconds: 0,
          people: artistId ? [{ personId: artistId, role: 'artist' }] : links,
        },
      ]);
      if (albumId === undefined) throw new Error('album insert failed');
      album = { id: albumId, duration_seconds: 0, thumbnail_path: thumbnailPath };
    }
    const [trackId] = await repository.insertMedia([
      { ...common, parentId: album.id, position: parsed.album.trackNumber },
    ]);
    if (trackId === undefined) throw new Error('track insert failed');
    await trx
      .updateTable('media_items')
      .set({
        duration_seconds: (album.duration_seconds ?? 0) + (parsed.durationSeconds ?? 0),
        ...(album.thumbnail_path === '' && thumbnailPath !== '' ? { thumbnail_path: thumbnailPath } : {}),
      })
      .where('id', '=', album.id)
      .execute();
    return trackId;
  }

  const [id] = await repository.insertMedia([common]);
  if (id === undefined) throw new Error('insert failed');
  if (parsed.chapters.length > 0) {
    await repository.insertMedia(
      parsed.chapters.map((chapter, index) => ({
        brandId,
        mediaType: parsed.mediaType,
        parentId: id,
        position: index + 1,
        title: chapter.title,
        thumbnail,
        playbackKey: `${playbackKey}#t=${String(Math.round(chapter.start * 1000) / 1000)},${String(Math.round(chapter.end * 1000) / 1000)}`,
        durationSeconds: Math.round(chapter.end - chapter.start),
      })),
    );
  }
  return id;
}

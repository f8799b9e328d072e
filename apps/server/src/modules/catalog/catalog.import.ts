import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, lstat, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, extname, join, relative } from 'node:path';

import type { MediaType } from '@member/domain';

import type { Db } from '../../db/database';
import { readAudio } from './catalog.import-audio';
import { coverFileName, coverVariants } from './catalog.import-cover';
import { readEpub } from './catalog.import-epub';
import { type ImportTools, ImportRejection, type ParsedMedia, clean } from './catalog.import-metadata';
import { readVideo } from './catalog.import-video';
import type { NewMedia } from './catalog.records';
import { type CatalogWrites, createCatalogWrites, slugify } from './catalog.writes.repository';

/*
 * `npm run catalog:import -- --brand <slug> <folder>` (issue 3, part 5): imports a folder of real media
 * into a brand's catalog with the metadata read from the files, by one reader per format:
 *
 * - MP3 / M4A / M4B: music tracks filed under their album, or audiobooks with their chapters as
 *   children (catalog.import-audio.ts, with the ID3 and MP4 readers catalog.import-id3.ts and
 *   catalog.import-mp4.ts).
 * - MP4 / M4V: a movie played progressively (catalog.import-video.ts).
 * - EPUB: an ebook, from its OPF package metadata (catalog.import-epub.ts).
 *
 * Files are copied to `<importedDir>/<brand>/<type>/<hash>-<name>` (playback key
 * `/media/imported/<brand>/<type>/<file>`), covers to `<importedDir>/thumbnails/<brand>/<hash>-w<width>.jpg` in several widths
 * (public). Each file is one transaction: its title, people, genres, translations, search row and
 * `media_imports` row, written by the catalog's writes (catalog.writes.repository.ts). Copies are
 * written under a temporary dot-name (never served) and renamed into place as the transaction's last
 * step; a failure removes them, so a rejected file leaves no row and no file. The content hash makes a
 * re-run import nothing twice.
 */

export interface ImportOptions {
  brandSlug: string;
  folder: string;
  /** config.media.importedDir: `${MEDIA_DIR:-DATA_DIR/media}/imported`. */
  importedDir: string;
  /** Per-file progress, for the command line. */
  onFile?: (outcome: ImportOutcome) => void;
  /** The programs the readers may run (ffmpeg for videos' poster frames); found on PATH by default. */
  tools?: Partial<ImportTools>;
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
      /** What the operator should know (a video's poster frame taken or skipped). */
      notes: string[];
    }
  | { status: 'duplicate'; path: string; mediaId: number }
  | { status: 'rejected'; path: string; reason: string };

export interface ImportReport {
  brandId: number;
  outcomes: ImportOutcome[];
}

/** The reader of each supported extension. */
const READERS = new Map<string, (path: string, ext: string, tools: ImportTools) => Promise<ParsedMedia>>([
  ['.mp3', readAudio],
  ['.m4a', readAudio],
  ['.m4b', readAudio],
  ['.mp4', readVideo],
  ['.m4v', readVideo],
  ['.epub', readEpub],
]);

/** File names of the copies are made of the original's, this long at most. */
const FILE_SLUG_LENGTH = 60;

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

const unsupported = (ext: string) =>
  new ImportRejection(
    `unsupported file type "${clean(ext, 16) || '(none)'}" (MP3, M4A, M4B, MP4, M4V or EPUB)`,
  );

/** Imports every supported file of `folder` into the brand's catalog; see the comment at the top. */
export async function importCatalogFolder(db: Db, options: ImportOptions): Promise<ImportReport> {
  const brand = await createCatalogWrites(db.kysely, db.dialect).findBrandBySlug(options.brandSlug);
  if (!brand) throw new Error(`No brand with the slug "${options.brandSlug}".`);
  const folderStat = await lstat(options.folder).catch(() => null);
  if (!folderStat?.isDirectory()) throw new Error(`${options.folder} is not a folder.`);

  const outcomes: ImportOutcome[] = [];
  for (const path of await listFiles(options.folder)) {
    const shown = relative(options.folder, path) || basename(path);
    const tools: ImportTools = { ffmpeg: options.tools?.ffmpeg ?? 'ffmpeg' };
    const outcome = await importFile(db, brand, path, shown, options.importedDir, tools).catch(
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
  tools: ImportTools,
): Promise<ImportOutcome> {
  const ext = extname(path).toLowerCase();
  const read = READERS.get(ext);
  if (!read) throw unsupported(ext);
  const hash = await hashFile(path);
  const existing = await createCatalogWrites(db.kysely, db.dialect).findImportedMediaId(brand.id, hash);
  if (existing !== undefined) return { status: 'duplicate', path: shown, mediaId: existing };

  const parsed = await read(path, ext, tools);
  const short = hash.slice(0, 16);
  const typeFolder = parsed.mediaType === 'music' ? 'music' : `${parsed.mediaType}s`;
  const fileName = `${short}-${slugify(basename(path, ext), FILE_SLUG_LENGTH)}${ext}`;
  const mediaDir = join(importedDir, brand.slug, typeFolder);
  const finalMedia = join(mediaDir, fileName);
  const tempMedia = join(mediaDir, `.${fileName}.partial`);
  const playbackKey = `/media/imported/${brand.slug}/${typeFolder}/${fileName}`;
  const thumbDir = join(importedDir, 'thumbnails', brand.slug);
  // The cover in several widths (catalog.import-cover.ts); an undecodable one is left out, as none.
  const variants = parsed.cover ? await coverVariants(parsed.cover.data).catch(() => []) : [];
  const thumbs = variants.map((variant) => {
    const name = coverFileName(short, variant.width);
    return { ...variant, final: join(thumbDir, name), temp: join(thumbDir, `.${name}.partial`), name };
  });
  const largest = thumbs.at(-1);
  const thumbnailPath = largest ? `/media/imported/thumbnails/${brand.slug}/${largest.name}` : '';

  const placed: string[] = [];
  try {
    await mkdir(mediaDir, { recursive: true });
    await copyFile(path, tempMedia);
    if (thumbs.length > 0) await mkdir(thumbDir, { recursive: true });
    for (const thumb of thumbs) await writeFile(thumb.temp, thumb.data);
    const mediaId = await db.kysely.transaction().execute(async (trx) => {
      const catalog = createCatalogWrites(trx, db.dialect);
      const id = await insertParsed(catalog, brand.id, parsed, playbackKey, thumbnailPath, short);
      await catalog.recordImport({
        brandId: brand.id,
        contentHash: hash,
        mediaId: id,
        sourceName: basename(path).slice(0, 255),
        storedPath: playbackKey,
      });
      // Last step: the copies take their served names. A failure from here rolls the rows back.
      await rename(tempMedia, finalMedia);
      placed.push(finalMedia);
      for (const thumb of thumbs) {
        await rename(thumb.temp, thumb.final);
        placed.push(thumb.final);
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
      notes: parsed.notes ?? [],
    };
  } catch (error) {
    await Promise.all(
      [tempMedia, ...thumbs.map((thumb) => thumb.temp), ...placed].map((file) => rm(file, { force: true })),
    );
    throw error;
  }
}

/** Writes one parsed file's rows; answers the id of the title it became (a track: the track). */
async function insertParsed(
  catalog: CatalogWrites,
  brandId: number,
  parsed: ParsedMedia,
  playbackKey: string,
  thumbnailPath: string,
  shortHash: string,
): Promise<number> {
  const people = await catalog.findOrCreatePeople([
    ...new Set([...parsed.people.map((p) => p.name), ...(parsed.album?.artist ? [parsed.album.artist] : [])]),
  ]);
  const genreIds = await catalog.findOrCreateGenres(parsed.mediaType, parsed.genres);
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
    let album = await catalog.findTopLevelByVendorId(brandId, albumKey);
    if (!album) {
      const artistId = parsed.album.artist ? people.get(parsed.album.artist) : undefined;
      const [albumId] = await catalog.insertMedia([
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
      album = { id: albumId, durationSeconds: 0, thumbnailPath };
    }
    const [trackId] = await catalog.insertMedia([
      { ...common, parentId: album.id, position: parsed.album.trackNumber },
    ]);
    if (trackId === undefined) throw new Error('track insert failed');
    await catalog.updateMedia(brandId, album.id, {
      durationSeconds: (album.durationSeconds ?? 0) + (parsed.durationSeconds ?? 0),
      ...(album.thumbnailPath === '' && thumbnailPath !== '' ? { thumbnailPath } : {}),
    });
    return trackId;
  }

  const [id] = await catalog.insertMedia([common]);
  if (id === undefined) throw new Error('insert failed');
  if (parsed.chapters.length > 0) {
    await catalog.insertMedia(
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

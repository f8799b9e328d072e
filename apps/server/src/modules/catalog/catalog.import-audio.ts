import { open } from 'node:fs/promises';
import { basename } from 'node:path';

import { ChapterError, finishChapters } from './catalog.import-chapters';
import { readId3Chapters } from './catalog.import-id3';
import {
  type ImportedChapter,
  ImportRejection,
  MAX_TEXT,
  type ParsedMedia,
  clean,
  coverOf,
  genresOf,
  normalizeLanguage,
  readDate,
  readTags,
} from './catalog.import-metadata';
import { readMp4Chapters } from './catalog.import-mp4';

/*
 * The audio reader of the import: MP3 / M4A is a music track filed under its album (album + album
 * artist); M4B, and MP3 / M4A tagged as an audiobook or with chapters, is an audiobook whose chapters
 * become its children. Tags via music-metadata (title, artist / album artist, album, track number, year
 * or date, genre, duration, embedded cover); chapters from the ID3 tag of an MP3
 * (catalog.import-id3.ts) or the boxes of an MP4 (catalog.import-mp4.ts). A malformed chapter list
 * rejects the file.
 */

/** The chapters of an audio file (`.mp3`, `.m4a`, `.m4b`); empty when it has none. */
export async function readChapters(path: string, ext: string, duration: number): Promise<ImportedChapter[]> {
  const file = await open(path, 'r');
  try {
    const raw = ext === '.mp3' ? await readId3Chapters(file) : await readMp4Chapters(file);
    return finishChapters(raw, duration);
  } finally {
    await file.close();
  }
}

export async function readAudio(path: string, ext: string): Promise<ParsedMedia> {
  const meta = await readTags(path, ext);
  const duration = meta.format.duration;
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0)
    throw new ImportRejection('no audio found in the file (no duration)');
  const { common } = meta;
  const title = clean(common.title) || clean(basename(path, ext).replace(/[_]+/g, ' '));
  let chapters: ImportedChapter[];
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

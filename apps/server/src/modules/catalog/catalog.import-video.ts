import { basename } from 'node:path';

import {
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
import { assertBrowserPlayable } from './catalog.import-codecs';
import { readMp4MovieDuration, readMp4Tracks } from './catalog.import-mp4';

/*
 * The video reader of the import: an MP4 / M4V is a movie played progressively, from its MP4 tags and
 * duration (the movie header's when no track has one), once its codecs are known to play in browsers
 * (catalog.import-codecs.ts).
 */

export async function readVideo(path: string, ext: string): Promise<ParsedMedia> {
  // Before anything else: a file browsers cannot play is refused with the codec named (issue 15, item 8).
  assertBrowserPlayable(await readMp4Tracks(path).catch(() => null));
  const meta = await readTags(path, ext);
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

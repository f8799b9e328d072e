import { basename } from 'node:path';

import {
  type ImportTools,
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
import { posterTime, takePosterFrame } from './catalog.import-poster';

/*
 * The video reader of the import: an MP4 / M4V is a movie played progressively, from its MP4 tags and
 * duration (the movie header's when no track has one), once its codecs are known to play in browsers
 * (catalog.import-codecs.ts). Its cover is the one in its tags, else a poster frame taken with ffmpeg
 * (catalog.import-poster.ts); without ffmpeg the movie is imported without one, with a note saying so.
 */

export async function readVideo(
  path: string,
  ext: string,
  tools: ImportTools = { ffmpeg: 'ffmpeg' },
): Promise<ParsedMedia> {
  // Before anything else: a file browsers cannot play is refused with the codec named (issue 15, item 8).
  assertBrowserPlayable(await readMp4Tracks(path).catch(() => null));
  const meta = await readTags(path, ext);
  const duration = meta.format.duration ?? (await readMp4MovieDuration(path).catch(() => null)) ?? undefined;
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0)
    throw new ImportRejection('no playable track found in the file (no duration)');
  const { common } = meta;
  const { date, year } = readDate(common.date ?? common.releasedate ?? common.year);
  const notes: string[] = [];
  let cover = coverOf(common.picture?.[0]?.data);
  if (!cover) {
    const at = posterTime(duration);
    const frame = await takePosterFrame(path, at, tools.ffmpeg);
    if (frame.status === 'taken') cover = coverOf(frame.data);
    if (cover) notes.push(`poster frame taken at ${at.toFixed(1)} s`);
    else
      notes.push(
        `poster skipped: ${frame.status === 'skipped' ? frame.reason : 'the frame was not an image'}`,
      );
  }
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
    cover,
    chapters: [],
    translations: [],
    album: null,
    notes,
  };
}

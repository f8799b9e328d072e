import type { FileHandle } from 'node:fs/promises';

import { type ImportedChapter, clean } from './catalog.import-metadata';

/*
 * Chapter lists of imported audio (issue 3, part 5), read from the file itself by the MP4 reader
 * (catalog.import-mp4.ts) and the ID3 reader (catalog.import-id3.ts), then checked here.
 *
 * A file whose chapter data is inconsistent (a box or frame that runs past its parent, a chapter
 * starting after the audio ends, two chapters at the same time, a table of contents naming a chapter
 * that is not there...) throws a ChapterError: the importer rejects the whole file rather than import
 * a partial chapter list.
 */

/** The chapter data of a file is malformed; the message says how. */
export class ChapterError extends Error {}

/** More chapters than any audiobook has: a corrupt count, refused before it allocates anything. */
export const MAX_CHAPTERS = 2_000;
/** Largest `moov` box or ID3v2 tag read into memory (a long audiobook's sample tables fit easily). */
export const MAX_HEADER_BYTES = 64 * 1024 * 1024;
/** A chapter may end this far past the audio's measured duration (encoder padding) and is clamped. */
const END_TOLERANCE_SECONDS = 1;

/** A chapter as a file states it, before finishChapters checks it. */
export interface RawChapter {
  title: string;
  start: number;
  /** Null: until the next chapter (or the end of the audio). */
  end: number | null;
}

const secondsText = (seconds: number) => `${String(Math.round(seconds * 1000) / 1000)} s`;

/**
 * Checks and completes a chapter list read from a file: sorted by start, every start inside the
 * audio, no two at the same time, ends clamped to the next start and the audio's end.
 */
export function finishChapters(raw: readonly RawChapter[], duration: number): ImportedChapter[] {
  if (raw.length > MAX_CHAPTERS) throw new ChapterError(`more than ${String(MAX_CHAPTERS)} chapters`);
  const sorted = [...raw].sort((a, b) => a.start - b.start);
  return sorted.map((chapter, index) => {
    const number = String(index + 1);
    if (!Number.isFinite(chapter.start) || chapter.start < 0)
      throw new ChapterError(`chapter ${number} has no valid start time`);
    if (chapter.start >= duration)
      throw new ChapterError(
        `chapter ${number} starts at ${secondsText(chapter.start)}, after the audio ends (${secondsText(duration)})`,
      );
    const next = sorted[index + 1];
    if (next?.start === chapter.start)
      throw new ChapterError(`chapters ${number} and ${String(index + 2)} start at the same time`);
    if (chapter.end !== null) {
      if (!Number.isFinite(chapter.end) || chapter.end <= chapter.start)
        throw new ChapterError(`chapter ${number} ends before it starts`);
      if (chapter.end > duration + END_TOLERANCE_SECONDS)
        throw new ChapterError(
          `chapter ${number} ends at ${secondsText(chapter.end)}, after the audio ends (${secondsText(duration)})`,
        );
    }
    const end = Math.min(chapter.end ?? Infinity, next?.start ?? Infinity, duration);
    return { title: clean(chapter.title) || `Chapter ${number}`, start: chapter.start, end };
  });
}

/** `length` bytes of the file from `position`; a file that ends sooner has malformed chapter data. */
export async function readExactly(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ChapterError('the file ends inside its chapter data');
  return buffer;
}

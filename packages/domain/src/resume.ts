import type { MediaType } from './media-types';
import { isFractionProgress } from './progress';

/*
 * Where a member resumes a started title (issue 14 item 10): the detail page's button says "Resume 1:25",
 * "Continue chapter 3" or "Continue reading", and a continue card draws how far along the title is.
 * Saved progress is seconds for time-based media and the fraction read (0..1) for an ebook.
 */

/** A title's saved progress, as the server answers it. */
export interface SavedProgress {
  progress: number;
  finished: boolean;
}

export type ResumePoint =
  /** Nothing to resume: never started, finished, or progress that cannot be read. */
  | { kind: 'start' }
  /** A time-based title without chapters: resume at this second. */
  | { kind: 'resume'; seconds: number }
  /** An audiobook with chapters: the chapter (numbered from 1) the saved second falls in. */
  | { kind: 'chapter'; number: number; seconds: number }
  /** An ebook: the fraction read (0..1, exclusive of 0). */
  | { kind: 'read'; fraction: number };

/** Progress below this many seconds is a title barely opened: it starts from the beginning. */
export const RESUME_MIN_SECONDS = 5;

/**
 * The resume point of a title. `chapterStarts` are the chapters' start seconds in the file, in order
 * (empty when the title has none). Finished titles, invalid numbers and progress under
 * RESUME_MIN_SECONDS start over.
 */
export function resumePoint(input: {
  mediaType: MediaType;
  saved: SavedProgress | null;
  chapterStarts?: readonly number[];
}): ResumePoint {
  const { mediaType, saved } = input;
  if (!saved || saved.finished || !Number.isFinite(saved.progress) || saved.progress <= 0) {
    return { kind: 'start' };
  }
  if (isFractionProgress(mediaType)) {
    return saved.progress < 1 ? { kind: 'read', fraction: saved.progress } : { kind: 'start' };
  }
  if (saved.progress < RESUME_MIN_SECONDS) return { kind: 'start' };
  const seconds = saved.progress;
  const starts = input.chapterStarts ?? [];
  if (starts.length > 0) {
    let index = 0;
    for (const [position, start] of starts.entries()) {
      if (start <= seconds) index = position;
    }
    return { kind: 'chapter', number: index + 1, seconds };
  }
  return { kind: 'resume', seconds };
}

/**
 * How far along a started title is, 0..1, for a continue card's bar; null when it cannot be told (a
 * time-based title without a known length).
 */
export function progressFraction(input: {
  mediaType: MediaType;
  progress: number;
  durationSeconds: number | null | undefined;
}): number | null {
  const { mediaType, progress, durationSeconds } = input;
  if (!Number.isFinite(progress)) return null;
  if (isFractionProgress(mediaType)) return Math.min(1, Math.max(0, progress));
  if (durationSeconds === null || durationSeconds === undefined || !(durationSeconds > 0)) return null;
  return Math.min(1, Math.max(0, progress / durationSeconds));
}

import type { MediaType } from './media-types';

/*
 * Saved progress (spec section 7: content.updateMediaProgress(id, mediaType, progress)). Progress is
 * seconds into the title for time-based media and the fraction read (0..1) for an ebook, whose exact
 * place is the EPUB CFI kept beside it. The server decides with these rules whether a title is finished;
 * the client's word is never taken for it.
 */

/** Media types whose progress is the fraction read rather than seconds. */
export const FRACTION_PROGRESS_TYPES: readonly MediaType[] = ['ebook'];

/** Media types that keep progress at all; games and software have no place to resume. */
export const PROGRESS_MEDIA_TYPES: readonly MediaType[] = ['audiobook', 'ebook', 'music', 'movie', 'stream'];

/** An ebook counts as read from this fraction on (the last pages are often notes and the colophon). */
export const EBOOK_FINISHED_FRACTION = 0.98;
/** A time-based title counts as finished within this share of its end (end credits, applause)... */
export const FINISHED_TAIL_SHARE = 0.05;
/** ...but never more than this many seconds before the end, nor less than the minimum. */
export const FINISHED_TAIL_MAX_SECONDS = 300;
export const FINISHED_TAIL_MIN_SECONDS = 10;
/** The longest CFI kept with an ebook's progress. */
export const MAX_PROGRESS_POSITION_LENGTH = 512;

export function keepsProgress(mediaType: MediaType): boolean {
  return PROGRESS_MEDIA_TYPES.includes(mediaType);
}

export function isFractionProgress(mediaType: MediaType): boolean {
  return FRACTION_PROGRESS_TYPES.includes(mediaType);
}

export type ProgressCheck =
  { ok: true; progress: number } | { ok: false; reason: 'not_tracked' | 'invalid_progress' | 'no_duration' };

/**
 * Checks a reported progress against the title: a finite, non-negative number; at most 1 for an ebook;
 * for time-based media a title with a known duration, and a time past the end is clamped to the end
 * (players report the last frame a little late).
 */
export function normalizeProgress(input: {
  mediaType: MediaType;
  progress: number;
  durationSeconds: number | null;
}): ProgressCheck {
  const { mediaType, progress, durationSeconds } = input;
  if (!keepsProgress(mediaType)) return { ok: false, reason: 'not_tracked' };
  if (!Number.isFinite(progress) || progress < 0) return { ok: false, reason: 'invalid_progress' };
  if (isFractionProgress(mediaType)) {
    return progress > 1 ? { ok: false, reason: 'invalid_progress' } : { ok: true, progress };
  }
  if (durationSeconds === null || !(durationSeconds > 0)) return { ok: false, reason: 'no_duration' };
  return { ok: true, progress: Math.min(progress, durationSeconds) };
}

/** The seconds before the end from which a title of this length counts as finished. */
export function finishedTailSeconds(durationSeconds: number): number {
  return Math.min(
    FINISHED_TAIL_MAX_SECONDS,
    Math.max(FINISHED_TAIL_MIN_SECONDS, durationSeconds * FINISHED_TAIL_SHARE),
  );
}

/** Whether a (normalized) progress means the member has finished the title. */
export function isProgressFinished(input: {
  mediaType: MediaType;
  progress: number;
  durationSeconds: number | null;
}): boolean {
  const { mediaType, progress, durationSeconds } = input;
  if (isFractionProgress(mediaType)) return progress >= EBOOK_FINISHED_FRACTION;
  if (durationSeconds === null || !(durationSeconds > 0)) return false;
  return durationSeconds - progress <= finishedTailSeconds(durationSeconds);
}

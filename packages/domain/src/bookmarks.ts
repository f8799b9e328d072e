import type { MediaType } from './media-types';
import { MAX_PROGRESS_POSITION_LENGTH } from './progress';
import { isLongerThan, rawLengthLimit } from './text-bounds';

/*
 * Bookmarks in audiobooks and books (issue 14 item 11, decision 037): where a bookmark may be, what it
 * is called and how many a member keeps. The server checks every bookmark with these rules; the players
 * use the same ones to offer only what the server accepts.
 */

/** The titles that take bookmarks: an audiobook at a second, an ebook at a place (an EPUB CFI). */
export const BOOKMARK_MEDIA_TYPES = ['audiobook', 'ebook'] as const satisfies readonly MediaType[];
export type BookmarkMediaType = (typeof BOOKMARK_MEDIA_TYPES)[number];

export const BOOKMARK_LIMITS = {
  /** Bookmarks per member and title; one more is refused (bookmarks_full). */
  perTitle: 100,
  /** Characters of a bookmark's name once trimmed. */
  nameLength: 80,
} as const;

export function takesBookmarks(mediaType: string): mediaType is BookmarkMediaType {
  return (BOOKMARK_MEDIA_TYPES as readonly string[]).includes(mediaType);
}

export type BookmarkPlace =
  | { ok: true; position: number; location: string | null; key: string }
  | { ok: false; reason: 'invalid_position' | 'invalid_location' };

/**
 * A bookmark's place, checked: an audiobook's second within the title's length (rounded to a tenth, so
 * two clicks on the same moment are one place), or an ebook's fraction read (0..1) with its CFI. The
 * key names the place; a member has one bookmark per key and title.
 */
export function bookmarkPlace(input: {
  mediaType: BookmarkMediaType;
  position: number;
  location: string | null | undefined;
  durationSeconds: number | null;
}): BookmarkPlace {
  const { mediaType, position } = input;
  if (!Number.isFinite(position) || position < 0) return { ok: false, reason: 'invalid_position' };
  if (mediaType === 'audiobook') {
    const seconds = Math.round(position * 10) / 10;
    if (input.durationSeconds !== null && seconds > input.durationSeconds + 1) {
      return { ok: false, reason: 'invalid_position' };
    }
    return { ok: true, position: seconds, location: null, key: `t:${seconds.toFixed(1)}` };
  }
  if (position > 1) return { ok: false, reason: 'invalid_position' };
  const location = input.location?.trim() ?? '';
  // An EPUB CFI: "epubcfi(/6/4!/4/2/1:0)"; nothing else is a place in a book.
  if (
    location.length === 0 ||
    location.length > MAX_PROGRESS_POSITION_LENGTH ||
    !/^epubcfi\([^\s()]*(\([^\s()]*\)[^\s()]*)*\)$/.test(location)
  ) {
    return { ok: false, reason: 'invalid_location' };
  }
  return { ok: true, position, location, key: `c:${location}` };
}

// Letters, marks, numbers, punctuation, symbols and spaces; no control or format characters.
const NAME = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]+$/u;

export type BookmarkName =
  | { ok: true; name: string }
  | { ok: false; reason: 'bookmark_name_required' | 'bookmark_name_too_long' | 'bookmark_name_invalid' };

/** A bookmark's name: trimmed, spaces folded, 1 to BOOKMARK_LIMITS.nameLength characters, printable. */
export function bookmarkName(raw: string): BookmarkName {
  if (raw.length > rawLengthLimit(BOOKMARK_LIMITS.nameLength)) {
    return { ok: false, reason: 'bookmark_name_too_long' };
  }
  const name = raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
  if (name.length === 0) return { ok: false, reason: 'bookmark_name_required' };
  if (isLongerThan(name, BOOKMARK_LIMITS.nameLength)) return { ok: false, reason: 'bookmark_name_too_long' };
  if (!NAME.test(name)) return { ok: false, reason: 'bookmark_name_invalid' };
  return { ok: true, name };
}

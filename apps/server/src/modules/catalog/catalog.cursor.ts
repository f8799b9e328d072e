import { badInput } from '../../errors';

/**
 * Keyset cursors: base64url of the JSON pair [sort key, id] of the last row of a page. Opaque to
 * clients; a cursor that does not decode to the key type of its list is the caller's mistake
 * (BAD_USER_INPUT), never a 500.
 */
export type CursorKey = string | number;

export interface Cursor<K extends CursorKey> {
  key: K;
  id: number;
}

const MAX_CURSOR_LENGTH = 512;

export function encodeCursor(key: CursorKey, id: number): string {
  return Buffer.from(JSON.stringify([key, id]), 'utf8').toString('base64url');
}

function invalidCursor() {
  return badInput('The page cursor is not valid.', 'invalid_cursor');
}

function parse(cursor: string): unknown {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
}

function isPair(value: unknown): value is [unknown, unknown] {
  return Array.isArray(value) && value.length === 2;
}

const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
const isId = (value: unknown): value is number => isInteger(value) && value >= 1;

/** A cursor of a list sorted by a text key (release date). Null or '' is the first page. */
export function decodeTextCursor(cursor: string | null | undefined): Cursor<string> | null {
  if (!cursor) return null;
  const value = parse(cursor);
  if (!isPair(value) || typeof value[0] !== 'string' || value[0].length > 64 || !isId(value[1])) {
    throw invalidCursor();
  }
  return { key: value[0], id: value[1] };
}

/** A cursor of a list sorted by an integer key (popularity). Null or '' is the first page. */
export function decodeIntegerCursor(cursor: string | null | undefined): Cursor<number> | null {
  if (!cursor) return null;
  const value = parse(cursor);
  if (!isPair(value) || !isInteger(value[0]) || !isId(value[1])) throw invalidCursor();
  return { key: value[0], id: value[1] };
}

/** A search page's cursor: the tier (0 title matches, 1 the others) and the last row's rank key as text. */
export function encodeSearchCursor(tier: 0 | 1, rank: string): string {
  return Buffer.from(JSON.stringify([tier, rank]), 'utf8').toString('base64url');
}

export function decodeSearchCursor(cursor: string | null | undefined): { tier: 0 | 1; rank: string } | null {
  if (!cursor) return null;
  const value = parse(cursor);
  if (
    !isPair(value) ||
    (value[0] !== 0 && value[0] !== 1) ||
    typeof value[1] !== 'string' ||
    !/^\d{1,20}$/.test(value[1])
  ) {
    throw invalidCursor();
  }
  return { tier: value[0], rank: value[1] };
}

/*
 * The migration-to-brand notice (spec section 2, modals): a brand whose site config says it has moved to
 * another brand shows its members, once, where and how to continue. The operator sets the move
 * (`brand:edit --moved-to-url … --moved-to-name …`); the server decides whom to show it to and records
 * that a member has seen it (`member_notices`, one row per member and notice).
 */

/** Where the brand's members continue: the new brand's name and its member area's address. */
export interface BrandMove {
  name: string;
  url: string;
}

export type BrandMoveIssue = 'invalid_name' | 'invalid_url';

const MAX_NAME = 100;
const MAX_URL = 300;
// C0 and C1 control characters: the name is shown on one line.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Checks an operator's move: a name of 1 to 100 characters and an absolute `https:` address without
 * credentials (`http:` only for a `localhost` name, the demo brands' host names). The address is kept as
 * the URL parser normalises it.
 */
export function parseBrandMove(input: {
  name: string;
  url: string;
}): { ok: true; move: BrandMove } | { ok: false; issue: BrandMoveIssue } {
  const name = input.name.trim();
  if (name.length === 0 || name.length > MAX_NAME || CONTROL_CHARACTERS.test(name)) {
    return { ok: false, issue: 'invalid_name' };
  }
  if (input.url.length > MAX_URL) return { ok: false, issue: 'invalid_url' };
  let url: URL;
  try {
    url = new URL(input.url.trim());
  } catch {
    return { ok: false, issue: 'invalid_url' };
  }
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && local);
  if (!secure || url.username !== '' || url.password !== '' || url.hostname === '') {
    return { ok: false, issue: 'invalid_url' };
  }
  return { ok: true, move: { name, url: url.href } };
}

/**
 * The notice's key in `member_notices`: per destination, so that a brand that moves again (somewhere
 * else) tells its members again, while the same move is told once.
 */
export function brandMoveNoticeKey(move: BrandMove): string {
  return `brand_moved:${new URL(move.url).host}`;
}

/** The host name shown to the member ("continue at members.example.com"). */
export function brandMoveHost(move: BrandMove): string {
  return new URL(move.url).host;
}

import type { MediaType } from './media-types';

/*
 * The home page's featured title (issue 14, item 12). The server chooses it: the title the member was
 * last in the middle of (so the biggest button on the page resumes it), else a pick from the brand's
 * editorial shelves that changes once a day and differs between members, so a household does not see
 * the same title on every screen, and a reload does not change it.
 */

/** The slots the pick comes from, best first: an operator's own `featured` slot, then the home shelves. */
export const FEATURED_SLOTS = ['featured', 'staff_picks', 'popular', 'new_releases'] as const;

/**
 * The types a pick may be: titles that play or open in the app. Software is a download and a stream a
 * schedule of events, neither a title to put first on the page; a member's own unfinished title of any
 * type is still featured.
 */
export const FEATURED_PICK_TYPES: readonly MediaType[] = ['movie', 'audiobook', 'ebook', 'music', 'game'];

/** Why a title is featured: the member's unfinished title, or the day's pick. */
export type FeaturedReason = 'continue' | 'pick';

export interface FeaturedCandidate {
  id: number;
  mediaType: MediaType;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A seed that stays the same for one member through a UTC day and moves on the next. */
export function featuredSeed(now: Date, memberId: number): number {
  const day = Math.floor(now.getTime() / DAY_MS);
  // Members are spread over the list by a multiplicative hash of their id (Knuth's constant).
  const spread = Math.imul(Math.max(0, Math.trunc(memberId)), 2654435761) >>> 0;
  return (day + spread) >>> 0;
}

/**
 * The candidates in the order they are tried: duplicates (a title on several shelves) dropped, and the
 * list turned so that the seed's title comes first; the rest follow, so when the first cannot be opened
 * (not in the member's membership, not playable here) the next is as good a choice.
 */
export function featuredOrder<T extends FeaturedCandidate>(candidates: readonly T[], seed: number): T[] {
  const seen = new Set<string>();
  const unique = candidates.filter((candidate) => {
    const key = `${candidate.mediaType}:${String(candidate.id)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) return [];
  const start = (Math.trunc(Math.abs(seed)) || 0) % unique.length;
  return [...unique.slice(start), ...unique.slice(0, start)];
}

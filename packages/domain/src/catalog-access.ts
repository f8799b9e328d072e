import { IPHONE_HIDDEN_MEDIA_TYPES, type MediaType, isIphoneUserAgent } from './media-types';
import { tagValue } from './tag-values';

/**
 * The brand tag that limits content to the media types of the member's subscriptions (spec section 5,
 * "the tag {token}"). Without it, any caller with a visitor or member token may open any title.
 */
export const CONTENT_ACCESS_TAG = 'content_access:subscription';

/** Free-content slots (spec section 1): their titles are open to members without the subscription. */
export const FREE_CONTENT_SLOTS = ['movie_free', 'ebook_free', 'audiobook_free'] as const;
export type FreeContentSlot = (typeof FREE_CONTENT_SLOTS)[number];

/** Whether the brand's tags turn on subscription-limited content access. */
export function hasContentAccessTag(brandTags: readonly string[]): boolean {
  const [name, value] = CONTENT_ACCESS_TAG.split(':') as [string, string];
  return tagValue(brandTags, name)?.toLowerCase() === value;
}

/** Spec section 5: media detail ignores ids below 1 (and anything that is not a whole number). */
export function meaningfulMediaId(id: number): number | null {
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/** Game and software are hidden on iPhone (spec section 5). */
export function isHiddenOnDevice(mediaType: MediaType, userAgent: string): boolean {
  return IPHONE_HIDDEN_MEDIA_TYPES.includes(mediaType) && isIphoneUserAgent(userAgent);
}

/**
 * A title's geo list holds the ISO countries it may be played in; null means everywhere. An empty
 * list means nowhere (a title withdrawn by its rights holder), never "everywhere".
 */
export function isAvailableInCountry(geoAllow: readonly string[] | null, country: string): boolean {
  if (geoAllow === null) return true;
  const wanted = country.toUpperCase();
  return geoAllow.some((allowed) => allowed.toUpperCase() === wanted);
}

export interface MediaAccessInput {
  mediaType: MediaType;
  isFree: boolean;
  /** The title sits in one of the brand's free-content slots. */
  inFreeSlot: boolean;
  geoAllow: readonly string[] | null;
  country: string;
  brandTags: readonly string[];
  /** The media types the caller's subscriptions grant (none for a visitor). */
  subscribedMediaTypes: readonly string[];
}

export type MediaAccessDenial = 'not_available_in_location' | 'subscription_required';
export type MediaAccess = { allowed: true } | { allowed: false; reason: MediaAccessDenial };

/**
 * Whether the caller may open a title. Location is checked first: a title that cannot play here is
 * refused even when free. The subscription check applies only with the brand's access tag, and free
 * titles and titles in a free-content slot stay open to everyone.
 */
export function mediaAccess(input: MediaAccessInput): MediaAccess {
  if (!isAvailableInCountry(input.geoAllow, input.country)) {
    return { allowed: false, reason: 'not_available_in_location' };
  }
  if (!hasContentAccessTag(input.brandTags) || input.isFree || input.inFreeSlot) return { allowed: true };
  return input.subscribedMediaTypes.includes(input.mediaType)
    ? { allowed: true }
    : { allowed: false, reason: 'subscription_required' };
}

/**
 * Why a title is locked for the caller, as a card or a title page shows it before it is opened
 * (issue 14 item 3): `sign_in_required` when a visitor would need a membership (signing in may open
 * it), `subscription_required` when the member's membership does not include it, and
 * `not_available_in_location` when it does not play in the request's country. Null when it opens.
 * The same rule as `mediaAccess`, which refuses the detail: a card's lock never disagrees with it.
 */
export type MediaLock = MediaAccessDenial | 'sign_in_required';

export function mediaLock(input: MediaAccessInput & { isMember: boolean }): MediaLock | null {
  const access = mediaAccess(input);
  if (access.allowed) return null;
  if (access.reason === 'subscription_required' && !input.isMember) return 'sign_in_required';
  return access.reason;
}

/**
 * Search counts stop at this many matches per media type (decision 036): counting further would cost
 * a walk of every match ("the" matches most of a 1M-title catalog); past it the web says "1,000+".
 */
export const SEARCH_COUNT_CAP = 1000;

/** A count of matches: exact below the cap, "at least the cap" at it. */
export interface SearchCount {
  count: number;
  /** True when there may be more matches than `count` (which is then the cap). */
  capped: boolean;
}

/** A capped count from the number of rows a count saw when it read at most `SEARCH_COUNT_CAP + 1`. */
export function cappedCount(seen: number, cap: number = SEARCH_COUNT_CAP): SearchCount {
  return seen > cap ? { count: cap, capped: true } : { count: Math.max(0, seen), capped: false };
}

import type { MediaType } from '@member/domain';
import { formatNumber } from '../../../lib/format';
import type { Translator } from '../../../lib/i18n';
import type { MatchCount } from '../api/search-media';

/** A count as the screen writes it: "37", or "1,000+" when the server stopped counting at its cap. */
export function countText(count: MatchCount, locale: Translator['locale']): string {
  const number = formatNumber(count.count, locale);
  return count.capped ? `${number}+` : number;
}

/** The URL parameter of a type page that holds the cursors of the pages before it. */
export const PAGES_PARAM = 'after';

/**
 * `/search/{media}?q=…`: one media type's results, a page at a time. `cursors` are the server's
 * nextCursors that led to the page (none on page 1); they live in the URL, so Back, reload and a
 * shared link come back to the same page.
 */
export function searchTypeHref(mediaType: MediaType, query: string, cursors: readonly string[] = []): string {
  const params = new URLSearchParams({ q: query });
  if (cursors.length > 0) params.set(PAGES_PARAM, cursors.join('.'));
  return `/search/${mediaType}?${params.toString()}`;
}

/** The cursors of a type page's URL: base64url words joined by dots; anything else means page 1. */
export function readCursors(value: string | null): string[] {
  if (!value || value.length > 4000) return [];
  const cursors = value.split('.');
  return cursors.every((cursor) => /^[A-Za-z0-9_-]{1,512}$/.test(cursor)) ? cursors : [];
}

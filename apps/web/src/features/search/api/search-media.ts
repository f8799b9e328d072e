import { type MediaType, isMediaType } from '@member/domain';
import { gql, graphqlRequest } from '../../../lib/graphql';
import { MEDIA_CARD_FIELDS, type MediaCardData } from '../../../lib/media/media-card-fields';

/** Shorter queries are not sent: one letter matches most of a catalog and says little. */
export const MIN_QUERY_LENGTH = 2;

/** The server keeps the first 200 characters of a query; the field stops there too. */
export const MAX_QUERY_LENGTH = 200;

/** Results per media type (the server allows up to 50). */
export const RESULTS_PER_TYPE = 20;

export interface SearchGroup {
  mediaType: MediaType;
  items: MediaCardData[];
}

const SEARCH_QUERY = gql<
  { content: { search: { mediaType: string; items: MediaCardData[] }[] } },
  { query: string; first: number }
>(`
  query Search($query: String!, $first: Int) {
    content { search(query: $query, first: $first) { mediaType items { ${MEDIA_CARD_FIELDS} } } }
  }
`);

/** The query as it is searched: spaces collapsed and trimmed, at most MAX_QUERY_LENGTH characters. */
export function normalizeQuery(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/**
 * Whether a query is long enough to send: the server searches words of letters and digits only, so
 * those are what count (as characters, not UTF-16 units). One kanji is enough, as it is a word of its
 * own (港, harbour) which the server finds inside titles; one letter or kana would match almost anything.
 */
export function isSearchable(query: string): boolean {
  return (query.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= MIN_QUERY_LENGTH || /\p{Script=Han}/u.test(query);
}

/**
 * content.search: titles, people and descriptions, grouped by media type in the product's order, best
 * first within a group. Empty groups and types the web does not know are left out.
 */
export async function searchMedia(
  query: string,
  options: { signal?: AbortSignal } = {},
): Promise<SearchGroup[]> {
  const data = await graphqlRequest(SEARCH_QUERY, { query, first: RESULTS_PER_TYPE }, options);
  return data.content.search.flatMap((group) =>
    isMediaType(group.mediaType) && group.items.length > 0
      ? [{ mediaType: group.mediaType, items: group.items }]
      : [],
  );
}

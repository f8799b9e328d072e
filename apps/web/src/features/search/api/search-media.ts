import { type MediaType, isMediaType } from '@member/domain';
import { gql, graphqlRequest } from '../../../lib/graphql';
import { MEDIA_CARD_FIELDS, type MediaCardData } from '../../../lib/media/media-card-fields';

/** Shorter queries are not sent: one letter matches most of a catalog and says little. */
export const MIN_QUERY_LENGTH = 2;

/** The server keeps the first 200 characters of a query; the field stops there too. */
export const MAX_QUERY_LENGTH = 200;

/** Results per media type on the search screen (the server allows up to 50); "See all" pages the rest. */
export const RESULTS_PER_TYPE = 20;

/** Results per page of a type's "See all" list. */
export const RESULTS_PER_PAGE = 24;

/** Suggestions under the field while typing: the best few of each type, at most this many in all. */
export const MAX_SUGGESTIONS = 8;
const SUGGESTIONS_PER_TYPE = 3;

/** How many titles match: exact, or at least `count` when `capped` (the server stops counting at 1,000). */
export interface MatchCount {
  count: number;
  capped: boolean;
}

export interface SearchGroup extends MatchCount {
  mediaType: MediaType;
  items: MediaCardData[];
}

interface GroupData {
  mediaType: string;
  count: number | null;
  countCapped: boolean;
  items: MediaCardData[];
}

const SEARCH_QUERY = gql<
  { content: { search: GroupData[] } },
  { query: string; first: number; withCounts: boolean }
>(`
  query Search($query: String!, $first: Int, $withCounts: Boolean) {
    content {
      search(query: $query, first: $first, withCounts: $withCounts) {
        mediaType count countCapped items { ${MEDIA_CARD_FIELDS} }
      }
    }
  }
`);

/** A title offered under the field while typing. */
export interface Suggestion {
  id: number;
  mediaType: MediaType;
  title: string;
  slug: string;
}

const SUGGEST_QUERY = gql<
  { content: { search: { mediaType: string; items: { id: number; title: string; slug: string }[] }[] } },
  { query: string; first: number }
>(`
  query Suggest($query: String!, $first: Int) {
    content { search(query: $query, first: $first) { mediaType items { id title slug } } }
  }
`);

export interface SearchPageData extends MatchCount {
  items: MediaCardData[];
  nextCursor: string | null;
}

const SEARCH_PAGE_QUERY = gql<
  {
    content: {
      searchPage: { items: MediaCardData[]; nextCursor: string | null; count: number; countCapped: boolean };
    };
  },
  { query: string; mediaType: string; after: string | null; first: number }
>(`
  query SearchPage($query: String!, $mediaType: String!, $after: String, $first: Int) {
    content {
      searchPage(query: $query, mediaType: $mediaType, after: $after, first: $first) {
        count countCapped nextCursor items { ${MEDIA_CARD_FIELDS} }
      }
    }
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
  const data = await graphqlRequest(
    SEARCH_QUERY,
    { query, first: RESULTS_PER_TYPE, withCounts: true },
    options,
  );
  return data.content.search.flatMap((group) =>
    isMediaType(group.mediaType) && group.items.length > 0
      ? [
          {
            mediaType: group.mediaType,
            items: group.items,
            count: Math.max(group.count ?? 0, group.items.length),
            capped: group.countCapped,
          },
        ]
      : [],
  );
}

/**
 * The titles offered while typing: the best few of each type, in the product's order of types, at
 * most MAX_SUGGESTIONS in all (the first of every type before the second of any).
 */
export async function suggestMedia(
  query: string,
  options: { signal?: AbortSignal } = {},
): Promise<Suggestion[]> {
  const data = await graphqlRequest(SUGGEST_QUERY, { query, first: SUGGESTIONS_PER_TYPE }, options);
  const groups = data.content.search.flatMap((group) => {
    const { mediaType } = group;
    return isMediaType(mediaType) ? [group.items.map((item) => ({ ...item, mediaType }))] : [];
  });
  const picked: Suggestion[] = [];
  for (let rank = 0; rank < SUGGESTIONS_PER_TYPE; rank += 1)
    for (const group of groups) {
      const item = group[rank];
      if (item && picked.length < MAX_SUGGESTIONS) picked.push(item);
    }
  return picked;
}

/** content.searchPage: one type's results after `after` (a nextCursor), with the type's count. */
export async function searchMediaPage(
  query: string,
  mediaType: MediaType,
  after: string | null,
  options: { signal?: AbortSignal } = {},
): Promise<SearchPageData> {
  const data = await graphqlRequest(
    SEARCH_PAGE_QUERY,
    { query, mediaType, after, first: RESULTS_PER_PAGE },
    options,
  );
  const page = data.content.searchPage;
  return { items: page.items, nextCursor: page.nextCursor, count: page.count, capped: page.countCapped };
}

import type { MediaType } from '@member/domain';
import { gql, graphqlRequest } from '../../../lib/graphql';
import { MEDIA_CARD_FIELDS, type MediaCardData } from '../../../lib/media/media-card-fields';

/** A genre of one media type, with its parent for subgenres (the server's `Genre`). */
export interface Genre {
  id: number;
  slug: string;
  title: string;
  parent: { id: number; slug: string; title: string } | null;
}

export const GENRE_FIELDS = 'id slug title parent { id slug title }';

/** One keyset page of cards; `nextCursor` is null on the last page. */
export interface MediaPage {
  items: MediaCardData[];
  nextCursor: string | null;
}

export type MediaListOrder = 'NEW_RELEASES' | 'POPULAR';

/** What a list page asks for: newest or most popular titles of a type, or newest within a genre. */
export interface MediaListQuery {
  mediaType: MediaType;
  order: MediaListOrder;
  genreId?: number | null;
}

/** Titles per page of a list; shelves show fewer. */
export const PAGE_SIZE = 24;
export const SHELF_SIZE = 16;

const PAGE_FIELDS = `items { ${MEDIA_CARD_FIELDS} } nextCursor`;

const MEDIA_LIST_QUERY = gql<
  { content: { list: MediaPage } },
  MediaListQuery & { after: string | null; first: number }
>(`
  query MediaList($mediaType: String!, $order: MediaListOrder, $genreId: Int, $after: String, $first: Int) {
    content {
      list(mediaType: $mediaType, order: $order, genreId: $genreId, after: $after, first: $first) { ${PAGE_FIELDS} }
    }
  }
`);

/** One page of `content.list`; `after` is the previous page's `nextCursor`, `first` the page size. */
export async function getMediaPage(
  query: MediaListQuery,
  after: string | null,
  signal?: AbortSignal,
  first = PAGE_SIZE,
): Promise<MediaPage> {
  const { content } = await graphqlRequest(
    MEDIA_LIST_QUERY,
    {
      mediaType: query.mediaType,
      order: query.order,
      genreId: query.genreId ?? null,
      after,
      first,
    },
    signal ? { signal } : {},
  );
  return content.list;
}

/** A free-content slot (spec section 1) with its titles. */
export interface Slot {
  id: number;
  slug: string;
  title: string;
  items: MediaCardData[];
}

export interface BrowseOverview {
  newReleases: MediaPage;
  popular: MediaPage;
  slots: Slot[];
  genres: Genre[];
}

const BROWSE_OVERVIEW_QUERY = gql<
  { content: BrowseOverview },
  { mediaType: MediaType; slots: string[]; first: number }
>(`
  query BrowseOverview($mediaType: String!, $slots: [String!]!, $first: Int) {
    content {
      newReleases: list(mediaType: $mediaType, order: NEW_RELEASES, first: $first) { ${PAGE_FIELDS} }
      popular: list(mediaType: $mediaType, order: POPULAR, first: $first) { ${PAGE_FIELDS} }
      slots: slotsWithTags(tags: $slots) { id slug title items { ${MEDIA_CARD_FIELDS} } }
      genres(mediaType: $mediaType) { ${GENRE_FIELDS} }
    }
  }
`);

/** The free-content slot of a media type (`movie_free`, `ebook_free`, `audiobook_free`); brands without it answer none. */
export function freeSlotSlug(mediaType: MediaType): string {
  return `${mediaType}_free`;
}

/** Everything the overview tab shows, in one request. */
export async function getBrowseOverview(mediaType: MediaType, signal?: AbortSignal): Promise<BrowseOverview> {
  const { content } = await graphqlRequest(
    BROWSE_OVERVIEW_QUERY,
    { mediaType, slots: [freeSlotSlug(mediaType)], first: SHELF_SIZE },
    signal ? { signal } : {},
  );
  return content;
}

const GENRES_QUERY = gql<{ content: { genres: Genre[] } }, { mediaType: MediaType }>(`
  query Genres($mediaType: String!) {
    content { genres(mediaType: $mediaType) { ${GENRE_FIELDS} } }
  }
`);

/** The genres of a media type that hold titles of the brand. */
export async function getGenres(mediaType: MediaType, signal?: AbortSignal): Promise<Genre[]> {
  const { content } = await graphqlRequest(GENRES_QUERY, { mediaType }, signal ? { signal } : {});
  return content.genres;
}

const GENRE_PAGE_QUERY = gql<
  { content: { genres: Genre[]; list: MediaPage } },
  { mediaType: MediaType; genreId: number; first: number }
>(`
  query GenrePage($mediaType: String!, $genreId: Int!, $first: Int) {
    content {
      genres(mediaType: $mediaType) { ${GENRE_FIELDS} }
      list(mediaType: $mediaType, genreId: $genreId, first: $first) { ${PAGE_FIELDS} }
    }
  }
`);

/** A genre page's genre (null when the type has no such genre) and its first page of titles. */
export async function getGenrePage(
  mediaType: MediaType,
  genreId: number,
  signal?: AbortSignal,
): Promise<{ genre: Genre | null; page: MediaPage }> {
  const { content } = await graphqlRequest(
    GENRE_PAGE_QUERY,
    { mediaType, genreId, first: PAGE_SIZE },
    signal ? { signal } : {},
  );
  return { genre: content.genres.find((genre) => genre.id === genreId) ?? null, page: content.list };
}

import type { MediaType } from '@member/domain';

/** Where a thumbnail is served from (the server's `Thumbnail`). */
export interface Thumbnail {
  origin: string;
  path: string;
  cacheIndex: number;
}

/** A title on a shelf, a list page or in search results: the server's `MediaCard`. */
export interface MediaCardData {
  id: number;
  mediaType: MediaType;
  title: string;
  slug: string;
  thumbnail: Thumbnail | null;
  is_free: boolean;
  /** ISO date (YYYY-MM-DD). */
  releaseDate: string | null;
  releaseYear: number | null;
  /** Seconds. */
  duration: number | null;
  popularity: number;
}

/** The GraphQL selection of a `MediaCard` (inside `content.list`, `content.slotsWithTags`, `content.search`). */
export const MEDIA_CARD_FIELDS =
  'id mediaType title slug thumbnail { origin path cacheIndex } is_free releaseDate releaseYear duration popularity';

/** What a card needs: a `MediaCardData`, or any title with at least its id, type, title, slug and thumbnail. */
export type MediaCardItem = Pick<MediaCardData, 'id' | 'mediaType' | 'title' | 'slug' | 'thumbnail'> &
  Partial<Pick<MediaCardData, 'is_free' | 'releaseDate' | 'releaseYear' | 'duration'>>;

/** `/browse/{media}/id/{id}/{slug}`: a title's detail page. */
export function mediaDetailsHref(item: Pick<MediaCardData, 'id' | 'mediaType' | 'slug'>): string {
  const slug = item.slug ? `/${encodeURIComponent(item.slug)}` : '';
  return `/browse/${item.mediaType}/id/${item.id}${slug}`;
}

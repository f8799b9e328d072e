import type { MediaCard } from '@member/domain';
import { type Picked, select } from '../graphql';
import { THUMBNAIL_FIELDS } from './thumbnail-url';

export type { Thumbnail } from '@member/domain';

const CARD_SCALARS = select<MediaCard>()(
  'id',
  'mediaType',
  'title',
  'slug',
  'is_free',
  'releaseDate',
  'releaseYear',
  'duration',
  'popularity',
  'lock',
);

/** A title on a shelf, a list page or in search results: the server's `MediaCard`, as selected. */
export type MediaCardData = Picked<typeof CARD_SCALARS> & Pick<MediaCard, 'thumbnail'>;

/** The GraphQL selection of a `MediaCard` (inside `content.list`, `content.slotsWithTags`, `content.search`). */
export const MEDIA_CARD_FIELDS = `${CARD_SCALARS.text} ${THUMBNAIL_FIELDS}`;

/** What a card needs: a `MediaCardData`, or any title with at least its id, type, title, slug and thumbnail. */
export type MediaCardItem = Pick<MediaCardData, 'id' | 'mediaType' | 'title' | 'slug' | 'thumbnail'> &
  Partial<Pick<MediaCardData, 'is_free' | 'releaseDate' | 'releaseYear' | 'duration' | 'lock'>>;

/** `/browse/{media}/id/{id}/{slug}`: a title's detail page. */
export function mediaDetailsHref(item: Pick<MediaCardData, 'id' | 'mediaType' | 'slug'>): string {
  const slug = item.slug ? `/${encodeURIComponent(item.slug)}` : '';
  return `/browse/${item.mediaType}/id/${item.id}${slug}`;
}

/** `/shelves/{slug}`: a home shelf's whole list ("See all"). */
export function shelfHref(slug: string): string {
  return `/shelves/${encodeURIComponent(slug)}`;
}

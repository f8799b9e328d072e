import {
  type FeaturedReason,
  HOME_FEATURED_QUERY,
  type MediaItem,
  type Person,
  type Thumbnail,
} from '@member/domain';
import { takeFirstData } from '../../../lib/first-data';
import { gql, graphqlRequest } from '../../../lib/graphql';

/** The home page's featured title: what its hero shows and what its Play button queues. */
export type FeaturedMedia = Pick<
  MediaItem,
  'id' | 'mediaType' | 'title' | 'slug' | 'description' | 'duration' | 'releaseYear' | 'releaseDate'
> & {
  thumbnail: Thumbnail;
  artists: Pick<Person, 'title'>[];
  authors: Pick<Person, 'title'>[];
  /** An audiobook's chapters, to word "Continue chapter 3" (their `#t=` start in the book's file). */
  chapters: Pick<MediaItem, 'playbackKey' | 'duration'>[];
};

export interface Featured {
  reason: FeaturedReason;
  media: FeaturedMedia;
  progress: { progress: number; finished: boolean } | null;
}

const FEATURED_QUERY = gql<{ content: { featured: Featured | null } }>(HOME_FEATURED_QUERY);

/** content.featured: the server's choice for this member (issue 14, item 12), or null when it has none. */
export async function getFeatured(options: { signal?: AbortSignal } = {}): Promise<Featured | null> {
  // A first visit's page holds the answer already (decision 046).
  const data = takeFirstData(FEATURED_QUERY) ?? (await graphqlRequest(FEATURED_QUERY, {}, options));
  return data.content.featured;
}

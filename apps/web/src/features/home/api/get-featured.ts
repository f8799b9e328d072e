import type { FeaturedReason, MediaItem, Person, Thumbnail } from '@member/domain';
import { type Picked, gql, graphqlRequest, select } from '../../../lib/graphql';
import { THUMBNAIL_FIELDS } from '../../../lib/media/thumbnail-url';

const FEATURED_SCALARS = select<MediaItem>()(
  'id',
  'mediaType',
  'title',
  'slug',
  'description',
  'duration',
  'releaseYear',
  'releaseDate',
);

/** The home page's featured title: what its hero shows and what its Play button queues. */
export type FeaturedMedia = Picked<typeof FEATURED_SCALARS> & {
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

const FEATURED_QUERY = gql<{ content: { featured: Featured | null } }>(`
  query HomeFeatured {
    content {
      featured {
        reason
        media {
          ${FEATURED_SCALARS.text} ${THUMBNAIL_FIELDS}
          artists { title } authors { title } chapters { playbackKey duration }
        }
        progress { progress finished }
      }
    }
  }
`);

/** content.featured: the server's choice for this member (issue 14, item 12), or null when it has none. */
export async function getFeatured(options: { signal?: AbortSignal } = {}): Promise<Featured | null> {
  const data = await graphqlRequest(FEATURED_QUERY, {}, options);
  return data.content.featured;
}

import type { MediaItem, MediaType, Person, Thumbnail } from '@member/domain';
import { type Picked, gql, graphqlAnswer, select } from '../../../lib/graphql';
import type { RefusalError } from '../../../lib/refusal';
import { GENRE_FIELDS, type Genre } from './browse-queries';
import { THUMBNAIL_FIELDS } from '../../../lib/media/thumbnail-url';

/** The fields a track, an episode or a chapter shares with its title. */
const CHILD_SCALARS = select<MediaItem>()(
  'id',
  'mediaType',
  'title',
  'slug',
  'description',
  'playbackKey',
  'duration',
  'position',
  'trackNumber',
  'seasonNumber',
  'episodeNumber',
);
const DETAIL_SCALARS = select<MediaItem>()(
  'is_free',
  'releaseDate',
  'releaseYear',
  'quality',
  'language',
  'languages',
  'countryOfOrigin',
  'upc',
  'isbn',
  'edition',
  'numPages',
  'publisher',
  'copyright',
  'type',
);

export type MediaChild = Picked<typeof CHILD_SCALARS> & { thumbnail: Thumbnail; artists: Person[] };

/** A title with every field of spec section 3; per-type fields are null or empty where they do not apply. */
export type MediaDetails = MediaChild &
  Picked<typeof DETAIL_SCALARS> &
  Pick<
    MediaItem,
    'casts' | 'directors' | 'producers' | 'writers' | 'authors' | 'narrators' | 'liveSchedule' | 'liveStatus'
  > & {
    genres: Genre[];
    tracks: MediaChild[];
    episodes: MediaChild[];
    firstEpisode: Pick<MediaItem, 'id'> | null;
    chapters: MediaChild[];
  };

const PERSON = 'id slug title';
const CHILD_FIELDS = `${CHILD_SCALARS.text} ${THUMBNAIL_FIELDS} artists { ${PERSON} }`;

export const MEDIA_DETAILS_QUERY = gql<
  { content: { media: MediaDetails | null } },
  { mediaType: MediaType; id: number }
>(`
  query MediaDetails($mediaType: String!, $id: Int!) {
    content {
      media(mediaType: $mediaType, id: $id) {
        ${CHILD_FIELDS}
        ${DETAIL_SCALARS.text}
        casts { ${PERSON} } directors { ${PERSON} } producers { ${PERSON} } writers { ${PERSON} }
        authors { ${PERSON} } narrators { ${PERSON} }
        genres { ${GENRE_FIELDS} }
        tracks { ${CHILD_FIELDS} }
        episodes { ${CHILD_FIELDS} }
        firstEpisode { id }
        chapters { ${CHILD_FIELDS} }
        liveStatus liveSchedule { title startsAt endsAt status hasReplay }
      }
    }
  }
`);

/** Why the server refused a title (spec sections 5 and 8). */
export type RefusalReason = 'not_available_in_location' | 'subscription_required';

export type MediaDetailsResult =
  { kind: 'found'; media: MediaDetails } | { kind: 'not-found' } | { kind: 'refused'; reason: RefusalReason };

function isRefusal(slug: string | null): slug is RefusalReason {
  return slug === 'not_available_in_location' || slug === 'subscription_required';
}

/** Reads one error of content.media as a refusal or "not found"; any other failure is thrown. */
export function failureOrThrow(error: RefusalError): Exclude<MediaDetailsResult, { kind: 'found' }> {
  if (error.code === 'FORBIDDEN' && isRefusal(error.slug)) return { kind: 'refused', reason: error.slug };
  if (error.code === 'NOT_FOUND') return { kind: 'not-found' };
  throw error;
}

/**
 * `content.media` (spec section 7): NOT_FOUND and a null answer (ids below 1) are "not found", FORBIDDEN
 * names why (`not_available_in_location`, `subscription_required`); any other failure throws.
 */
export async function getMediaDetails(
  mediaType: MediaType,
  id: number,
  signal?: AbortSignal,
): Promise<MediaDetailsResult> {
  const { data, errors } = await graphqlAnswer(MEDIA_DETAILS_QUERY, { mediaType, id }, { signal });
  const [error] = errors;
  if (error) return failureOrThrow(error);
  const media = data?.content.media ?? null;
  return media ? { kind: 'found', media } : { kind: 'not-found' };
}

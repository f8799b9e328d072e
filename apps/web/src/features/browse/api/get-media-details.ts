import type { MediaType } from '@member/domain';
import { gql, graphqlAnswer } from '../../../lib/graphql';
import type { RefusalError } from '../../../lib/refusal';
import type { Thumbnail } from '../../../lib/media/media-card-fields';
import { GENRE_FIELDS, type Genre } from './browse-queries';

export interface Person {
  id: number;
  slug: string;
  title: string;
}

export interface LiveEvent {
  title: string;
  /** ISO-8601 UTC. */
  startsAt: string;
  endsAt: string | null;
}

/** The fields a track, an episode or a chapter shares with its title. */
export interface MediaChild {
  id: number;
  mediaType: MediaType;
  title: string;
  slug: string;
  description: string;
  thumbnail: Thumbnail;
  playbackKey: string | null;
  /** Seconds. */
  duration: number | null;
  position: number | null;
  trackNumber: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  artists: Person[];
}

/** A title with every field of spec section 3; per-type fields are null or empty where they do not apply. */
export interface MediaDetails extends MediaChild {
  is_free: boolean;
  releaseDate: string | null;
  releaseYear: number | null;
  quality: string | null;
  language: string | null;
  languages: string[];
  countryOfOrigin: string | null;
  upc: string | null;
  isbn: string | null;
  edition: string | null;
  numPages: number | null;
  publisher: string | null;
  copyright: string | null;
  type: string | null;
  casts: Person[];
  directors: Person[];
  producers: Person[];
  writers: Person[];
  authors: Person[];
  narrators: Person[];
  genres: Genre[];
  tracks: MediaChild[];
  episodes: MediaChild[];
  firstEpisode: MediaChild | null;
  chapters: MediaChild[];
  liveSchedule: LiveEvent[];
}

const PERSON = 'id slug title';
const CHILD_FIELDS = `id mediaType title slug description thumbnail { origin path cacheIndex } playbackKey duration
  position trackNumber seasonNumber episodeNumber artists { ${PERSON} }`;

export const MEDIA_DETAILS_QUERY = gql<
  { content: { media: MediaDetails | null } },
  { mediaType: MediaType; id: number }
>(`
  query MediaDetails($mediaType: String!, $id: Int!) {
    content {
      media(mediaType: $mediaType, id: $id) {
        ${CHILD_FIELDS}
        is_free releaseDate releaseYear quality language languages countryOfOrigin upc isbn edition numPages
        publisher copyright type
        casts { ${PERSON} } directors { ${PERSON} } producers { ${PERSON} } writers { ${PERSON} }
        authors { ${PERSON} } narrators { ${PERSON} }
        genres { ${GENRE_FIELDS} }
        tracks { ${CHILD_FIELDS} }
        episodes { ${CHILD_FIELDS} }
        firstEpisode { id }
        chapters { ${CHILD_FIELDS} }
        liveSchedule { title startsAt endsAt }
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

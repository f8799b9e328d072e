import { type MediaItem, type Person, type Thumbnail, isMediaType } from '@member/domain';
import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  type Picked,
  assertSucceeded,
  gql,
  graphqlRequest,
  select,
} from '../../../lib/graphql';
import { RefusalError, slugOf } from '../../../lib/refusal';
import type { QueueItem } from '../../../lib/media/play-queue';

/** How a playback URL is played (the server's `Playback.kind`). */
export type PlaybackKind = 'AUDIO' | 'VIDEO' | 'LIVE' | 'EPUB' | 'GAME' | 'DOWNLOAD';

/** A short-lived grant to play one title: a signed, expiring `/media/s/...` URL. */
export interface Playback {
  id: number;
  mediaType: string;
  title: string;
  kind: PlaybackKind;
  url: string;
  mimeType: string;
  /** For a chapter or track inside one file: where it starts and ends in that file. */
  startSeconds: number | null;
  endSeconds: number | null;
  expiresAt: string;
  vendor_id: string | null;
  /** A video's caption tracks (signed WebVTT URLs); none for other kinds. */
  textTracks: TextTrack[];
  /** The text of the HLS playlist `url` names, for video on demand; null otherwise. */
  playlist: string | null;
}

/** A caption track of a video, as the server offers it with the playback. */
export interface TextTrack {
  /** BCP 47 language tag. */
  language: string;
  kind: string;
  url: string;
}

/** Why the server refused to play a title; the player shows each one translated. */
export type PlaybackRefusal =
  'not_found' | 'not_available_in_location' | 'subscription_required' | 'not_playable' | 'unexpected';

/** The server's refusal slugs (content.startPlayback) and how the player words them. */
const REFUSALS: Record<string, PlaybackRefusal> = {
  media_not_found: 'not_found',
  not_found: 'not_found',
  not_available_in_location: 'not_available_in_location',
  subscription_required: 'subscription_required',
  media_not_playable: 'not_playable',
};

/** How the player words a failed start: a refusal it knows by its slug, else "unexpected". */
export function playbackRefusal(error: unknown): PlaybackRefusal {
  return REFUSALS[slugOf(error) ?? ''] ?? 'unexpected';
}

const START_PLAYBACK = gql<
  { content: { startPlayback: { responseResult: ResponseResult; playback: Playback | null } } },
  { mediaType: string; id: number }
>(`
  mutation StartPlayback($mediaType: String!, $id: Int!) {
    content {
      startPlayback(mediaType: $mediaType, id: $id) {
        ${RESPONSE_RESULT_FIELDS}
        playback {
          id mediaType title kind url mimeType startSeconds endSeconds expiresAt vendor_id
          textTracks { language kind url }
          playlist
        }
      }
    }
  }
`);

/**
 * Asks the server for a signed URL to play a title (it checks the member's subscription, free slots and
 * location, and records the consumptions event). A refusal throws a RefusalError with its slug.
 */
export async function startPlayback(
  item: { mediaType: string; id: number },
  options: { signal?: AbortSignal } = {},
): Promise<Playback> {
  const { content } = await graphqlRequest(
    START_PLAYBACK,
    { mediaType: item.mediaType, id: item.id },
    options,
  );
  const { responseResult, playback } = content.startPlayback;
  assertSucceeded(responseResult);
  if (!playback) throw new RefusalError('INTERNAL', 'Playback was refused');
  return playback;
}

/**
 * A chapter, track or episode of a title, as `content.media` answers it. The playback key is selected
 * because an audiobook's chapters start at its `#t=<start>,<end>` (the hand-kept type listed it while the
 * query left it out, so every chapter started where the one before ended).
 */
const PART_SCALARS = select<MediaItem>()('id', 'mediaType', 'title', 'duration', 'position', 'playbackKey');
export type MediaPart = Picked<typeof PART_SCALARS> & {
  thumbnail: Thumbnail;
  artists: Pick<Person, 'title'>[];
};

/** What the players need of a title besides the playback URL. */
export type PlayerMediaDetails = MediaPart & {
  authors: Pick<Person, 'title'>[];
  chapters: MediaPart[];
  tracks: MediaPart[];
  episodes: MediaPart[];
};

const PART_FIELDS = `${PART_SCALARS.text} thumbnail { origin path cacheIndex } artists { title }`;

const MEDIA_DETAILS = gql<
  { content: { media: PlayerMediaDetails | null } },
  { mediaType: string; id: number }
>(`
  query PlayerMedia($mediaType: String!, $id: Int!) {
    content {
      media(mediaType: $mediaType, id: $id) {
        ${PART_FIELDS}
        authors { title }
        chapters { ${PART_FIELDS} }
        tracks { ${PART_FIELDS} }
        episodes { ${PART_FIELDS} }
      }
    }
  }
`);

/** The title's chapters, tracks and episodes; null when the catalog does not have it. */
export async function fetchMediaDetails(
  item: { mediaType: string; id: number },
  options: { signal?: AbortSignal } = {},
): Promise<PlayerMediaDetails | null> {
  const { content } = await graphqlRequest(
    MEDIA_DETAILS,
    { mediaType: item.mediaType, id: item.id },
    options,
  );
  return content.media;
}

/** A chapter, track or episode as an item of the play queue. */
export function partToQueueItem(part: MediaPart, parent: QueueItem): QueueItem {
  const artist = part.artists[0]?.title ?? parent.artist;
  return {
    id: part.id,
    mediaType: isMediaType(part.mediaType) ? part.mediaType : parent.mediaType,
    title: part.title,
    thumbnail: part.thumbnail,
    duration: part.duration,
    ...(artist ? { artist } : {}),
  };
}

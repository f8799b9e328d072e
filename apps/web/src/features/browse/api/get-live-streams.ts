import type { LiveEvent, MediaType, Thumbnail } from '@member/domain';
import { gql, graphqlAnswer } from '../../../lib/graphql';
import { type MediaPage, getMediaPage } from './browse-queries';
import { type MediaDetailsResult, type RefusalReason, failureOrThrow } from './get-media-details';

/** A stream with its live schedule, as the live page shows it. */
export interface LiveStream {
  id: number;
  mediaType: MediaType;
  title: string;
  slug: string;
  thumbnail: Thumbnail;
  liveSchedule: LiveEvent[];
}

/** Streams per page of the live page; their schedules come in one request, each costing a few fields of the query budget. */
export const LIVE_STREAMS = 20;

/**
 * A stream's fields on the live page. Twenty of them fill the query budget (MAX_QUERY_COST, 300 fields):
 * the media type is known (every title here is a stream) and the page shows no quality, so neither is
 * asked; each broadcast's server-decided status and replay are (decision 036).
 */
const STREAM_FIELDS =
  'id title slug thumbnail { origin path cacheIndex } liveSchedule { title startsAt endsAt status hasReplay }';

type StreamData = Omit<LiveStream, 'mediaType'>;
const asStream = (data: StreamData): LiveStream => ({ ...data, mediaType: 'stream' });

/** One request for the schedules of several streams: `content.media` once per id, under aliases. */
function schedulesQuery(count: number) {
  const ids = Array.from({ length: count }, (_, i) => i);
  return gql<{ content: Record<string, StreamData | null> }, Record<string, number>>(`
    query LiveSchedules(${ids.map((i) => `$id${i}: Int!`).join(', ')}) {
      content {
        ${ids.map((i) => `s${i}: media(mediaType: "stream", id: $id${i}) { ${STREAM_FIELDS} }`).join('\n        ')}
      }
    }
  `);
}

export interface LiveStreams {
  streams: LiveStream[];
  /** Why the member may open none of the streams, when that is so. */
  refusal: RefusalReason | null;
  /** The next page of streams (a `content.list` keyset cursor); null on the last page. */
  nextCursor: string | null;
}

/**
 * One page of the brand's streams, newest first, with their schedules: the page of `content.list`
 * (keyset, `after` is the previous page's cursor), then one request for the schedules. A stream the
 * member may not open is left out.
 */
export async function getLiveStreams(after: string | null, signal?: AbortSignal): Promise<LiveStreams> {
  const page: MediaPage = await getMediaPage(
    { mediaType: 'stream', order: 'NEW_RELEASES' },
    after,
    signal,
    LIVE_STREAMS,
  );
  const { nextCursor } = page;
  const ids = page.items.map((item) => item.id);
  if (ids.length === 0) return { streams: [], refusal: null, nextCursor };
  const variables = Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));
  const { data, errors } = await graphqlAnswer(schedulesQuery(ids.length), variables, { signal });
  // Refusals and titles gone since the list was read leave a stream out; anything else fails the page.
  const failures = errors.map(failureOrThrow);
  const streams = ids
    .map((_, i) => data?.content[`s${i}`] ?? null)
    .filter((stream): stream is StreamData => stream !== null)
    .map(asStream);
  const refusal = failures.find((failure) => failure.kind === 'refused');
  return {
    streams,
    refusal: streams.length === 0 && refusal?.kind === 'refused' ? refusal.reason : null,
    nextCursor,
  };
}

const LIVE_STREAM_QUERY = gql<{ content: { liveStream: StreamData | null } }, { slug: string }>(`
  query LiveStream($slug: String!) {
    content {
      liveStream(slug: $slug) { ${STREAM_FIELDS} }
    }
  }
`);

export type LiveStreamResult =
  { kind: 'found'; media: LiveStream } | Exclude<MediaDetailsResult, { kind: 'found' }>;

/**
 * The stream whose slug the URL names (`content.liveStream`, one request): not found when no stream of
 * the brand has it, refused with content.media's reasons.
 */
export async function getLiveStreamBySlug(slug: string, signal?: AbortSignal): Promise<LiveStreamResult> {
  const { data, errors } = await graphqlAnswer(LIVE_STREAM_QUERY, { slug }, { signal });
  const [error] = errors;
  if (error) return failureOrThrow(error);
  const media = data?.content.liveStream ?? null;
  return media ? { kind: 'found', media: asStream(media) } : { kind: 'not-found' };
}

import { gql } from '../../../lib/graphql';
import type { Thumbnail } from '../../../lib/media/media-card-fields';
import { type MediaPage, getMediaPage } from './browse-queries';
import {
  type LiveEvent,
  type MediaDetailsResult,
  type RefusalReason,
  detailsFailure,
  getMediaDetails,
} from './get-media-details';
import { requestAnswer, throwFirst } from './graphql-answer';

/** A stream with its live schedule, as the live page shows it. */
export interface LiveStream {
  id: number;
  title: string;
  slug: string;
  thumbnail: Thumbnail;
  quality: string | null;
  liveSchedule: LiveEvent[];
}

/** Streams whose schedules the live page reads at once; each costs a few fields of the query budget. */
export const LIVE_STREAMS = 20;
/** Pages of 24 streams searched for a stream named by its slug. */
const SLUG_SEARCH_PAGES = 10;

const STREAM_FIELDS =
  'id title slug thumbnail { origin path cacheIndex } quality liveSchedule { title startsAt endsAt }';

/** One request for the schedules of several streams: `content.media` once per id, under aliases. */
function schedulesQuery(count: number) {
  const ids = Array.from({ length: count }, (_, i) => i);
  return gql<{ content: Record<string, LiveStream | null> }, Record<string, number>>(`
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
}

/** The brand's newest streams with their schedules, in one request; a stream the member may not open is left out. */
export async function getLiveStreams(signal?: AbortSignal): Promise<LiveStreams> {
  const page: MediaPage = await getMediaPage({ mediaType: 'stream', order: 'NEW_RELEASES' }, null, signal);
  const ids = page.items.slice(0, LIVE_STREAMS).map((item) => item.id);
  if (ids.length === 0) return { streams: [], refusal: null };
  const variables = Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));
  const { data, errors } = await requestAnswer(schedulesQuery(ids.length), variables, signal);
  const failures = errors.map(detailsFailure);
  // Refusals and titles gone since the list was read leave a stream out; anything else fails the page.
  if (failures.some((failure) => failure === null)) throwFirst(errors);
  const streams = ids
    .map((_, i) => data?.content[`s${i}`] ?? null)
    .filter((stream): stream is LiveStream => stream !== null);
  const refusal = failures.find((failure) => failure?.kind === 'refused');
  return {
    streams,
    refusal: streams.length === 0 && refusal?.kind === 'refused' ? refusal.reason : null,
  };
}

/**
 * The stream whose slug the URL names, looked up through the newest streams' pages (the API has no
 * lookup by slug); null when no stream of the brand has it.
 */
export async function getLiveStreamBySlug(slug: string, signal?: AbortSignal): Promise<MediaDetailsResult> {
  let after: string | null = null;
  for (let i = 0; i < SLUG_SEARCH_PAGES; i += 1) {
    const page: MediaPage = await getMediaPage({ mediaType: 'stream', order: 'NEW_RELEASES' }, after, signal);
    const match = page.items.find((item) => item.slug === slug);
    if (match) return getMediaDetails('stream', match.id, signal);
    if (!page.nextCursor) break;
    after = page.nextCursor;
  }
  return { kind: 'not-found' };
}

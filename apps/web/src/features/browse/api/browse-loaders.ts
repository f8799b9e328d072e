import { isMediaType, type MediaType } from '@member/domain';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loginHref } from '../../../config/paths';
import { isUnauthenticated } from '../../../lib/refusal';
import type { I18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { loadLibraryStrings } from '../../../lib/media/library-api';
import { loadBrowseStrings } from '../../../lib/media/media-strings';
import type { SessionStore } from '../../../lib/session';
import { notFound, parsePositiveId } from '../../../lib/route-errors';
import {
  type BrowseOverview,
  type Genre,
  type MediaPage,
  getBrowseOverview,
  getGenrePage,
  getGenres,
  getMediaPage,
} from './browse-queries';
import {
  type LiveStreamResult,
  type LiveStreams,
  getLiveStreamBySlug,
  getLiveStreams,
} from './get-live-streams';
import { type MediaDetailsResult, getMediaDetails } from './get-media-details';

/** Tabs of a media type's browse page besides its overview (spec section 2). */
export const BROWSE_TABS = ['genres', 'new-releases', 'popular'] as const;
export type BrowseTab = (typeof BROWSE_TABS)[number];

function isBrowseTab(value: string): value is BrowseTab {
  return (BROWSE_TABS as readonly string[]).includes(value);
}

/**
 * The media types this member's menu offers, or null when there is no member (the main layout's loader
 * redirects to sign-in then, so the check is skipped rather than answered).
 */
export type OfferedMediaTypes = () => Promise<readonly string[] | null>;

/** What the browse loaders use besides the menu: the strings store and the session (a revoked session signs out). */
export interface BrowseLoaderDeps {
  i18n: Pick<I18nStore, 'loadNamespace'>;
  session: Pick<SessionStore, 'setMember'>;
}

/**
 * The URL's media type when the member's menu offers it (a game URL on iPhone, whose menu has no
 * games, is Not Found), or null without a member: the main layout's loader sends them to sign in.
 */
async function offeredMediaType(
  params: LoaderFunctionArgs['params'],
  offered: OfferedMediaTypes,
): Promise<MediaType | null> {
  const media = params.media ?? '';
  if (!isMediaType(media)) notFound();
  const types = await offered();
  if (types === null) return null;
  // A media type the brand (or the member's custom list) does not offer does not exist here.
  if (!types.includes(media)) notFound();
  return media;
}

/**
 * Runs a loader's body for a member with the browse strings loaded; a session revoked on the server
 * signs out here too and comes back after signing in.
 */
function browseLoader<T>(
  offered: OfferedMediaTypes,
  deps: BrowseLoaderDeps,
  load: (media: MediaType, args: LoaderFunctionArgs) => Promise<T>,
) {
  return async (args: LoaderFunctionArgs): Promise<T | Response | null> => {
    const [media] = await Promise.all([offeredMediaType(args.params, offered), loadBrowseStrings(deps.i18n)]);
    if (media === null) return null;
    try {
      return await load(media, args);
    } catch (error) {
      if (isUnauthenticated(error)) {
        deps.session.setMember(null);
        const { pathname, search } = new URL(args.request.url);
        return redirect(loginHref(`${pathname}${search}`));
      }
      throw error;
    }
  };
}

export interface BrowseData {
  media: MediaType;
  overview: BrowseOverview;
}

/** `browse/{media}`: the overview's shelves and genres. */
export function createBrowseLoader(offered: OfferedMediaTypes, deps: BrowseLoaderDeps) {
  return browseLoader(offered, deps, async (media, { request }): Promise<BrowseData> => ({
    media,
    overview: await getBrowseOverview(media, request.signal),
  }));
}

export type BrowseTabData =
  | { media: MediaType; tab: 'genres'; genres: Genre[] }
  | { media: MediaType; tab: 'new-releases' | 'popular'; page: MediaPage };

/** `browse/{media}/{tabslug}`: the genre list, or the first page of new releases or popular titles. */
export function createBrowseTabLoader(offered: OfferedMediaTypes, deps: BrowseLoaderDeps) {
  return browseLoader(offered, deps, async (media, { params, request }): Promise<BrowseTabData> => {
    const tab = params.tabSlug ?? '';
    if (!isBrowseTab(tab)) notFound();
    if (tab === 'genres') return { media, tab, genres: await getGenres(media, request.signal) };
    const order = tab === 'popular' ? 'POPULAR' : 'NEW_RELEASES';
    return { media, tab, page: await getMediaPage({ mediaType: media, order }, null, request.signal) };
  });
}

export interface GenreData {
  media: MediaType;
  genre: Genre;
  page: MediaPage;
}

/** `browse/{media}/genre/{genreid}`: the genre and its first page; an unknown genre is Not Found. */
export function createGenreLoader(offered: OfferedMediaTypes, deps: BrowseLoaderDeps) {
  return browseLoader(offered, deps, async (media, { params, request }): Promise<GenreData> => {
    const genreId = parsePositiveId(params.genreId);
    if (genreId === null) notFound();
    const { genre, page } = await getGenrePage(media, genreId, request.signal);
    if (!genre) notFound();
    return { media, genre, page };
  });
}

export interface MediaDetailsData {
  media: MediaType;
  id: number;
  result: Exclude<MediaDetailsResult, { kind: 'not-found' }>;
}

/**
 * `browse/{media}/id/{id}/{slug?}`: the title, or why it is refused. Not found (spec section 8) logs a
 * warning and shows the Not Found state. The library's strings load alongside, so that the Save and Add
 * to playlist buttons show named; without them those buttons load them themselves.
 */
export function createMediaDetailsLoader(offered: OfferedMediaTypes, deps: BrowseLoaderDeps) {
  return browseLoader(offered, deps, async (media, { params, request }): Promise<MediaDetailsData> => {
    const id = parsePositiveId(params.id);
    if (id === null) notFound();
    const [result] = await Promise.all([
      getMediaDetails(media, id, request.signal),
      loadLibraryStrings(deps.i18n).catch((error: unknown) => {
        logger.warn('The library strings could not be loaded', error);
      }),
    ]);
    if (result.kind === 'not-found') {
      logger.warn(`Media not found: ${media} ${String(id)}`);
      notFound();
    }
    return { media, id, result };
  });
}

export type LiveData =
  | { media: MediaType; slug: null; live: LiveStreams }
  | { media: MediaType; slug: string; stream: Exclude<LiveStreamResult, { kind: 'not-found' }> };

/** `browse/{media}/live/{slug?}`: the streams' schedules, or one stream's; live stats exist for streams only. */
export function createLiveLoader(offered: OfferedMediaTypes, deps: BrowseLoaderDeps) {
  return browseLoader(offered, deps, async (media, { params, request }): Promise<LiveData> => {
    if (media !== 'stream') notFound();
    const slug = params.slug ?? null;
    if (slug === null) return { media, slug, live: await getLiveStreams(null, request.signal) };
    const stream = await getLiveStreamBySlug(slug, request.signal);
    if (stream.kind === 'not-found') {
      logger.warn(`Live stream not found: ${slug.slice(0, 64)}`);
      notFound();
    }
    return { media, slug, stream };
  });
}

export type BrowseLoader = ReturnType<typeof createBrowseLoader>;
export type BrowseTabLoader = ReturnType<typeof createBrowseTabLoader>;
export type GenreLoader = ReturnType<typeof createGenreLoader>;
export type MediaDetailsLoader = ReturnType<typeof createMediaDetailsLoader>;
export type LiveLoader = ReturnType<typeof createLiveLoader>;

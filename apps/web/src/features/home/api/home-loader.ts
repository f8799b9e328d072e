import { type MediaType, isMediaType } from '@member/domain';
import type { ComponentType } from 'react';
import type { I18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { loadBrowseStrings } from '../../../lib/media/media-strings';
import type { SessionStore } from '../../../lib/session';
import { thumbnailUrl } from '../../../lib/media/thumbnail-url';
import { HomeContent } from '../components/home-content';
import { type Featured, getFeatured } from './get-featured';
import { type GenreShelfData, getGenreShelf } from './get-genre-shelf';
import { type HomeSlotData, getHomeSlots } from './get-home-slots';
import { loadShelvesStrings } from './home-strings';

/** A request's outcome, so that a failed shelf shows its own error state instead of the page's. */
export type Loaded<T> = { ok: true; value: T } | { ok: false };

export interface HomeData {
  /**
   * The splash, search field, shelves and cookie notice: in this module's chunk, which the home route
   * fetches without waiting for it (decision 009: the page's heading shows first).
   */
  Content: ComponentType<{ home: HomeData }>;
  /** The media types the member's menu offers, in menu order (the server leaves out those hidden on this device). */
  mediaTypes: readonly MediaType[];
  /** Every home slot, from one request. */
  slots: Promise<Loaded<ReadonlyMap<string, HomeSlotData>>>;
  /** The "by genre" shelf; null when the member is offered no media type. */
  genreShelf: Promise<Loaded<GenreShelfData | null>>;
  /** The featured title at the top (issue 14, item 12); null when the server has none. */
  featured: Promise<Loaded<Featured | null>>;
}

function settle<T>(promise: Promise<T>, what: string): Promise<Loaded<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => {
      logger.warn(`The home page's ${what} could not be loaded`, error);
      return { ok: false };
    },
  );
}

/**
 * Asks for the featured title's cover as soon as the server has named it, rather than once the page has
 * drawn it: it is the first screen's largest picture on a phone (its blurred backdrop), and the page's
 * first draw waits for the shelves' code and strings besides (issue 19: largest contentful paint).
 */
function fetchCoverEarly(featured: Featured | null, cdnServer: string): Featured | null {
  const src = thumbnailUrl(featured?.media.thumbnail, cdnServer);
  if (src && !document.head.querySelector(`link[rel="preload"][href="${CSS.escape(src)}"]`)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = src;
    link.fetchPriority = 'high';
    document.head.append(link);
  }
  return featured;
}

/**
 * The home shelves' data, which the home route's loader starts without waiting for it (the page's
 * heading and splash cover show meanwhile). It starts the shelves' requests at once and resolves without
 * waiting for them, once the strings and the member's media types (already fetched for the menu) are in.
 */
export async function loadHome(
  {
    session,
    i18n,
  }: { session: Pick<SessionStore, 'activeMember' | 'getSnapshot'>; i18n: Pick<I18nStore, 'loadNamespace'> },
  offeredMediaTypes: () => Promise<readonly string[] | null>,
): Promise<HomeData | null> {
  // Without a member the main layout's loader sends the visitor to sign in: ask the API for nothing.
  if (!session.activeMember()) return null;
  const slots = settle(getHomeSlots(), 'slots');
  const { cdnServer } = session.getSnapshot().brand;
  const featured = settle(
    getFeatured().then((title) => fetchCoverEarly(title, cdnServer)),
    'featured title',
  );
  const offered = offeredMediaTypes().then((types) => (types ?? []).filter(isMediaType));
  const genreShelf = settle(offered.then(getGenreShelf), 'genre shelf');
  const [mediaTypes] = await Promise.all([offered, loadShelvesStrings(i18n), loadBrowseStrings(i18n)]);
  return { Content: HomeContent, mediaTypes, slots, genreShelf, featured };
}

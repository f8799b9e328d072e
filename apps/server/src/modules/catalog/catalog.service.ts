import {
  FREE_CONTENT_SLOTS,
  type MediaType,
  type SubscriptionLike,
  type SubscriptionOffer,
  hasContentAccessTag,
  isHiddenOnDevice,
  isMediaType,
  meaningfulMediaId,
  mediaAccess,
  subscriptionState,
} from '@member/domain';

import type { RequestContext } from '../../context';
import { readJson } from '../../db/json';
import type { SubscriptionRow } from '../../db/schema';
import { badInput, forbidden, notFound } from '../../errors';
import type { MembersRepository } from '../members/members.repository';
import type {
  CatalogRepository,
  Genre,
  LiveEvent,
  MediaDetail,
  MediaRecord,
  Person,
  PersonRole,
  Thumbnail,
} from './catalog.repository';

/**
 * A title as `content.media` answers it: the common fields of spec section 3 and every per-type field
 * as a nullable field (null or empty where the type has none); see docs/decisions/005.
 */
export interface MediaItemView {
  id: number;
  mediaType: MediaType;
  title: string;
  slug: string;
  description: string;
  thumbnail: Thumbnail;
  is_free: boolean;
  vendor_id: string | null;
  playbackKey: string | null;
  duration: number | null;
  releaseDate: string | null;
  releaseYear: number | null;
  quality: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
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
  position: number | null;
  trackNumber: number | null;
  artists: Person[];
  casts: Person[];
  directors: Person[];
  producers: Person[];
  writers: Person[];
  authors: Person[];
  narrators: Person[];
  genres: Genre[];
  tracks: MediaItemView[];
  episodes: MediaItemView[];
  firstEpisode: MediaItemView | null;
  chapters: MediaItemView[];
  liveSchedule: LiveEvent[];
}

export interface CatalogServiceDeps {
  repository: CatalogRepository;
  subscriptions: Pick<MembersRepository, 'listSubscriptions'>;
}

const LOCATION_MESSAGE = 'This content is not available in your current location.';
const SUBSCRIPTION_MESSAGE = 'Your subscription does not include this content.';

function toSubscriptionLike(row: SubscriptionRow): SubscriptionLike {
  return {
    isActive: row.is_active === 1,
    isTrial: row.is_trial === 1,
    planName: row.plan_name,
    cancelRefId: row.cancel_ref_id,
    mediaTypes: readJson<string[]>(row.media_types, []),
    offers: readJson<SubscriptionOffer[]>(row.offers, []),
  };
}

const peopleIn = (record: MediaRecord, role: PersonRole) =>
  record.people.filter((link) => link.role === role).map((link) => link.person);

/** `cdnServer` is the brand's CDN origin, used for thumbnails stored without one of their own. */
function present(record: MediaRecord, cdnServer: string, children: MediaRecord[] = []): MediaItemView {
  const kids = children.map((child) => present(child, cdnServer));
  const { details } = record;
  return {
    id: record.id,
    mediaType: record.mediaType,
    title: record.title,
    slug: record.slug,
    description: record.description,
    thumbnail: { ...record.thumbnail, origin: record.thumbnail.origin || cdnServer },
    is_free: record.isFree,
    vendor_id: record.vendorId,
    playbackKey: record.playbackKey,
    duration: record.durationSeconds,
    releaseDate: record.releaseDate,
    releaseYear: record.releaseYear,
    quality: record.quality,
    seasonNumber: details.seasonNumber ?? null,
    episodeNumber: details.episodeNumber ?? null,
    language: record.language,
    languages: details.languages ?? (record.language ? [record.language] : []),
    countryOfOrigin: record.countryOfOrigin,
    upc: details.upc ?? null,
    isbn: details.isbn ?? null,
    edition: details.edition ?? null,
    numPages: details.numPages ?? null,
    publisher: details.publisher ?? null,
    copyright: details.copyright ?? null,
    type: details.type ?? null,
    position: record.position,
    trackNumber: record.mediaType === 'music' && record.parentId !== null ? record.position : null,
    artists: peopleIn(record, 'artist'),
    casts: peopleIn(record, 'cast'),
    directors: peopleIn(record, 'director'),
    producers: peopleIn(record, 'producer'),
    writers: peopleIn(record, 'writer'),
    authors: peopleIn(record, 'author'),
    narrators: peopleIn(record, 'narrator'),
    genres: record.genres,
    // Children of a music album are tracks, of a movie series episodes, of an audiobook chapters.
    tracks: record.mediaType === 'music' ? kids : [],
    episodes: record.mediaType === 'movie' ? kids : [],
    firstEpisode: record.mediaType === 'movie' ? (kids[0] ?? null) : null,
    chapters: record.mediaType === 'audiobook' ? kids : [],
    liveSchedule: (details.liveSchedule ?? []).map((event) => ({ ...event, endsAt: event.endsAt ?? null })),
  };
}

/** Catalog reads with the access rules of spec section 5 (pure rules in @member/domain). */
export function createCatalogService({ repository, subscriptions }: CatalogServiceDeps) {
  /** The media types the caller's subscriptions grant; a visitor has none. */
  async function subscribedMediaTypes(ctx: RequestContext): Promise<string[]> {
    if (ctx.auth.kind !== 'member') return [];
    const rows = await subscriptions.listSubscriptions(ctx.brand.config.id, ctx.auth.claims.id);
    return subscriptionState(rows.map(toSubscriptionLike), ctx.auth.claims.tags).activeMediaTypes;
  }

  /**
   * content.media: null for ids below 1; NOT_FOUND for a title the brand does not have (or one
   * hidden on this device); FORBIDDEN when the request's country or the caller's subscription does
   * not open it. The country is the trusted request country, never a client-sent one.
   */
  async function media(ctx: RequestContext, mediaType: string, rawId: number): Promise<MediaItemView | null> {
    const id = meaningfulMediaId(rawId);
    if (id === null) return null;
    if (!isMediaType(mediaType)) throw badInput(`Unknown media type "${mediaType.slice(0, 32)}".`);
    // Hidden means absent for this device: no title of the type exists as far as an iPhone knows.
    if (isHiddenOnDevice(mediaType, ctx.userAgent)) throw notFound('Media not found', 'media_not_found');

    const brand = ctx.brand.config;
    const detail: MediaDetail | undefined = await repository.findMedia(
      brand.id,
      mediaType,
      id,
      FREE_CONTENT_SLOTS,
    );
    if (!detail) throw notFound('Media not found', 'media_not_found');

    const needsSubscription = hasContentAccessTag(brand.brandTags) && !detail.isFree && !detail.inFreeSlot;
    const access = mediaAccess({
      mediaType,
      isFree: detail.isFree,
      inFreeSlot: detail.inFreeSlot,
      geoAllow: detail.geoAllow,
      country: ctx.country,
      brandTags: brand.brandTags,
      // Subscriptions are read only when the rule can turn on them.
      subscribedMediaTypes: needsSubscription ? await subscribedMediaTypes(ctx) : [],
    });
    if (!access.allowed) {
      switch (access.reason) {
        case 'not_available_in_location':
          throw forbidden(LOCATION_MESSAGE, access.reason);
        case 'subscription_required':
          throw forbidden(SUBSCRIPTION_MESSAGE, access.reason);
      }
    }
    return present(detail, brand.cdnServer, detail.children);
  }

  return { media };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

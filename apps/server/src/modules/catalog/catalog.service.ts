import {
  FREE_CONTENT_SLOTS,
  type Locale,
  type MediaCard as SharedMediaCard,
  chooseLocale,
  MEDIA_TYPES,
  type MediaType,
  hasContentAccessTag,
  isHiddenOnDevice,
  isMediaType,
  type LiveStatus,
  liveEventStatus,
  type MediaLock,
  meaningfulMediaId,
  mediaAccess,
  mediaLock,
  type SearchCount,
  streamLiveStatus,
  subscriptionState,
} from '@member/domain';

import type { RequestContext } from '../../context';
import { type ThumbnailSize, createThumbnailSizes } from './catalog.thumbnail-sizes';
import { badInput, forbidden, notFound } from '../../errors';
import { toMemberSubscription } from '../members/member-subscriptions';
import type { MembersRepository } from '../members/members.repository';
import type {
  CatalogRepository,
  Genre,
  LiveEvent,
  MediaCard,
  MediaDetail,
  MediaRecord,
  Page,
  Person,
  PersonRole,
  SlotWithItems,
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
  /** Each broadcast with its status at the time of the answer and whether it has a replay. */
  liveSchedule: LiveEventView[];
  /** A stream's status over its schedule, decided from its times now; null for other types. */
  liveStatus: LiveStatus | null;
}

/** A broadcast as the server answers it: its stored line, and its status decided from its times now. */
export type LiveEventView = LiveEvent & { endsAt: string | null; status: LiveStatus; hasReplay: boolean };

export interface CatalogServiceDeps {
  repository: CatalogRepository;
  subscriptions: Pick<MembersRepository, 'listSubscriptions'>;
  /** The widths a thumbnail is stored in (catalog.thumbnail-sizes.ts); none when absent. */
  thumbnailSizes?: (path: string) => ThumbnailSize[];
  /** The clock live statuses are decided by (tests set it). */
  now?: () => number;
}

const LOCATION_MESSAGE = 'This content is not available in your current location.';
const SUBSCRIPTION_MESSAGE = 'Your subscription does not include this content.';

const peopleIn = (record: MediaRecord, role: PersonRole) =>
  record.people.filter((link) => link.role === role).map((link) => link.person);

/** A stream's broadcasts with their status at `nowMs`; a broadcast whose start cannot be read is left out. */
function scheduleAt(details: MediaRecord['details'], nowMs: number): LiveEventView[] {
  return (details.liveSchedule ?? []).flatMap((event) => {
    const status = liveEventStatus(event, nowMs);
    return status === null
      ? []
      : [{ ...event, endsAt: event.endsAt ?? null, status, hasReplay: event.replay === true }];
  });
}

/** `cdnServer` is the brand's CDN origin, used for thumbnails stored without one of their own. */
function present(
  record: MediaRecord,
  cdnServer: string,
  nowMs: number,
  children: MediaRecord[] = [],
): MediaItemView {
  const kids = children.map((child) => present(child, cdnServer, nowMs));
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
    liveSchedule: scheduleAt(details, nowMs),
    liveStatus: record.mediaType === 'stream' ? streamLiveStatus(details.liveSchedule ?? [], nowMs) : null,
  };
}

/**
 * The language catalog text is answered in: the member's language when the brand offers it, else the
 * brand's default (chooseLocale, as the boot data does). Untranslated text falls back to the original.
 */
export function catalogLocale(ctx: RequestContext): Locale {
  return chooseLocale(
    ctx.auth.kind === 'member' ? ctx.auth.member.language : null,
    ctx.brand.config.languages,
  );
}

/** A page of a media type's titles, as `content.list` asks for it. */
export interface CatalogListArgs {
  mediaType: string;
  order: 'NEW_RELEASES' | 'POPULAR';
  genreId?: number | null;
  after?: string | null;
  first?: number | null;
}

/** Catalog reads with the access rules of spec section 5 (pure rules in @member/domain). */
export function createCatalogService({
  repository,
  subscriptions,
  thumbnailSizes = createThumbnailSizes(new Map()),
  now = Date.now,
}: CatalogServiceDeps) {
  /** The media types the caller's subscriptions grant; a visitor has none. */
  async function subscribedMediaTypes(ctx: RequestContext): Promise<string[]> {
    if (ctx.auth.kind !== 'member') return [];
    const rows = await subscriptions.listSubscriptions(ctx.brand.config.id, ctx.auth.claims.id);
    return subscriptionState(rows.map(toMemberSubscription), ctx.auth.claims.tags).activeMediaTypes;
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
      catalogLocale(ctx),
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
    return present(detail, brand.cdnServer, now(), detail.children);
  }

  /**
   * content.liveStream: the brand's stream named by its slug (the live page's URL), answered and
   * guarded exactly as content.media answers its id. NOT_FOUND when no stream of the brand has the
   * slug (or the text cannot be a slug); the newest stream wins when several share one.
   */
  async function liveStream(ctx: RequestContext, slug: string): Promise<MediaItemView | null> {
    if (slug.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(slug))
      throw notFound('Media not found', 'media_not_found');
    const id = await repository.findIdBySlug(ctx.brand.config.id, 'stream', slug);
    if (id === undefined) throw notFound('Media not found', 'media_not_found');
    return media(ctx, 'stream', id);
  }

  /** A card with its thumbnail origin resolved to the brand CDN when stored without one. */
  const card = (ctx: RequestContext, item: MediaCard, lock: MediaLock | null = null): MediaCardView => ({
    id: item.id,
    mediaType: item.mediaType,
    title: item.title,
    slug: item.slug,
    thumbnail: { ...item.thumbnail, origin: item.thumbnail.origin || ctx.brand.config.cdnServer },
    is_free: item.isFree,
    releaseDate: item.releaseDate,
    releaseYear: item.releaseYear,
    duration: item.durationSeconds,
    popularity: item.popularity,
    lock,
  });

  /**
   * Cards with the lock each shows before it is opened (decision 036): `mediaLock`, the rule that
   * refuses the detail, over the card's facts. Lists already leave out titles that cannot play in the
   * request's country, so their locks are the membership's: without the brand's access tag there are
   * none and nothing is read; with it, the caller's subscriptions once and, for the titles that are
   * neither free nor of a subscribed type, one statement for the free-content slots.
   */
  async function cards(ctx: RequestContext, items: readonly MediaCard[]): Promise<MediaCardView[]> {
    const brand = ctx.brand.config;
    if (!hasContentAccessTag(brand.brandTags) || items.length === 0)
      return items.map((item) => card(ctx, item));
    const subscribed = await subscribedMediaTypes(ctx);
    const candidates = items.filter((item) => !item.isFree && !subscribed.includes(item.mediaType));
    const inFreeSlot = await repository.idsInSlots(
      brand.id,
      candidates.map((item) => item.id),
      FREE_CONTENT_SLOTS,
    );
    return items.map((item) =>
      card(
        ctx,
        item,
        mediaLock({
          mediaType: item.mediaType,
          isFree: item.isFree,
          inFreeSlot: inFreeSlot.has(item.id),
          // Lists, slots and search hold only titles playable in the request's country.
          geoAllow: null,
          country: ctx.country,
          brandTags: brand.brandTags,
          subscribedMediaTypes: subscribed,
          isMember: ctx.auth.kind === 'member',
        }),
      ),
    );
  }

  const parseType = (mediaType: string): MediaType => {
    if (!isMediaType(mediaType)) throw badInput(`Unknown media type "${mediaType.slice(0, 32)}".`);
    return mediaType;
  };

  /**
   * Lists follow content.media's visibility, not its paywall: game and software are absent on
   * iPhone (an empty page), titles that cannot play in the request's country are left out (in SQL,
   * so pages stay full). The subscription access tag does not shorten lists: members see the whole
   * catalog of the brand's types, free and free-slot titles included, and opening a title outside
   * their subscription answers FORBIDDEN subscription_required on its detail, as spec section 8's
   * message expects. Visitors likewise.
   */
  async function list(ctx: RequestContext, args: CatalogListArgs): Promise<Page<MediaCardView>> {
    const mediaType = parseType(args.mediaType);
    if (isHiddenOnDevice(mediaType, ctx.userAgent)) return { items: [], nextCursor: null };
    const brandId = ctx.brand.config.id;
    const first = args.first ?? undefined;
    const after = args.after ?? null;
    const locale = catalogLocale(ctx);
    let page: Page<MediaCard>;
    if (args.genreId !== undefined && args.genreId !== null) {
      // A genre page is newest first whatever the order asked (the index serves that order only).
      page = await repository.listByGenre(
        brandId,
        mediaType,
        args.genreId,
        after,
        first,
        ctx.country,
        locale,
      );
    } else if (args.order === 'POPULAR') {
      page = await repository.listPopular(brandId, mediaType, after, first, ctx.country, locale);
    } else {
      page = await repository.listNewReleases(brandId, mediaType, after, first, ctx.country, locale);
    }
    return { items: await cards(ctx, page.items), nextCursor: page.nextCursor };
  }

  /** Genres of the type that hold titles of the brand; none for a type hidden on this device. */
  async function genres(ctx: RequestContext, rawType: string): Promise<Genre[]> {
    const mediaType = parseType(rawType);
    if (isHiddenOnDevice(mediaType, ctx.userAgent)) return [];
    return repository.listGenres(ctx.brand.config.id, mediaType, catalogLocale(ctx));
  }

  /** The media types a search covers: the brand's, less those hidden on this device. */
  const searchTypes = (ctx: RequestContext) =>
    MEDIA_TYPES.filter(
      (type) => ctx.brand.config.mediaTypes.includes(type) && !isHiddenOnDevice(type, ctx.userAgent),
    );

  /**
   * Search grouped by media type (the product's order), with the same visibility as lists. With
   * `withCounts`, each group also says how many titles of its type match, counted up to
   * SEARCH_COUNT_CAP (decision 036), in a second statement that runs beside the search.
   */
  async function search(
    ctx: RequestContext,
    query: string,
    first?: number | null,
    withCounts = false,
  ): Promise<SearchGroupView[]> {
    const types = searchTypes(ctx);
    const [results, counts] = await Promise.all([
      repository.search(ctx.brand.config.id, query, {
        mediaTypes: types,
        limit: first ?? undefined,
        country: ctx.country,
        locale: catalogLocale(ctx),
      }),
      withCounts
        ? repository.searchCounts(ctx.brand.config.id, query, { mediaTypes: types, country: ctx.country })
        : Promise.resolve(null),
    ]);
    const views = await cards(ctx, results);
    const groups = new Map<MediaType, MediaCardView[]>();
    for (const item of views) groups.set(item.mediaType, [...(groups.get(item.mediaType) ?? []), item]);
    return [...groups].map(([mediaType, items]) => {
      // A count never says fewer than the titles shown (a title added between the two statements).
      const count = counts?.get(mediaType);
      const total: SearchCount = count
        ? { count: Math.max(count.count, items.length), capped: count.capped }
        : { count: items.length, capped: false };
      return { mediaType, items, count: withCounts ? total.count : null, countCapped: total.capped };
    });
  }

  /**
   * content.searchPage: one media type's results in the search's order, a keyset page at a time
   * (`after` is the previous page's nextCursor), with the type's capped count.
   */
  async function searchPage(
    ctx: RequestContext,
    query: string,
    rawType: string,
    after?: string | null,
    first?: number | null,
  ): Promise<SearchPageView> {
    const mediaType = parseType(rawType);
    if (!searchTypes(ctx).includes(mediaType))
      return { items: [], nextCursor: null, count: 0, countCapped: false };
    const brandId = ctx.brand.config.id;
    const [page, counts] = await Promise.all([
      repository.searchPage(brandId, query, mediaType, after ?? null, first ?? DEFAULT_SEARCH_PAGE, {
        country: ctx.country,
        locale: catalogLocale(ctx),
      }),
      repository.searchCounts(brandId, query, { mediaTypes: [mediaType], country: ctx.country }),
    ]);
    const count = counts.get(mediaType) ?? { count: 0, capped: false };
    return {
      items: await cards(ctx, page.items),
      nextCursor: page.nextCursor,
      count: count.count,
      countCapped: count.capped,
    };
  }

  /**
   * content.slotsWithTags: the brand's slots named by the tags (slot slugs), in the order asked, each
   * with its first titles (24 unless asked, at most 100), in one statement. Items hidden on this device
   * or unplayable in the request's country are dropped from the answer.
   */
  async function slotsWithTags(
    ctx: RequestContext,
    tags: readonly string[],
    first?: number | null,
  ): Promise<SlotView[]> {
    const slugs = [...new Set(tags)].slice(0, MAX_SLOT_TAGS);
    const slots: SlotWithItems[] = await repository.listSlotItems(
      ctx.brand.config.id,
      slugs,
      first ?? undefined,
      ctx.country,
      catalogLocale(ctx),
    );
    const visible = (item: MediaCard) => !isHiddenOnDevice(item.mediaType, ctx.userAgent);
    // Every slot's cards get their locks in one pass (one read of the free-content slots).
    const views = await cards(
      ctx,
      slots.flatMap((slot) => slot.items.filter(visible)),
    );
    const byId = new Map(views.map((view) => [view.id, view]));
    return slots.map((slot) => ({
      id: slot.id,
      slug: slot.slug,
      title: slot.title,
      mediaType: slot.mediaType,
      properties: JSON.stringify(slot.properties),
      items: slot.items.filter(visible).flatMap((item) => byId.get(item.id) ?? []),
    }));
  }

  /**
   * content.slot: one page of a slot's titles in the slot's order (a home shelf's "See all"); null when
   * the brand has no slot with this slug. Same visibility as content.slotsWithTags.
   */
  async function slot(
    ctx: RequestContext,
    rawSlug: string,
    args: { after?: string | null; first?: number | null } = {},
  ): Promise<SlotPageView | null> {
    if (rawSlug.length > MAX_SLOT_SLUG_LENGTH || !SLOT_SLUG_PATTERN.test(rawSlug)) {
      throw badInput('The shelf name is not valid.', 'invalid_slot');
    }
    const page = await repository.listSlotPage(
      ctx.brand.config.id,
      rawSlug,
      args.after ?? null,
      args.first ?? undefined,
      ctx.country,
      catalogLocale(ctx),
    );
    if (!page) return null;
    return {
      slug: page.slug,
      title: page.title,
      mediaType: page.mediaType,
      items: await cards(
        ctx,
        page.items.filter((item) => !isHiddenOnDevice(item.mediaType, ctx.userAgent)),
      ),
      nextCursor: page.nextCursor,
    };
  }

  return { media, liveStream, list, genres, search, searchPage, slotsWithTags, slot, thumbnailSizes };
}

/** Results per page of content.searchPage unless asked otherwise. */
const DEFAULT_SEARCH_PAGE = 24;

/** One media type's search results, with how many match (null when not counted). */
export interface SearchGroupView {
  mediaType: MediaType;
  items: MediaCardView[];
  count: number | null;
  countCapped: boolean;
}

/** A keyset page of one type's search results, with the type's capped count. */
export interface SearchPageView {
  items: MediaCardView[];
  nextCursor: string | null;
  count: number;
  countCapped: boolean;
}

/** Slot slugs as operators name them (new_releases, movie_free, seasonal_winter). */
const SLOT_SLUG_PATTERN = /^[a-z0-9_-]+$/;
const MAX_SLOT_SLUG_LENGTH = 64;

const MAX_SLOT_TAGS = 50;
/** Title slugs as the repository makes them: lower-case letters, digits and hyphens. */
const SLUG_PATTERN = /^[a-z0-9-]+$/;
const MAX_SLUG_LENGTH = 80;

/** A title on a shelf, a list page or in search results: the API's shared card (decision 019). */
export type MediaCardView = SharedMediaCard;

export interface SlotView {
  id: number;
  slug: string;
  title: string;
  mediaType: string;
  /** The slot's properties as JSON text. */
  properties: string;
  items: MediaCardView[];
}

/** A page of a slot's titles, with the slot's name (content.slot). */
export interface SlotPageView {
  slug: string;
  title: string;
  mediaType: string;
  items: MediaCardView[];
  nextCursor: string | null;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

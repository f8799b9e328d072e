import { LIVE_STAT_KINDS, type MediaType, type Person, type Thumbnail } from '@member/domain';
import { z } from 'zod';

import { readJson } from '../../db/json';
import type { MediaItemRow } from '../../db/tables/media-items';

/*
 * What the catalog repositories answer: titles, people, genres and slots as objects (camelCase,
 * booleans, parsed JSON), and the one place where a media row becomes such an object.
 */

export const PERSON_ROLES = [
  'artist',
  'cast',
  'director',
  'producer',
  'writer',
  'author',
  'narrator',
] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const isPersonRole = (value: string): value is PersonRole =>
  (PERSON_ROLES as readonly string[]).includes(value);

const liveStatSchema = z.object({
  minute: z.number().int().min(0).max(200),
  kind: z.enum(LIVE_STAT_KINDS),
  side: z.enum(['home', 'away']).nullable(),
  player: z.string().max(120).nullable(),
});

// A broadcast's schedule line; its replay, teams and stats timeline (decision 036) fall back one by one.
const liveEventSchema = z.object({
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable().optional(),
  /** Whether the broadcast was recorded: an ended one can be watched again. */
  replay: z.boolean().optional().catch(undefined),
  home: z.string().max(120).optional().catch(undefined),
  away: z.string().max(120).optional().catch(undefined),
  timeline: z.array(liveStatSchema).max(500).optional().catch(undefined),
});

// Each field falls back on its own, so one corrupt value hides that field rather than the title.
const detailsSchema = z
  .object({
    isbn: z.string().optional().catch(undefined),
    upc: z.string().optional().catch(undefined),
    edition: z.string().optional().catch(undefined),
    numPages: z.number().int().optional().catch(undefined),
    publisher: z.string().optional().catch(undefined),
    copyright: z.string().optional().catch(undefined),
    seasonNumber: z.number().int().optional().catch(undefined),
    episodeNumber: z.number().int().optional().catch(undefined),
    type: z.string().optional().catch(undefined),
    languages: z.array(z.string()).optional().catch(undefined),
    liveSchedule: z.array(liveEventSchema).optional().catch(undefined),
  })
  .catch({});

/** Per-type fields of spec section 3 that are not columns, stored as JSON text in `details`. */
export type MediaDetails = z.infer<typeof detailsSchema>;

/** A row's `details` JSON as its fields (each falling back on its own; `{}` when unreadable). */
export function parseMediaDetails(text: string): MediaDetails {
  return detailsSchema.parse(readJson<unknown>(text, {}));
}
export type LiveEvent = z.infer<typeof liveEventSchema>;

// Thumbnails and people are answered as the API's shared types declare them (decision 019).
export type { Person, Thumbnail } from '@member/domain';

export interface Genre {
  id: number;
  slug: string;
  title: string;
  parent: { id: number; slug: string; title: string } | null;
}

/** What a shelf, a genre page or a search result shows of a title. */
export interface MediaCard {
  id: number;
  mediaType: MediaType;
  title: string;
  slug: string;
  thumbnail: Thumbnail;
  isFree: boolean;
  releaseDate: string | null;
  releaseYear: number | null;
  durationSeconds: number | null;
  popularity: number;
}

export interface MediaRecord extends MediaCard {
  parentId: number | null;
  position: number | null;
  description: string;
  vendorId: string | null;
  playbackKey: string | null;
  language: string | null;
  countryOfOrigin: string | null;
  quality: string | null;
  staffPick: boolean;
  geoAllow: string[] | null;
  details: MediaDetails;
  people: { role: PersonRole; person: Person }[];
  genres: Genre[];
}

export interface MediaDetail extends MediaRecord {
  /** The title sits in one of the given free-content slots of its brand. */
  inFreeSlot: boolean;
  /** Tracks, episodes or chapters, in order. */
  children: MediaRecord[];
}

export interface Page<T> {
  items: T[];
  /** Cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

export interface SlotWithItems {
  id: number;
  slug: string;
  title: string;
  mediaType: string;
  properties: Record<string, unknown>;
  items: MediaCard[];
}

export interface NewMedia {
  brandId: number;
  mediaType: MediaType;
  title: string;
  slug?: string;
  description?: string;
  parentId?: number | null;
  position?: number | null;
  thumbnail?: Partial<Thumbnail>;
  isFree?: boolean;
  vendorId?: string | null;
  playbackKey?: string | null;
  releaseDate?: string | null;
  releaseYear?: number | null;
  durationSeconds?: number | null;
  language?: string | null;
  countryOfOrigin?: string | null;
  quality?: string | null;
  popularity?: number;
  staffPick?: boolean;
  geoAllow?: string[] | null;
  details?: MediaDetails;
  people?: { personId: number; role: PersonRole }[];
  /** The title's own genres; their ancestors are added for genre pages. */
  genreIds?: number[];
  /** Title and description in other locales (`fr-ca`, ...); the fields above are the original. */
  translations?: MediaTranslation[];
}

export interface MediaTranslation {
  locale: string;
  title: string;
  /** Absent: the original description. */
  description?: string | null;
}

export interface MediaChanges {
  title?: string;
  description?: string;
  popularity?: number;
  staffPick?: boolean;
  isFree?: boolean;
  geoAllow?: string[] | null;
  durationSeconds?: number | null;
  thumbnailPath?: string;
}

export interface SearchOptions {
  /** Only these media types; all when absent. */
  mediaTypes?: readonly MediaType[];
  /** Results per media type. */
  limit?: number;
  /** Only titles playable in this country; all when absent. */
  country?: string | null;
  /** Titles in this locale where translated (search also matches every translated title). */
  locale?: string | null;
}

// Columns of a card, read the same way by the query builder and the raw search SQL; the title is
// added by localizedTitle, in the request's locale.
export const CARD_COLUMNS = [
  'm.id',
  'm.media_type',
  'm.slug',
  'm.thumbnail_origin',
  'm.thumbnail_path',
  'm.thumbnail_cache_index',
  'm.is_free',
  'm.release_date',
  'm.release_year',
  'm.release_sort',
  'm.duration_seconds',
  'm.popularity',
] as const;

export type CardRow = Pick<
  MediaItemRow,
  | 'id'
  | 'media_type'
  | 'title'
  | 'slug'
  | 'thumbnail_origin'
  | 'thumbnail_path'
  | 'thumbnail_cache_index'
  | 'is_free'
  | 'release_date'
  | 'release_year'
  | 'release_sort'
  | 'duration_seconds'
  | 'popularity'
>;

export function toCard(row: CardRow, mediaType: MediaType): MediaCard {
  return {
    id: row.id,
    mediaType,
    title: row.title,
    slug: row.slug,
    thumbnail: {
      origin: row.thumbnail_origin,
      path: row.thumbnail_path,
      cacheIndex: row.thumbnail_cache_index,
    },
    isFree: row.is_free === 1,
    releaseDate: row.release_date,
    releaseYear: row.release_year,
    durationSeconds: row.duration_seconds,
    popularity: row.popularity,
  };
}

export function toRecord(row: MediaItemRow, mediaType: MediaType): MediaRecord {
  return {
    ...toCard(row, mediaType),
    parentId: row.parent_id,
    position: row.position,
    description: row.description,
    vendorId: row.vendor_id,
    playbackKey: row.playback_key,
    language: row.language,
    countryOfOrigin: row.country_of_origin,
    quality: row.quality,
    staffPick: row.staff_pick === 1,
    geoAllow: readGeoAllow(row.geo_allow),
    details: parseMediaDetails(row.details),
    people: [],
    genres: [],
  };
}

function readGeoAllow(text: string | null): string[] | null {
  if (text === null) return null;
  const value = readJson<unknown>(text, null);
  // A corrupt list reads as "nowhere" rather than "everywhere": a rights restriction fails closed.
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A genre's columns with its parent's (nulls when it has none), as the genre queries select them. */
export interface GenreRow {
  id: number;
  slug: string;
  title: string;
  parent_id: number | null;
  parent_slug: string | null;
  parent_title: string | null;
}

export function toGenre(row: GenreRow): Genre {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    parent:
      row.parent_id !== null && row.parent_slug !== null && row.parent_title !== null
        ? { id: row.parent_id, slug: row.parent_slug, title: row.parent_title }
        : null,
  };
}

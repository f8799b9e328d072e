import type { MediaLock } from './catalog-access';
import type { LiveStatus } from './live-events';
import type { MediaType } from './media-types';

/*
 * The media types of the member graph API as its schema declares them (`apps/server/schema.graphql`:
 * Thumbnail, Person, LiveEvent, MediaCard, MediaItem), in one place for the server that answers them
 * and the web that reads them. A web query selects some of a type's fields: its result type is picked
 * from these (`select` in the web's lib/graphql.ts) rather than written again by hand.
 */

/** One width a thumbnail is stored in: its path on the thumbnail's origin (srcset `w` descriptor). */
export interface ThumbnailSize {
  width: number;
  path: string;
}

/** Where a thumbnail is served from. */
export interface Thumbnail {
  origin: string;
  path: string;
  cacheIndex: number;
  /**
   * The same picture in other widths, narrowest first (the API's `Thumbnail.sizes`), when the query
   * selected them: imported covers and the demo posters have them, other thumbnails none.
   */
  sizes?: readonly ThumbnailSize[];
}

/** A cast or crew member, an artist or an author. */
export interface Person {
  id: number;
  slug: string;
  title: string;
}

/** One broadcast of a live stream's schedule; times are ISO-8601 UTC. */
export interface LiveEvent {
  title: string;
  startsAt: string;
  endsAt: string | null;
  /** Decided by the server from the times when it answers (issue 14 item 7). */
  status: LiveStatus;
  /** An ended broadcast can be watched again. */
  hasReplay: boolean;
}

/** A title on a shelf, a list page or in search results. */
export interface MediaCard {
  id: number;
  mediaType: MediaType;
  title: string;
  slug: string;
  thumbnail: Thumbnail;
  is_free: boolean;
  /** ISO date (YYYY-MM-DD). */
  releaseDate: string | null;
  releaseYear: number | null;
  /** Seconds. */
  duration: number | null;
  popularity: number;
  /** Why the caller cannot open it, as the server decides (`mediaLock`); null when it opens. */
  lock: MediaLock | null;
}

/**
 * A title with every field of spec section 3, or one of its tracks, episodes or chapters; per-type
 * fields are null or empty where they do not apply. The nested lists are MediaItems themselves.
 */
export interface MediaItem {
  id: number;
  mediaType: MediaType;
  title: string;
  slug: string;
  description: string;
  thumbnail: Thumbnail;
  is_free: boolean;
  /** The media file; a chapter's ends with `#t=<start>,<end>` (seconds in its audiobook's file). */
  playbackKey: string | null;
  vendor_id: string | null;
  /** Seconds. */
  duration: number | null;
  position: number | null;
  trackNumber: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
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
  artists: Person[];
  casts: Person[];
  directors: Person[];
  producers: Person[];
  writers: Person[];
  authors: Person[];
  narrators: Person[];
  tracks: MediaItem[];
  episodes: MediaItem[];
  firstEpisode: MediaItem | null;
  chapters: MediaItem[];
  liveSchedule: LiveEvent[];
  /** A stream's status over its schedule (`streamLiveStatus`), decided by the server; null otherwise. */
  liveStatus: LiveStatus | null;
}

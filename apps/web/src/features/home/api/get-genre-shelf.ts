import type { MediaType } from '@member/domain';
import { gql, graphqlRequest } from '../../../lib/graphql';
import { MEDIA_CARD_FIELDS, type MediaCardData } from '../../../lib/media/media-card-fields';
import { HOME_SHELF_SIZE } from './get-home-slots';

export interface GenreOption {
  id: number;
  title: string;
  parent: { id: number } | null;
}

/** The "by genre" shelf: the newest titles of one genre of one media type. */
export interface GenreShelfData {
  mediaType: MediaType;
  genre: { id: number; title: string } | null;
  items: MediaCardData[];
}

const GENRES_QUERY = gql<{ content: { genres: GenreOption[] } }, { mediaType: string }>(`
  query HomeGenres($mediaType: String!) {
    content { genres(mediaType: $mediaType) { id title parent { id } } }
  }
`);

const GENRE_LIST_QUERY = gql<
  { content: { list: { items: MediaCardData[] } } },
  { mediaType: string; genreId: number; first: number }
>(`
  query HomeGenreShelf($mediaType: String!, $genreId: Int!, $first: Int) {
    content { list(mediaType: $mediaType, genreId: $genreId, first: $first) { items { ${MEDIA_CARD_FIELDS} } } }
  }
`);

/** As many titles as the other home shelves show. */
export const GENRE_SHELF_SIZE = HOME_SHELF_SIZE;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The entry of the day (UTC) from a list: the shelf walks through the member's media types and their
 * genres, one a day, so the home page varies without changing between two visits of the same day.
 */
export function pickOfTheDay<T>(list: readonly T[], nowMs: number): T | undefined {
  if (list.length === 0) return undefined;
  return list[Math.floor(nowMs / DAY_MS) % list.length];
}

/** A shelf shows a top-level genre (its page also lists its subgenres' titles); any genre if none is. */
export function shelfGenres<T extends Pick<GenreOption, 'parent'>>(genres: readonly T[]): readonly T[] {
  const topLevel = genres.filter((genre) => genre.parent === null);
  return topLevel.length > 0 ? topLevel : genres;
}

/** The day's media type of the member's, then its genres, then the newest titles of the day's genre. */
export async function getGenreShelf(
  mediaTypes: readonly MediaType[],
  nowMs = Date.now(),
): Promise<GenreShelfData | null> {
  const mediaType = pickOfTheDay(mediaTypes, nowMs);
  if (mediaType === undefined) return null;
  const { content } = await graphqlRequest(GENRES_QUERY, { mediaType });
  const genre = pickOfTheDay(shelfGenres(content.genres), nowMs);
  if (!genre) return { mediaType, genre: null, items: [] };
  const page = await graphqlRequest(GENRE_LIST_QUERY, {
    mediaType,
    genreId: genre.id,
    first: GENRE_SHELF_SIZE,
  });
  return { mediaType, genre: { id: genre.id, title: genre.title }, items: page.content.list.items };
}

import type { FreeContentSlot, MediaType } from '@member/domain';
import { gql, graphqlRequest } from '../../../lib/graphql';
import { MEDIA_CARD_FIELDS, type MediaCardData } from '../../../lib/media/media-card-fields';

/** The home shelves the server keeps as slots (spec section 3), in the order the page shows them. */
export const HOME_SHELF_SLOTS = ['new_releases', 'popular', 'staff_picks', 'seasonal_winter'] as const;
export type HomeShelfSlot = (typeof HOME_SHELF_SLOTS)[number];
export type HomeSlot = HomeShelfSlot | FreeContentSlot;

/** The media type whose subscription a free-content slot stands in for (spec section 1). */
export const FREE_SLOT_MEDIA_TYPES: Record<FreeContentSlot, MediaType> = {
  movie_free: 'movie',
  ebook_free: 'ebook',
  audiobook_free: 'audiobook',
};

/** Every slot the home page shows: the shelves, then the free-content slots. */
export const HOME_SLOTS = [...HOME_SHELF_SLOTS, ...(Object.keys(FREE_SLOT_MEDIA_TYPES) as FreeContentSlot[])];

export interface HomeSlotData {
  slug: string;
  /** The server's title, shown for a slot the web has no translation for. */
  title: string;
  items: MediaCardData[];
}

/**
 * Titles per home shelf: two screens of a desktop's row, five of a phone's; each shelf's "See all" has
 * the rest. Each card is about ten elements and a cover: 24 a shelf made the first visit's main-thread
 * work on a phone twice what it is (issue 19).
 */
export const HOME_SHELF_SIZE = 12;

const HOME_SLOTS_QUERY = gql<
  { content: { slotsWithTags: HomeSlotData[] } },
  { tags: readonly string[]; first: number }
>(`
  query HomeSlots($tags: [String!]!, $first: Int) {
    content {
      slotsWithTags(tags: $tags, first: $first) { slug title items { ${MEDIA_CARD_FIELDS} } }
    }
  }
`);

/**
 * Every home slot in one request (the server reads them in one statement), as a map by slug. A slot the
 * brand does not have is absent from the map.
 */
export async function getHomeSlots(
  options: { signal?: AbortSignal } = {},
): Promise<ReadonlyMap<string, HomeSlotData>> {
  const data = await graphqlRequest(HOME_SLOTS_QUERY, { tags: HOME_SLOTS, first: HOME_SHELF_SIZE }, options);
  return new Map(data.content.slotsWithTags.map((slot) => [slot.slug, slot]));
}

import { gql, graphqlRequest } from '../../../lib/graphql';
import { MEDIA_CARD_FIELDS, type MediaCardData } from '../../../lib/media/media-card-fields';

/** Titles per page of a shelf's "See all" list. */
export const SLOT_PAGE_SIZE = 24;

export interface SlotPage {
  slug: string;
  /** The server's name of the slot, for a slot the web has no translation for. */
  title: string;
  items: MediaCardData[];
  nextCursor: string | null;
}

const SLOT_PAGE_QUERY = gql<
  { content: { slot: SlotPage | null } },
  { slug: string; after: string | null; first: number }
>(`
  query ShelfPage($slug: String!, $after: String, $first: Int) {
    content {
      slot(slug: $slug, after: $after, first: $first) { slug title items { ${MEDIA_CARD_FIELDS} } nextCursor }
    }
  }
`);

/** One page of a shelf's whole list (content.slot); null when the brand has no such shelf. */
export async function getSlotPage(
  slug: string,
  after: string | null,
  options: { signal?: AbortSignal } = {},
): Promise<SlotPage | null> {
  const data = await graphqlRequest(SLOT_PAGE_QUERY, { slug, after, first: SLOT_PAGE_SIZE }, options);
  return data.content.slot;
}

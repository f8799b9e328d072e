import type { MediaType } from '@member/domain';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';

export function createMediaRepository(db: Kysely<Database>) {
  /**
   * The parent of a title of the brand (an album of a track, a series of an episode, an audiobook of
   * a chapter): null for a top-level title, undefined when the brand has no such title.
   */
  async function findParentId(
    brandId: number,
    mediaType: MediaType,
    id: number,
  ): Promise<number | null | undefined> {
    const row = await db
      .selectFrom('media_items')
      .select('parent_id')
      .where('id', '=', id)
      .where('brand_id', '=', brandId)
      .where('media_type', '=', mediaType)
      .executeTakeFirst();
    return row ? row.parent_id : undefined;
  }

  return { findParentId };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;

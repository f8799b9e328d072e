import type { Kysely } from 'kysely';

import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';

/** Whose bookmarks a statement reads or writes: every statement is filtered by both. */
export interface BookmarkOwner {
  brandId: number;
  memberId: number;
}

export interface BookmarkRecord {
  id: number;
  mediaType: string;
  mediaId: number;
  position: number;
  location: string | null;
  name: string;
  createdAt: string;
}

export interface NewBookmark {
  mediaType: string;
  mediaId: number;
  position: number;
  location: string | null;
  positionKey: string;
  name: string;
}

const COLUMNS = ['id', 'media_type', 'media_id', 'position', 'location', 'name', 'created_at'] as const;

type Row = Pick<Database['bookmarks'], Exclude<(typeof COLUMNS)[number], 'id'>> & { id: number };

const recordOf = (row: Row): BookmarkRecord => ({
  id: row.id,
  mediaType: row.media_type,
  mediaId: row.media_id,
  position: row.position,
  location: row.location,
  name: row.name,
  createdAt: row.created_at,
});

export function createBookmarksRepository(db: Kysely<Database>, dialect: Dialect) {
  /** A title's bookmarks of the member, in the order of the book (then the oldest first). */
  async function list(owner: BookmarkOwner, mediaType: string, mediaId: number, limit: number) {
    const rows = await db
      .selectFrom('bookmarks')
      .select(COLUMNS)
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .where('media_type', '=', mediaType)
      .where('media_id', '=', mediaId)
      .orderBy('position')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(recordOf);
  }

  const find = (owner: BookmarkOwner, id: number) =>
    db
      .selectFrom('bookmarks')
      .select(COLUMNS)
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => (row ? recordOf(row) : undefined));

  /**
   * Adds a bookmark in a transaction that holds the member's row (PostgreSQL locks it; SQLite has one
   * writer), so the count check and the insert are one step: 'full' beyond `limit`. A bookmark at a
   * place the member already marked is that bookmark (`added: false`). undefined: no such member here.
   */
  async function add(
    owner: BookmarkOwner,
    bookmark: NewBookmark,
    limit: number,
    now: string,
  ): Promise<{ record: BookmarkRecord; added: boolean } | 'full' | undefined> {
    return db.transaction().execute(async (trx) => {
      const member = await trx
        .selectFrom('members')
        .select('id')
        .where('id', '=', owner.memberId)
        .where('brand_id', '=', owner.brandId)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
      if (!member) return undefined;
      const scope = trx
        .selectFrom('bookmarks')
        .where('brand_id', '=', owner.brandId)
        .where('member_id', '=', owner.memberId)
        .where('media_type', '=', bookmark.mediaType)
        .where('media_id', '=', bookmark.mediaId);
      const same = await scope
        .select(COLUMNS)
        .where('position_key', '=', bookmark.positionKey)
        .executeTakeFirst();
      if (same) return { record: recordOf(same), added: false };
      const count = await scope
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= limit) return 'full';
      const row = await trx
        .insertInto('bookmarks')
        .values({
          brand_id: owner.brandId,
          member_id: owner.memberId,
          media_type: bookmark.mediaType,
          media_id: bookmark.mediaId,
          position: bookmark.position,
          location: bookmark.location,
          position_key: bookmark.positionKey,
          name: bookmark.name,
          created_at: now,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return { record: recordOf(row), added: true };
    });
  }

  async function rename(owner: BookmarkOwner, id: number, name: string): Promise<BookmarkRecord | undefined> {
    const result = await db
      .updateTable('bookmarks')
      .set({ name })
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return find(owner, id);
  }

  async function remove(owner: BookmarkOwner, id: number): Promise<boolean> {
    const result = await db
      .deleteFrom('bookmarks')
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  return { list, find, add, rename, remove };
}

export type BookmarksRepository = ReturnType<typeof createBookmarksRepository>;

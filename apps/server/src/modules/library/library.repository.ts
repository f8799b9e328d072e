import { type Kysely, type Transaction, sql } from 'kysely';

import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { MediaType } from '@member/domain';

import type { MediaCard, Thumbnail } from '../catalog/catalog.repository';

export type LibraryList = 'collection' | 'history';

/** Whose library a statement reads or writes: every statement is filtered by both. */
export interface Owner {
  brandId: number;
  memberId: number;
}

/** The catalog's values of a title, as stored with an entry or a playlist track. */
export interface CanonicalItem {
  mediaType: MediaType;
  mediaId: number;
  title: string;
  artist: string | null;
  durationSeconds: number | null;
  thumbnail: Thumbnail;
}

export interface LibraryEntry {
  id: number;
  type: string;
  title: string;
  artist: string | null;
  duration: number | null;
  thumbnail: Thumbnail;
  addedAt: string;
}

export interface PlaylistTrack {
  id: number;
  title: string;
  artist: string | null;
  albumTitle: string | null;
  duration: number | null;
  thumbnail: Thumbnail;
  addedAt: string;
}

export interface Playlist {
  id: number;
  name: string;
  tracks: PlaylistTrack[];
  createdAt: string;
  updatedAt: string;
}

export interface ProgressRow {
  progress: number;
  position: string | null;
  finished: boolean;
  updatedAt: string;
}

export interface ContinueRow extends ProgressRow {
  media: MediaCard;
}

/** What a music item is as far as a playlist cares: its album's title and whether it has tracks. */
export interface MusicShape {
  albumTitle: string | null;
  childCount: number;
}

const thumbnailOf = (row: {
  thumbnail_origin: string;
  thumbnail_path: string;
  thumbnail_cache_index: number;
}): Thumbnail => ({
  origin: row.thumbnail_origin,
  path: row.thumbnail_path,
  cacheIndex: row.thumbnail_cache_index,
});

const thumbnailColumns = (thumbnail: Thumbnail) => ({
  thumbnail_origin: thumbnail.origin,
  thumbnail_path: thumbnail.path,
  thumbnail_cache_index: thumbnail.cacheIndex,
});

/** A write that named a row deleted meanwhile: PostgreSQL's foreign_key_violation, SQLite's own code. */
function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23503' || error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Runs a write whose parent row (the member, a playlist) a request of the same member may delete at
 * any moment: a foreign-key failure means the parent is gone, and answers undefined, as a parent found
 * missing does. The write's transaction, if any, has rolled back by then.
 */
async function unlessParentGone<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  }
}

export function createLibraryRepository(db: Kysely<Database>, dialect: Dialect) {
  /**
   * Runs `work` in a transaction that holds the member's row, so a member's library writes (count
   * checks, reorders) happen one at a time. SQLite has one writer at a time anyway; PostgreSQL locks
   * the member row. A member of another brand is no row at all: the work does not run.
   */
  async function asMember<T>(
    owner: Owner,
    work: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T | undefined> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('members')
        .select('id')
        .where('id', '=', owner.memberId)
        .where('brand_id', '=', owner.brandId)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
      if (!row) return undefined;
      return work(trx);
    });
  }

  async function listEntries(owner: Owner, list: LibraryList, limit: number): Promise<LibraryEntry[]> {
    const rows = await db
      .selectFrom('library_entries')
      .selectAll()
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .where('list', '=', list)
      .orderBy('added_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.media_id,
      type: row.media_type,
      title: row.title,
      artist: row.artist,
      duration: row.duration_seconds,
      thumbnail: thumbnailOf(row),
      addedAt: row.added_at,
    }));
  }

  async function countEntries(trx: Transaction<Database>, owner: Owner, list: LibraryList): Promise<number> {
    const row = await trx
      .selectFrom('library_entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .where('list', '=', list)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Saves a title to the collection. Saving it again keeps the one entry and its addedAt (refreshing
   * the catalog's values); a new entry beyond `limit` is refused: the answer is 'full'.
   */
  async function addToCollection(
    owner: Owner,
    item: CanonicalItem,
    limit: number,
    now: string,
  ): Promise<'added' | 'kept' | 'full' | undefined> {
    return asMember(owner, async (trx) => {
      const values = {
        title: item.title,
        artist: item.artist,
        duration_seconds: item.durationSeconds,
        ...thumbnailColumns(item.thumbnail),
      };
      const updated = await trx
        .updateTable('library_entries')
        .set(values)
        .where('brand_id', '=', owner.brandId)
        .where('member_id', '=', owner.memberId)
        .where('list', '=', 'collection')
        .where('media_type', '=', item.mediaType)
        .where('media_id', '=', item.mediaId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return 'kept';
      if ((await countEntries(trx, owner, 'collection')) >= limit) return 'full';
      await trx
        .insertInto('library_entries')
        .values({
          brand_id: owner.brandId,
          member_id: owner.memberId,
          list: 'collection',
          media_type: item.mediaType,
          media_id: item.mediaId,
          added_at: now,
          ...values,
        })
        .execute();
      return 'added';
    });
  }

  /**
   * Records a play: the title's one history entry moves to the top (delete and insert, so its id is
   * the newest too), and the oldest entries beyond `limit` are dropped.
   */
  async function addToHistory(owner: Owner, item: CanonicalItem, limit: number, now: string) {
    return asMember(owner, async (trx) => {
      await trx
        .deleteFrom('library_entries')
        .where('brand_id', '=', owner.brandId)
        .where('member_id', '=', owner.memberId)
        .where('list', '=', 'history')
        .where('media_type', '=', item.mediaType)
        .where('media_id', '=', item.mediaId)
        .execute();
      await trx
        .insertInto('library_entries')
        .values({
          brand_id: owner.brandId,
          member_id: owner.memberId,
          list: 'history',
          media_type: item.mediaType,
          media_id: item.mediaId,
          title: item.title,
          artist: item.artist,
          duration_seconds: item.durationSeconds,
          ...thumbnailColumns(item.thumbnail),
          added_at: now,
        })
        .execute();
      // Keep the newest `limit` entries; the id of the oldest kept one bounds the delete.
      const boundary = await trx
        .selectFrom('library_entries')
        .select(['added_at', 'id'])
        .where('brand_id', '=', owner.brandId)
        .where('member_id', '=', owner.memberId)
        .where('list', '=', 'history')
        .orderBy('added_at', 'desc')
        .orderBy('id', 'desc')
        .offset(limit - 1)
        .limit(1)
        .executeTakeFirst();
      if (boundary) {
        await trx
          .deleteFrom('library_entries')
          .where('brand_id', '=', owner.brandId)
          .where('member_id', '=', owner.memberId)
          .where('list', '=', 'history')
          .where((eb) =>
            eb.or([
              eb('added_at', '<', boundary.added_at),
              eb.and([eb('added_at', '=', boundary.added_at), eb('id', '<', boundary.id)]),
            ]),
          )
          .execute();
      }
      return true;
    });
  }

  /** Removes one entry; the answer is the number removed (0 when the member had no such entry). */
  async function removeEntry(owner: Owner, list: LibraryList, mediaType: string, mediaId: number) {
    const result = await db
      .deleteFrom('library_entries')
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .where('list', '=', list)
      .where('media_type', '=', mediaType)
      .where('media_id', '=', mediaId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async function removeAllEntries(owner: Owner, list: LibraryList): Promise<number> {
    const result = await db
      .deleteFrom('library_entries')
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .where('list', '=', list)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // ---- Playlists ----

  async function tracksOf(
    executor: Kysely<Database> | Transaction<Database>,
    playlistIds: readonly number[],
  ): Promise<Map<number, PlaylistTrack[]>> {
    const byPlaylist = new Map<number, PlaylistTrack[]>();
    if (playlistIds.length === 0) return byPlaylist;
    const rows = await executor
      .selectFrom('playlist_tracks')
      .selectAll()
      .where('playlist_id', 'in', playlistIds)
      .orderBy('playlist_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const list = byPlaylist.get(row.playlist_id) ?? [];
      list.push({
        id: row.media_id,
        title: row.title,
        artist: row.artist,
        albumTitle: row.album_title,
        duration: row.duration_seconds,
        thumbnail: thumbnailOf(row),
        addedAt: row.added_at,
      });
      byPlaylist.set(row.playlist_id, list);
    }
    return byPlaylist;
  }

  /** The member's playlists (newest first), or one of them, each with its tracks; two statements. */
  async function listPlaylists(
    owner: Owner,
    options: { id?: number; executor?: Transaction<Database> } = {},
  ): Promise<Playlist[]> {
    const executor = options.executor ?? db;
    const rows = await executor
      .selectFrom('playlists')
      .selectAll()
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .$if(options.id !== undefined, (qb) => qb.where('id', '=', options.id ?? 0))
      .orderBy('id', 'desc')
      .execute();
    const tracks = await tracksOf(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      tracks: tracks.get(row.id) ?? [],
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async function findPlaylist(owner: Owner, id: number, executor?: Transaction<Database>) {
    const [playlist] = await listPlaylists(owner, { id, ...(executor ? { executor } : {}) });
    return playlist;
  }

  /** Creates a playlist unless the member already has `limit`; the answer is its id or 'full'. */
  async function createPlaylist(owner: Owner, name: string, limit: number, now: string) {
    return asMember(owner, async (trx): Promise<number | 'full'> => {
      const { n } = await trx
        .selectFrom('playlists')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('brand_id', '=', owner.brandId)
        .where('member_id', '=', owner.memberId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= limit) return 'full';
      const { id } = await trx
        .insertInto('playlists')
        .values({
          brand_id: owner.brandId,
          member_id: owner.memberId,
          name,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
  }

  /**
   * Runs `work` on one of the member's playlists, or answers undefined when it is not theirs or is
   * gone. PostgreSQL locks the playlist's row, so a delete (which does not take the member's row)
   * waits for the work, or the work finds the playlist deleted; a delete that still slips between the
   * check and a write answers undefined too, never a foreign-key error.
   */
  async function withPlaylist<T>(
    owner: Owner,
    playlistId: number,
    work: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T | undefined> {
    return unlessParentGone(() =>
      asMember(owner, async (trx) => {
        const row = await trx
          .selectFrom('playlists')
          .select('id')
          .where('id', '=', playlistId)
          .where('brand_id', '=', owner.brandId)
          .where('member_id', '=', owner.memberId)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        return row ? work(trx) : undefined;
      }),
    );
  }

  const touch = (trx: Transaction<Database>, owner: Owner, playlistId: number, now: string) =>
    trx
      .updateTable('playlists')
      .set({ updated_at: now })
      .where('id', '=', playlistId)
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .execute();

  async function renamePlaylist(owner: Owner, playlistId: number, name: string, now: string) {
    return withPlaylist(owner, playlistId, async (trx) => {
      await trx
        .updateTable('playlists')
        .set({ name, updated_at: now })
        .where('id', '=', playlistId)
        .where('brand_id', '=', owner.brandId)
        .where('member_id', '=', owner.memberId)
        .execute();
      return true;
    });
  }

  async function deletePlaylist(owner: Owner, playlistId: number): Promise<boolean> {
    const result = await db
      .deleteFrom('playlists')
      .where('id', '=', playlistId)
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Appends a track (a track already there stays where it is); 'full' at `limit` tracks. */
  async function addTrack(
    owner: Owner,
    playlistId: number,
    track: CanonicalItem & { albumTitle: string | null },
    limit: number,
    now: string,
  ) {
    return withPlaylist(owner, playlistId, async (trx): Promise<'added' | 'kept' | 'full'> => {
      const existing = await trx
        .selectFrom('playlist_tracks')
        .select('media_id')
        .where('playlist_id', '=', playlistId)
        .where('media_id', '=', track.mediaId)
        .executeTakeFirst();
      if (existing) return 'kept';
      const stats = await trx
        .selectFrom('playlist_tracks')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.max<number | null>('position').as('last'),
        ])
        .where('playlist_id', '=', playlistId)
        .executeTakeFirstOrThrow();
      if (Number(stats.n) >= limit) return 'full';
      await trx
        .insertInto('playlist_tracks')
        .values({
          playlist_id: playlistId,
          media_id: track.mediaId,
          position: stats.last === null ? 0 : stats.last + 1,
          title: track.title,
          artist: track.artist,
          album_title: track.albumTitle,
          duration_seconds: track.durationSeconds,
          ...thumbnailColumns(track.thumbnail),
          added_at: now,
        })
        .execute();
      await touch(trx, owner, playlistId, now);
      return 'added';
    });
  }

  async function removeTrack(owner: Owner, playlistId: number, trackId: number, now: string) {
    return withPlaylist(owner, playlistId, async (trx) => {
      const result = await trx
        .deleteFrom('playlist_tracks')
        .where('playlist_id', '=', playlistId)
        .where('media_id', '=', trackId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) > 0) await touch(trx, owner, playlistId, now);
      return Number(result.numDeletedRows) > 0;
    });
  }

  /**
   * Puts the tracks in the given order, which must name each track of the playlist exactly once
   * (so a reorder made on a stale copy is refused rather than losing a track): 'mismatch' otherwise.
   */
  async function reorderTracks(owner: Owner, playlistId: number, trackIds: readonly number[], now: string) {
    return withPlaylist(owner, playlistId, async (trx): Promise<'done' | 'mismatch'> => {
      const rows = await trx
        .selectFrom('playlist_tracks')
        .select('media_id')
        .where('playlist_id', '=', playlistId)
        .execute();
      const current = new Set(rows.map((row) => row.media_id));
      if (
        trackIds.length !== current.size ||
        new Set(trackIds).size !== trackIds.length ||
        trackIds.some((id) => !current.has(id))
      ) {
        return 'mismatch';
      }
      if (trackIds.length > 0) {
        // One statement: position = index of the id in the new order. The ids were just checked
        // against the playlist's own rows, so they are integers and safe as literals.
        const cases = sql.join(
          trackIds.map((id, index) => sql`when ${sql.lit(id)} then ${sql.lit(index)}`),
          sql` `,
        );
        await trx
          .updateTable('playlist_tracks')
          .set({ position: sql<number>`case media_id ${cases} end` })
          .where('playlist_id', '=', playlistId)
          .execute();
      }
      await touch(trx, owner, playlistId, now);
      return 'done';
    });
  }

  // ---- Progress ----

  async function findProgress(owner: Owner, mediaType: string, mediaId: number): Promise<ProgressRow | null> {
    const row = await db
      .selectFrom('media_progress')
      .select(['progress', 'position', 'finished', 'updated_at'])
      .where('brand_id', '=', owner.brandId)
      .where('member_id', '=', owner.memberId)
      .where('media_type', '=', mediaType)
      .where('media_id', '=', mediaId)
      .executeTakeFirst();
    return row
      ? {
          progress: row.progress,
          position: row.position,
          finished: row.finished === 1,
          updatedAt: row.updated_at,
        }
      : null;
  }

  /**
   * Inserts or replaces the member's progress on a title in one statement. A row whose updated_at is
   * newer than this write's is left alone: the last write by timestamp wins, whatever order
   * concurrent writes reach the database in, and the primary key never lets a second row in. Answers
   * false when the member is gone (deleted their account meanwhile).
   */
  async function saveProgress(
    owner: Owner,
    progress: {
      mediaType: string;
      mediaId: number;
      progress: number;
      position: string | null;
      finished: boolean;
    },
    now: string,
  ): Promise<boolean> {
    const write = db
      .insertInto('media_progress')
      .values({
        brand_id: owner.brandId,
        member_id: owner.memberId,
        media_type: progress.mediaType,
        media_id: progress.mediaId,
        progress: progress.progress,
        position: progress.position,
        finished: progress.finished ? 1 : 0,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['member_id', 'media_type', 'media_id'])
          .doUpdateSet((eb) => ({
            progress: eb.ref('excluded.progress'),
            position: eb.ref('excluded.position'),
            finished: eb.ref('excluded.finished'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          // The brand check keeps a row of another brand (same member id cannot happen, but the
          // statement stays filtered) from ever being overwritten.
          .where('media_progress.brand_id', '=', owner.brandId)
          .where('media_progress.updated_at', '<=', now),
      );
    return (await unlessParentGone(() => write.execute())) !== undefined;
  }

  /** Unfinished progress joined to the brand's titles, most recent first. */
  async function listContinue(owner: Owner, limit: number): Promise<ContinueRow[]> {
    const rows = await db
      .selectFrom('media_progress as p')
      .innerJoin('media_items as m', (join) =>
        join.onRef('m.id', '=', 'p.media_id').onRef('m.media_type', '=', 'p.media_type'),
      )
      .select([
        'p.progress',
        'p.position',
        'p.finished',
        'p.updated_at',
        'm.id',
        'm.media_type',
        'm.title',
        'm.slug',
        'm.thumbnail_origin',
        'm.thumbnail_path',
        'm.thumbnail_cache_index',
        'm.is_free',
        'm.release_date',
        'm.release_year',
        'm.duration_seconds',
        'm.popularity',
      ])
      .where('p.brand_id', '=', owner.brandId)
      .where('p.member_id', '=', owner.memberId)
      .where('p.finished', '=', 0)
      .where('p.progress', '>', 0)
      .where('m.brand_id', '=', owner.brandId)
      .orderBy('p.updated_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      progress: row.progress,
      position: row.position,
      finished: false,
      updatedAt: row.updated_at,
      media: {
        id: row.id,
        mediaType: row.media_type as MediaType,
        title: row.title,
        slug: row.slug,
        thumbnail: thumbnailOf(row),
        isFree: row.is_free === 1,
        releaseDate: row.release_date,
        releaseYear: row.release_year,
        durationSeconds: row.duration_seconds,
        popularity: row.popularity,
      },
    }));
  }

  // ---- Catalog facts the service needs beyond content.media ----

  /** For a music item of the brand: its album's title (itself when top-level) and its track count. */
  async function musicShape(brandId: number, mediaId: number): Promise<MusicShape | undefined> {
    const row = await db
      .selectFrom('media_items as m')
      .leftJoin('media_items as parent', (join) =>
        join.onRef('parent.id', '=', 'm.parent_id').on('parent.brand_id', '=', brandId),
      )
      .select((eb) => [
        'm.title',
        'parent.title as parent_title',
        eb
          .selectFrom('media_items as c')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('c.parent_id', '=', 'm.id')
          .as('child_count'),
      ])
      .where('m.id', '=', mediaId)
      .where('m.brand_id', '=', brandId)
      .where('m.media_type', '=', 'music')
      .executeTakeFirst();
    if (!row) return undefined;
    return { albumTitle: row.parent_title ?? null, childCount: Number(row.child_count ?? 0) };
  }

  return {
    listEntries,
    addToCollection,
    addToHistory,
    removeEntry,
    removeAllEntries,
    listPlaylists,
    findPlaylist,
    createPlaylist,
    renamePlaylist,
    deletePlaylist,
    addTrack,
    removeTrack,
    reorderTracks,
    findProgress,
    saveProgress,
    listContinue,
    musicShape,
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;

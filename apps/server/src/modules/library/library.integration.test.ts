import { MEDIA_TYPES } from '@member/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '../../seed/catalog';
import { buildBrand, buildMember } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { type Caller, genericToken, graphql, login } from '../../test/http';
import { createLibraryRepository } from './library.repository';

const COUNTS = { movie: 6, music: 4, ebook: 3, audiobook: 2, game: 2, software: 1, stream: 1 };

const RESULT = 'responseResult { succeeded errorCode slug message }';
const ENTRY = 'id type title duration artist thumbnail { origin path cacheIndex } addedAt';
const PLAYLIST = `id name createdAt updatedAt tracks { id title duration artist albumTitle thumbnail { path } addedAt }`;

const ADD = (list: 'addToCollection' | 'addToHistory') => /* GraphQL */ `
  mutation Add($type: String!, $id: Int!, $title: String, $artist: String, $duration: Int, $thumbnail: String) {
    content {
      ${list}(type: $type, id: $id, title: $title, artist: $artist, duration: $duration, thumbnail: $thumbnail) {
        ${RESULT}
      }
    }
  }
`;
const REMOVE = (list: 'removeFromCollection' | 'removeFromHistory') => /* GraphQL */ `
  mutation Remove($type: String!, $id: Int!) { content { ${list}(type: $type, id: $id) { ${RESULT} } } }
`;
const REMOVE_ALL = `mutation { content { removeAllFromHistory { ${RESULT} } } }`;
const LISTS = `query { content { collection { ${ENTRY} } history { ${ENTRY} } } }`;
const PLAYLISTS = `query { content { playlists { ${PLAYLIST} } } }`;
const ONE_PLAYLIST = `query P($id: Int!) { content { playlist(id: $id) { ${PLAYLIST} } } }`;
const PLAYLIST_CHANGE = (field: string, input: string) => /* GraphQL */ `
  mutation Change($input: ${input}!) { content { ${field}(input: $input) { ${RESULT} playlist { ${PLAYLIST} } } } }
`;
const DELETE_PLAYLIST = `mutation D($input: DeletePlaylistInput!) { content { deletePlaylist(input: $input) { ${RESULT} } } }`;
const UPDATE_PROGRESS = /* GraphQL */ `
  mutation P($id: Int!, $mediaType: String!, $progress: Float!, $position: String) {
    content {
      updateMediaProgress(id: $id, mediaType: $mediaType, progress: $progress, position: $position) { ${RESULT} }
    }
  }
`;
const PROGRESS = `query P($mediaType: String!, $id: Int!) { content { progress(mediaType: $mediaType, id: $id) { progress position finished updatedAt } } }`;
const CONTINUE = `query C($first: Int) { content { continueList(first: $first) { progress position updatedAt media { id mediaType title thumbnail { path } } } } }`;

interface Result {
  succeeded: boolean;
  errorCode: string | null;
  slug: string | null;
  message: string | null;
}
interface Entry {
  id: number;
  type: string;
  title: string;
  duration: number | null;
  artist: string | null;
  thumbnail: { origin: string; path: string; cacheIndex: number };
  addedAt: string;
}
interface Track {
  id: number;
  title: string;
  duration: number | null;
  artist: string | null;
  albumTitle: string | null;
  addedAt: string;
}
interface PlaylistView {
  id: number;
  name: string;
  tracks: Track[];
  createdAt: string;
  updatedAt: string;
}
interface Mutated<K extends string, Extra = unknown> {
  content: Record<K, { responseResult: Result } & Extra>;
}

describe.each(ENGINES)('library (%s)', (engine) => {
  let t: TestApp;
  let brandA: { id: number; hostname: string };
  let brandB: { id: number; hostname: string };
  let alice: Caller & { id: number };
  let bob: Caller & { id: number };
  let carol: Caller & { id: number }; // brand B
  /** Titles of brand A available everywhere, by type; albums with their tracks. */
  let movies: { id: number; title: string; duration_seconds: number | null }[];
  let ebook: { id: number };
  let game: { id: number };
  let album: { id: number; title: string };
  let tracks: { id: number; title: string }[];
  let brandBMovie: { id: number };

  const signIn = async (brand: { id: number; hostname: string }) => {
    const member = await buildMember(t.db, brand.id);
    const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
    if (!cookie) throw new Error('sign-in failed');
    return { host: brand.hostname, cookie, id: member.id };
  };

  const topLevel = (brandId: number, type: string) =>
    t.db.kysely
      .selectFrom('media_items')
      .select(['id', 'title', 'duration_seconds'])
      .where('brand_id', '=', brandId)
      .where('media_type', '=', type)
      .where('parent_id', 'is', null)
      .where('geo_allow', 'is', null)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    brandA = await buildBrand(t.db);
    brandB = await buildBrand(t.db);
    await seedCatalog(
      t.db,
      [
        { id: brandA.id, mediaTypes: MEDIA_TYPES },
        { id: brandB.id, mediaTypes: ['movie'] },
      ],
      { counts: COUNTS },
    );
    alice = await signIn(brandA);
    bob = await signIn(brandA);
    carol = await signIn(brandB);
    movies = await topLevel(brandA.id, 'movie');
    const [firstEbook] = await topLevel(brandA.id, 'ebook');
    const [firstGame] = await topLevel(brandA.id, 'game');
    const [firstAlbum] = await topLevel(brandA.id, 'music');
    const [otherMovie] = await topLevel(brandB.id, 'movie');
    if (!firstEbook || !firstGame || !firstAlbum || !otherMovie || movies.length < 3) {
      throw new Error('the seed made too few titles');
    }
    ebook = firstEbook;
    game = firstGame;
    album = firstAlbum;
    brandBMovie = otherMovie;
    tracks = await t.db.kysely
      .selectFrom('media_items')
      .select(['id', 'title'])
      .where('parent_id', '=', album.id)
      .orderBy('position')
      .execute();
    if (tracks.length < 3) throw new Error('the seed made an album with too few tracks');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const movie = (index: number) => {
    const found = movies[index];
    if (!found) throw new Error(`no movie ${String(index)}`);
    return found;
  };
  const track = (index: number) => {
    const found = tracks[index];
    if (!found) throw new Error(`no track ${String(index)}`);
    return found;
  };

  const lists = async (who: Caller) => {
    const result = await graphql<{ content: { collection: Entry[]; history: Entry[] } }>(t.app, who, LISTS);
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.content;
  };
  const add = async (
    who: Caller,
    list: 'addToCollection' | 'addToHistory',
    variables: Record<string, unknown>,
  ) => {
    const result = await graphql<Mutated<typeof list>>(t.app, who, ADD(list), variables);
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.content[list].responseResult;
  };
  const remove = async (
    who: Caller,
    list: 'removeFromCollection' | 'removeFromHistory',
    type: string,
    id: number,
  ) => {
    const result = await graphql<Mutated<typeof list>>(t.app, who, REMOVE(list), { type, id });
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.content[list].responseResult;
  };
  const playlistChange = async (
    field: string,
    input: string,
    who: Caller,
    variables: Record<string, unknown>,
  ) => {
    const result = await graphql<Mutated<string, { playlist: PlaylistView | null }>>(
      t.app,
      who,
      PLAYLIST_CHANGE(field, input),
      { input: variables },
    );
    const payload = result.data?.content[field];
    if (!payload) throw new Error(JSON.stringify(result.errors));
    return payload;
  };
  const createPlaylist = (who: Caller, name: string) =>
    playlistChange('createPlaylist', 'CreatePlaylistInput', who, { name });
  const addTrack = (who: Caller, playlistId: number, trackId: number) =>
    playlistChange('addPlaylistTrack', 'PlaylistTrackInput', who, { playlistId, trackId });
  const updateProgress = async (who: Caller, variables: Record<string, unknown>) => {
    const result = await graphql<Mutated<'updateMediaProgress'>>(t.app, who, UPDATE_PROGRESS, variables);
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.content.updateMediaProgress.responseResult;
  };
  const progressOf = async (who: Caller, mediaType: string, id: number) => {
    const result = await graphql<{
      content: { progress: { progress: number; position: string | null; finished: boolean } | null };
    }>(t.app, who, PROGRESS, { mediaType, id });
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.content.progress;
  };

  it('answers visitors and anonymous callers UNAUTHENTICATED', async () => {
    const visitor = { host: brandA.hostname, token: await genericToken(t.app, brandA.hostname) };
    for (const who of [visitor, { host: brandA.hostname }]) {
      const read = await graphql(t.app, who, LISTS);
      expect(read.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      const write = await graphql(t.app, who, ADD('addToCollection'), { type: 'movie', id: movie(0).id });
      expect(write.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    }
  });

  it('saves the catalog values, not the client ones, and keeps one entry when saved twice', async () => {
    const target = movie(0);
    const hostile = {
      type: 'movie',
      id: target.id,
      title: '<img src=x onerror=alert(1)>',
      artist: 'Mallory',
      duration: 1,
      thumbnail: 'javascript:alert(1)',
    };
    expect((await add(alice, 'addToCollection', hostile)).succeeded).toBe(true);
    expect((await add(alice, 'addToCollection', hostile)).succeeded).toBe(true);
    const { collection } = await lists(alice);
    expect(collection).toHaveLength(1);
    const [entry] = collection;
    expect(entry).toMatchObject({
      id: target.id,
      type: 'movie',
      title: target.title,
      duration: target.duration_seconds,
    });
    expect(entry?.artist).not.toBe('Mallory');
    expect(entry?.thumbnail.path).not.toContain('javascript');
    const rows = await t.db.kysely
      .selectFrom('library_entries')
      .selectAll()
      .where('member_id', '=', alice.id)
      .where('list', '=', 'collection')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses titles of another brand, unknown ids, bad ids and bad types with clear errors', async () => {
    const before = await lists(alice);
    expect(await add(alice, 'addToCollection', { type: 'movie', id: brandBMovie.id })).toMatchObject({
      succeeded: false,
      errorCode: 'NOT_FOUND',
      slug: 'media_not_found',
    });
    expect(await add(alice, 'addToCollection', { type: 'movie', id: 999_999 })).toMatchObject({
      slug: 'media_not_found',
    });
    expect(await add(alice, 'addToCollection', { type: 'movie', id: 0 })).toMatchObject({
      errorCode: 'BAD_USER_INPUT',
      slug: 'invalid_media_id',
    });
    expect(await add(alice, 'addToHistory', { type: 'podcast', id: movie(1).id })).toMatchObject({
      slug: 'invalid_media_type',
    });
    // The right id under the wrong type is not that title.
    expect(await add(alice, 'addToCollection', { type: 'ebook', id: movie(1).id })).toMatchObject({
      slug: 'media_not_found',
    });
    expect(await lists(alice)).toEqual(before);
  });

  it('removes from the collection, and says so when the title was not there', async () => {
    await add(alice, 'addToCollection', { type: 'movie', id: movie(1).id });
    expect((await remove(alice, 'removeFromCollection', 'movie', movie(1).id)).succeeded).toBe(true);
    expect(await remove(alice, 'removeFromCollection', 'movie', movie(1).id)).toMatchObject({
      succeeded: false,
      slug: 'entry_not_found',
    });
    expect((await lists(alice)).collection.map((entry) => entry.id)).toEqual([movie(0).id]);
  });

  it('moves a replayed title to the top of the history without duplicating it', async () => {
    for (const index of [0, 1, 2, 0]) {
      expect((await add(alice, 'addToHistory', { type: 'movie', id: movie(index).id })).succeeded).toBe(true);
    }
    const { history } = await lists(alice);
    expect(history.map((entry) => entry.id)).toEqual([movie(0).id, movie(2).id, movie(1).id]);
    expect((await remove(alice, 'removeFromHistory', 'movie', movie(2).id)).succeeded).toBe(true);
    expect((await lists(alice)).history.map((entry) => entry.id)).toEqual([movie(0).id, movie(1).id]);
  });

  it('keeps members and brands apart', async () => {
    const aliceBefore = await lists(alice);
    expect(aliceBefore.collection.length).toBeGreaterThan(0);
    expect(await lists(bob)).toEqual({ collection: [], history: [] });
    expect(await lists(carol)).toEqual({ collection: [], history: [] });
    // Bob and Carol cannot remove Alice's entries: for them there is nothing to remove.
    expect((await remove(bob, 'removeFromCollection', 'movie', movie(0).id)).slug).toBe('entry_not_found');
    expect((await remove(carol, 'removeFromCollection', 'movie', movie(0).id)).slug).toBe('entry_not_found');
    await graphql(t.app, bob, REMOVE_ALL);
    await graphql(t.app, carol, REMOVE_ALL);
    // Carol's cookie on brand A's hostname is not a member session there.
    const crossed = await graphql<{ content: { collection: Entry[] } }>(
      t.app,
      { host: brandA.hostname, cookie: carol.cookie ?? '' },
      LISTS,
    );
    expect(crossed.data?.content.collection ?? []).toEqual([]);
    expect(await lists(alice)).toEqual(aliceBefore);
  });

  it('removes all of the history after the member confirms, and only theirs', async () => {
    await add(bob, 'addToHistory', { type: 'movie', id: movie(0).id });
    const result = await graphql<Mutated<'removeAllFromHistory'>>(t.app, alice, REMOVE_ALL);
    expect(result.data?.content.removeAllFromHistory.responseResult.succeeded).toBe(true);
    expect((await lists(alice)).history).toEqual([]);
    expect((await lists(bob)).history.map((entry) => entry.id)).toEqual([movie(0).id]);
  });

  it('drops the oldest history beyond the limit and refuses a full collection', async () => {
    const repository = createLibraryRepository(t.db.kysely, t.db.dialect);
    const owner = { brandId: brandA.id, memberId: bob.id };
    const item = (index: number) => ({
      mediaType: 'movie' as const,
      mediaId: movie(index).id,
      title: movie(index).title,
      artist: null,
      durationSeconds: null,
      thumbnail: { origin: '', path: '', cacheIndex: 0 },
    });
    // Same timestamp for all: the id breaks the tie.
    for (const index of [0, 1, 2])
      await repository.addToHistory(owner, item(index), 2, '2026-01-01T00:00:00.000Z');
    const history = await repository.listEntries(owner, 'history', 10);
    expect(history.map((entry) => entry.id)).toEqual([movie(2).id, movie(1).id]);

    expect(await repository.addToCollection(owner, item(0), 2, '2026-01-01T00:00:00.000Z')).toBe('added');
    expect(await repository.addToCollection(owner, item(1), 2, '2026-01-01T00:00:00.000Z')).toBe('added');
    expect(await repository.addToCollection(owner, item(1), 2, '2026-01-01T00:00:00.000Z')).toBe('kept');
    expect(await repository.addToCollection(owner, item(2), 2, '2026-01-01T00:00:00.000Z')).toBe('full');
    // A member id under the wrong brand writes nothing.
    expect(await repository.addToCollection({ brandId: brandB.id, memberId: bob.id }, item(2), 2, 'x')).toBe(
      undefined,
    );
    await repository.removeAllEntries(owner, 'collection');
  });

  it('creates, renames, fills, reorders, empties and deletes a playlist', async () => {
    const created = await createPlaylist(alice, '  Road   trip  ');
    expect(created.responseResult.succeeded).toBe(true);
    const playlist = created.playlist;
    if (!playlist) throw new Error('no playlist');
    expect(playlist).toMatchObject({ name: 'Road trip', tracks: [] });

    for (const index of [0, 1, 2]) {
      expect((await addTrack(alice, playlist.id, track(index).id)).responseResult.succeeded).toBe(true);
    }
    const again = await addTrack(alice, playlist.id, track(0).id);
    expect(again.playlist?.tracks.map((item) => item.id)).toEqual([track(0).id, track(1).id, track(2).id]);
    expect(again.playlist?.tracks[0]).toMatchObject({ title: track(0).title, albumTitle: album.title });

    const album_ = await addTrack(alice, playlist.id, album.id);
    expect(album_.responseResult).toMatchObject({ succeeded: false, slug: 'not_a_track' });
    const notMusic = await addTrack(alice, playlist.id, movie(0).id);
    expect(notMusic.responseResult).toMatchObject({ succeeded: false, slug: 'media_not_found' });

    const order = [track(2).id, track(0).id, track(1).id];
    const reordered = await playlistChange('reorderPlaylist', 'ReorderPlaylistInput', alice, {
      playlistId: playlist.id,
      trackIds: order,
    });
    expect(reordered.playlist?.tracks.map((item) => item.id)).toEqual(order);
    for (const trackIds of [
      [track(2).id, track(0).id],
      [...order, order[0]],
      [track(2).id, track(0).id, 999],
    ]) {
      const stale = await playlistChange('reorderPlaylist', 'ReorderPlaylistInput', alice, {
        playlistId: playlist.id,
        trackIds,
      });
      expect(stale.responseResult).toMatchObject({ succeeded: false, slug: 'order_mismatch' });
    }

    const renamed = await playlistChange('renamePlaylist', 'RenamePlaylistInput', alice, {
      playlistId: playlist.id,
      name: 'Night drive',
    });
    expect(renamed.playlist?.name).toBe('Night drive');

    const removed = await playlistChange('removePlaylistTrack', 'PlaylistTrackInput', alice, {
      playlistId: playlist.id,
      trackId: track(0).id,
    });
    expect(removed.playlist?.tracks.map((item) => item.id)).toEqual([track(2).id, track(1).id]);

    const listed = await graphql<{ content: { playlists: PlaylistView[] } }>(t.app, alice, PLAYLISTS);
    expect(listed.data?.content.playlists.map((item) => item.name)).toContain('Night drive');

    const deleted = await graphql<Mutated<'deletePlaylist'>>(t.app, alice, DELETE_PLAYLIST, {
      input: { playlistId: playlist.id },
    });
    expect(deleted.data?.content.deletePlaylist.responseResult.succeeded).toBe(true);
    const gone = await graphql<{ content: { playlist: PlaylistView | null } }>(t.app, alice, ONE_PLAYLIST, {
      id: playlist.id,
    });
    expect(gone.data?.content.playlist).toBeNull();
    const count = await t.db.kysely
      .selectFrom('playlist_tracks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('playlist_id', '=', playlist.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  describe('a playlist deleted while a track is added', () => {
    /** Makes every track insert delete its playlist first: the delete lands between the check and the insert. */
    async function deletePlaylistsOnTrackInsert(): Promise<() => Promise<void>> {
      if (engine === 'sqlite') {
        await sql`create trigger vanishing_playlist before insert on playlist_tracks
          begin delete from playlists where id = new.playlist_id; end`.execute(t.db.kysely);
        return async () => {
          await sql`drop trigger vanishing_playlist`.execute(t.db.kysely);
        };
      }
      await sql`create function vanishing_playlist() returns trigger language plpgsql as $$
        begin delete from playlists where id = new.playlist_id; return new; end $$`.execute(t.db.kysely);
      await sql`create trigger vanishing_playlist before insert on playlist_tracks
        for each row execute function vanishing_playlist()`.execute(t.db.kysely);
      return async () => {
        await sql`drop trigger vanishing_playlist on playlist_tracks`.execute(t.db.kysely);
        await sql`drop function vanishing_playlist()`.execute(t.db.kysely);
      };
    }

    // Issue 12: addPlaylistTrack racing deletePlaylist failed on the foreign key (500 on PostgreSQL).
    it('answers playlist_not_found, not a 500, when the playlist goes between the check and the insert', async () => {
      const playlist = (await createPlaylist(alice, 'Vanishing')).playlist;
      if (!playlist) throw new Error('no playlist');
      const restore = await deletePlaylistsOnTrackInsert();
      try {
        const added = await addTrack(alice, playlist.id, track(0).id);
        expect(added).toMatchObject({
          responseResult: { succeeded: false, slug: 'playlist_not_found' },
          playlist: null,
        });
      } finally {
        await restore();
      }
      // Nothing half-written: the refused change left the playlist as it was.
      expect(
        (await addTrack(alice, playlist.id, track(1).id)).playlist?.tracks.map((item) => item.id),
      ).toEqual([track(1).id]);
    });

    // The race itself, without timing: a delete holds the playlist's row, the addition is started and
    // waits on it (seen in pg_blocking_pids), then the delete commits.
    it.runIf(engine === 'postgres')(
      'answers playlist_not_found when a concurrent delete commits while the track is added',
      async () => {
        const playlist = (await createPlaylist(alice, 'Raced')).playlist;
        if (!playlist) throw new Error('no playlist');
        const deleter = new pg.Client({
          connectionString: process.env.TEST_DATABASE_URL,
          options: `-c search_path=${t.db.schema ?? 'public'}`,
        });
        await deleter.connect();
        try {
          const pid = (await deleter.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
          await deleter.query('begin');
          await deleter.query('delete from playlists where id = $1', [playlist.id]);
          const adding = addTrack(alice, playlist.id, track(0).id);
          for (let waited = 0; ; waited += 1) {
            const { rows } = await deleter.query<{ n: string }>(
              'select count(*) as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
              [pid],
            );
            if (Number(rows[0]?.n) > 0) break;
            // A bound, not a timing: the addition reaches the locked row within milliseconds.
            if (waited > 500) throw new Error('the addition never waited on the deleted playlist');
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          await deleter.query('commit');
          expect(await adding).toMatchObject({
            responseResult: { succeeded: false, slug: 'playlist_not_found' },
            playlist: null,
          });
        } finally {
          await deleter.end();
        }
      },
    );
  });

  it('checks playlist names', async () => {
    for (const [name, slug] of [
      ['   ', 'playlist_name_required'],
      ['x'.repeat(101), 'playlist_name_too_long'],
      // U+0000 never gets this far: it is refused at the edge (security/hostile-documents.test.ts).
      ['bad\u0001name', 'playlist_name_invalid'],
      ['bell\u0007', 'playlist_name_invalid'],
    ] as const) {
      expect((await createPlaylist(alice, name)).responseResult).toMatchObject({ succeeded: false, slug });
    }
    expect((await createPlaylist(alice, 'Été 🎧 ライブ')).playlist?.name).toBe('Été 🎧 ライブ');
  });

  it('never lets one member read or change another member’s playlist, across brands too', async () => {
    const mine = (await createPlaylist(alice, 'Private')).playlist;
    if (!mine) throw new Error('no playlist');
    await addTrack(alice, mine.id, track(0).id);
    for (const stranger of [bob, carol]) {
      const read = await graphql<{ content: { playlist: PlaylistView | null; playlists: PlaylistView[] } }>(
        t.app,
        stranger,
        `
          query P($id: Int!) {
            content {
              playlist(id: $id) {
                id
              }
              playlists {
                id
              }
            }
          }
        `,
        { id: mine.id },
      );
      expect(read.data?.content.playlist).toBeNull();
      expect(read.data?.content.playlists.map((item) => item.id)).not.toContain(mine.id);
      const attempts = [
        await addTrack(stranger, mine.id, track(1).id),
        await playlistChange('renamePlaylist', 'RenamePlaylistInput', stranger, {
          playlistId: mine.id,
          name: 'Mine',
        }),
        await playlistChange('removePlaylistTrack', 'PlaylistTrackInput', stranger, {
          playlistId: mine.id,
          trackId: track(0).id,
        }),
        await playlistChange('reorderPlaylist', 'ReorderPlaylistInput', stranger, {
          playlistId: mine.id,
          trackIds: [track(0).id],
        }),
      ];
      for (const attempt of attempts) {
        expect(attempt.responseResult).toMatchObject({ succeeded: false, slug: 'playlist_not_found' });
      }
      const deleted = await graphql<Mutated<'deletePlaylist'>>(t.app, stranger, DELETE_PLAYLIST, {
        input: { playlistId: mine.id },
      });
      expect(deleted.data?.content.deletePlaylist.responseResult.slug).toBe('playlist_not_found');
    }
    const still = await graphql<{ content: { playlist: PlaylistView | null } }>(t.app, alice, ONE_PLAYLIST, {
      id: mine.id,
    });
    expect(still.data?.content.playlist).toMatchObject({ name: 'Private', tracks: [{ id: track(0).id }] });
  });

  it('keeps progress, decides finished on the server, and lists what to continue', async () => {
    const long = movies.find((item) => (item.duration_seconds ?? 0) > 15);
    if (!long?.duration_seconds) throw new Error('no movie with a duration');
    expect(await progressOf(alice, 'movie', long.id)).toBeNull();
    expect((await updateProgress(alice, { id: long.id, mediaType: 'movie', progress: 3 })).succeeded).toBe(
      true,
    );
    expect(await progressOf(alice, 'movie', long.id)).toMatchObject({ progress: 3, finished: false });
    expect(await progressOf(bob, 'movie', long.id)).toBeNull();

    expect(
      (
        await updateProgress(alice, {
          id: ebook.id,
          mediaType: 'ebook',
          progress: 0.4,
          position: 'epubcfi(/6/4!/4/2)',
        })
      ).succeeded,
    ).toBe(true);
    expect(await progressOf(alice, 'ebook', ebook.id)).toMatchObject({
      progress: 0.4,
      position: 'epubcfi(/6/4!/4/2)',
      finished: false,
    });

    const listed = await graphql<{ content: { continueList: { media: { id: number } }[] } }>(
      t.app,
      alice,
      CONTINUE,
      {},
    );
    expect(listed.data?.content.continueList.map((row) => row.media.id)).toEqual([ebook.id, long.id]);
    expect(
      (await graphql<{ content: { continueList: unknown[] } }>(t.app, bob, CONTINUE, {})).data?.content
        .continueList,
    ).toEqual([]);

    // Near the end counts as finished, and a finished title leaves the continue list.
    await updateProgress(alice, { id: long.id, mediaType: 'movie', progress: long.duration_seconds - 5 });
    expect(await progressOf(alice, 'movie', long.id)).toMatchObject({ finished: true });
    const after = await graphql<{ content: { continueList: { media: { id: number } }[] } }>(
      t.app,
      alice,
      CONTINUE,
      {
        first: 1,
      },
    );
    expect(after.data?.content.continueList.map((row) => row.media.id)).toEqual([ebook.id]);
    // Past the end is clamped to the end.
    await updateProgress(alice, { id: long.id, mediaType: 'movie', progress: long.duration_seconds * 10 });
    expect((await progressOf(alice, 'movie', long.id))?.progress).toBe(long.duration_seconds);
  });

  it('refuses progress that makes no sense', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ id: movie(0).id, mediaType: 'movie', progress: -1 }, 'invalid_progress'],
      [{ id: ebook.id, mediaType: 'ebook', progress: 1.5 }, 'invalid_progress'],
      [{ id: game.id, mediaType: 'game', progress: 10 }, 'progress_not_tracked'],
      [{ id: ebook.id, mediaType: 'ebook', progress: 0.1, position: 'x'.repeat(600) }, 'invalid_position'],
      [{ id: brandBMovie.id, mediaType: 'movie', progress: 1 }, 'media_not_found'],
    ];
    for (const [variables, slug] of cases) {
      expect(await updateProgress(bob, variables)).toMatchObject({ succeeded: false, slug });
    }
    expect(await progressOf(bob, 'movie', movie(0).id)).toBeNull();
  });

  // A member who deletes their account while a save is on its way: the insert finds no member row.
  it('does not fail when the member is gone by the time progress is saved', async () => {
    const gone = await buildMember(t.db, brandA.id);
    await t.db.kysely.deleteFrom('members').where('id', '=', gone.id).execute();
    const repository = createLibraryRepository(t.db.kysely, t.db.dialect);
    const saved = await repository.saveProgress(
      { brandId: brandA.id, memberId: gone.id },
      { mediaType: 'movie', mediaId: movie(0).id, progress: 10, position: null, finished: false },
      '2099-01-01T00:00:00.000Z',
    );
    expect(saved).toBe(false);
  });

  it('keeps one progress row under concurrent updates, and the newest write wins', async () => {
    const target = movie(2);
    const values = Array.from({ length: 16 }, (_, index) => index + 1);
    const results = await Promise.all(
      values.map((progress) => updateProgress(bob, { id: target.id, mediaType: 'movie', progress })),
    );
    expect(results.every((result) => result.succeeded)).toBe(true);
    const rows = await t.db.kysely
      .selectFrom('media_progress')
      .selectAll()
      .where('member_id', '=', bob.id)
      .where('media_id', '=', target.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(values).toContain(Number(rows[0]?.progress));

    // A write stamped earlier than the stored one, arriving later, changes nothing.
    const repository = createLibraryRepository(t.db.kysely, t.db.dialect);
    const owner = { brandId: brandA.id, memberId: bob.id };
    const write = (progress: number, at: string) =>
      repository.saveProgress(
        owner,
        { mediaType: 'movie', mediaId: target.id, progress, position: null, finished: false },
        at,
      );
    await write(50, '2099-01-01T00:00:02.000Z');
    await write(40, '2099-01-01T00:00:01.000Z');
    expect((await repository.findProgress(owner, 'movie', target.id))?.progress).toBe(50);
    await Promise.all([write(60, '2099-01-01T00:00:04.000Z'), write(55, '2099-01-01T00:00:03.000Z')]);
    expect((await repository.findProgress(owner, 'movie', target.id))?.progress).toBe(60);
  });
});

import {
  type MediaType,
  isHiddenOnDevice,
  isLongerThan,
  isMediaType,
  isProgressFinished,
  MAX_PROGRESS_POSITION_LENGTH,
  meaningfulMediaId,
  normalizeProgress,
  rawLengthLimit,
} from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow } from '../../db/json';
import { AppError, badInput, notFound } from '../../errors';
import type { CatalogService, MediaCardView, MediaItemView } from '../catalog/catalog.service';
import type { CanonicalItem, LibraryEntry, LibraryRepository, Owner, Playlist } from './library.repository';

/** A playlist as the service returns it (resolvers read types from the service, not the repository). */
export type { Playlist };

/** Bounds of a member's library (spec section 9 leaves them open; these are the product's). */
export const LIBRARY_LIMITS = {
  /** Saved titles; saving one more is refused. */
  collection: 1000,
  /** Played titles kept; the oldest are dropped beyond it. */
  history: 500,
  playlists: 100,
  playlistTracks: 500,
  playlistNameLength: 100,
  /** content.continueList(first): default and ceiling. */
  continueDefault: 12,
  continueMax: 50,
} as const;

export interface ProgressView {
  progress: number;
  position: string | null;
  finished: boolean;
  updatedAt: string;
}

export interface ContinueView {
  media: MediaCardView;
  progress: number;
  position: string | null;
  updatedAt: string;
}

export interface LibraryServiceDeps {
  repository: LibraryRepository;
  catalog: Pick<CatalogService, 'media'>;
  /** The clock, so tests can order writes; ISO-8601 UTC text. */
  now?: () => string;
}

const PEOPLE_FIELDS = ['artists', 'authors', 'writers', 'directors'] as const;

/** The credit shown as "artist": the first non-empty list of artists, authors, writers, directors. */
export function creditOf(item: Pick<MediaItemView, (typeof PEOPLE_FIELDS)[number]>): string | null {
  for (const field of PEOPLE_FIELDS) {
    const names = item[field].map((person) => person.title).filter((name) => name.length > 0);
    if (names.length > 0) return names.join(', ');
  }
  return null;
}

// Letters, marks, numbers, punctuation, symbols and spaces; no control or format characters.
const PLAYLIST_NAME = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]+$/u;

const playlistNameTooLong = () =>
  badInput(
    `A playlist name has at most ${String(LIBRARY_LIMITS.playlistNameLength)} characters.`,
    'playlist_name_too_long',
  );

/** A playlist name trimmed, 1 to LIBRARY_LIMITS.playlistNameLength characters, without control characters. */
export function checkPlaylistName(raw: string): string {
  // Bounded before it is normalised, trimmed and segmented: a 60,000-character name took tens of seconds.
  if (raw.length > rawLengthLimit(LIBRARY_LIMITS.playlistNameLength)) throw playlistNameTooLong();
  const name = raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
  if (name.length === 0) throw badInput('Give the playlist a name.', 'playlist_name_required');
  if (isLongerThan(name, LIBRARY_LIMITS.playlistNameLength)) throw playlistNameTooLong();
  if (!PLAYLIST_NAME.test(name))
    throw badInput('The playlist name has characters that are not allowed.', 'playlist_name_invalid');
  return name;
}

const playlistNotFound = () => notFound('Playlist not found.', 'playlist_not_found');

/**
 * The member's collection, history, playlists and progress (spec sections 3 and 7). Every call names
 * the member and the request's brand; the repository filters every statement by both. Titles are read
 * through content.media's rules (brand, device, country, subscription), and what is stored is the
 * catalog's title, credit, duration and thumbnail, never the client's.
 */
export function createLibraryService({ repository, catalog, now = () => isoNow() }: LibraryServiceDeps) {
  const ownerOf = (ctx: RequestContext, member: MemberAuth): Owner => ({
    brandId: ctx.brand.config.id,
    memberId: member.member.id,
  });

  function parseType(mediaType: string): MediaType {
    if (!isMediaType(mediaType))
      throw badInput(`Unknown media type "${mediaType.slice(0, 32)}".`, 'invalid_media_type');
    return mediaType;
  }

  function parseId(raw: number): number {
    const id = meaningfulMediaId(raw);
    if (id === null) throw badInput('The media id must be a positive whole number.', 'invalid_media_id');
    return id;
  }

  /** The title as the member may see it, or the catalog's NOT_FOUND / FORBIDDEN. */
  async function visibleItem(ctx: RequestContext, rawType: string, rawId: number): Promise<MediaItemView> {
    const item = await catalog.media(ctx, parseType(rawType), parseId(rawId));
    if (!item) throw notFound('Media not found', 'media_not_found');
    return item;
  }

  const canonical = (item: MediaItemView): CanonicalItem => ({
    mediaType: item.mediaType,
    mediaId: item.id,
    title: item.title,
    artist: creditOf(item),
    durationSeconds: item.duration,
    thumbnail: item.thumbnail,
  });

  /**
   * A member whose row is not in this brand is refused: never expected past authentication, but a
   * member may delete their account while one of their changes is on its way.
   */
  const memberGone = () => new AppError('FORBIDDEN', 'Not allowed', 'forbidden');

  function found<T>(value: T | undefined): T {
    if (value === undefined) throw memberGone();
    return value;
  }

  // ---- Collection and history ----

  const collection = (ctx: RequestContext, member: MemberAuth): Promise<LibraryEntry[]> =>
    repository.listEntries(ownerOf(ctx, member), 'collection', LIBRARY_LIMITS.collection);

  const history = (ctx: RequestContext, member: MemberAuth): Promise<LibraryEntry[]> =>
    repository.listEntries(ownerOf(ctx, member), 'history', LIBRARY_LIMITS.history);

  async function addToCollection(ctx: RequestContext, member: MemberAuth, type: string, id: number) {
    const item = canonical(await visibleItem(ctx, type, id));
    const outcome = found(
      await repository.addToCollection(ownerOf(ctx, member), item, LIBRARY_LIMITS.collection, now()),
    );
    if (outcome === 'full') {
      throw badInput(
        `Your collection is full (${String(LIBRARY_LIMITS.collection)} titles). Remove a title to save another.`,
        'collection_full',
      );
    }
    return {};
  }

  async function addToHistory(ctx: RequestContext, member: MemberAuth, type: string, id: number) {
    const item = canonical(await visibleItem(ctx, type, id));
    found(await repository.addToHistory(ownerOf(ctx, member), item, LIBRARY_LIMITS.history, now()));
    return {};
  }

  /** Removing a title that is not there is an error, so a stale screen learns it was out of date. */
  async function removeEntry(
    ctx: RequestContext,
    member: MemberAuth,
    list: 'collection' | 'history',
    type: string,
    id: number,
  ) {
    const removed = await repository.removeEntry(ownerOf(ctx, member), list, parseType(type), parseId(id));
    if (removed === 0) {
      throw notFound(
        list === 'collection'
          ? 'This title is not in your collection.'
          : 'This title is not in your history.',
        'entry_not_found',
      );
    }
    return {};
  }

  async function removeAllFromHistory(ctx: RequestContext, member: MemberAuth) {
    await repository.removeAllEntries(ownerOf(ctx, member), 'history');
    return {};
  }

  // ---- Playlists ----

  const playlists = (ctx: RequestContext, member: MemberAuth): Promise<Playlist[]> =>
    repository.listPlaylists(ownerOf(ctx, member));

  async function playlist(ctx: RequestContext, member: MemberAuth, id: number): Promise<Playlist | null> {
    if (meaningfulMediaId(id) === null) return null;
    return (await repository.findPlaylist(ownerOf(ctx, member), id)) ?? null;
  }

  async function reread(owner: Owner, id: number): Promise<Playlist> {
    const fresh = await repository.findPlaylist(owner, id);
    if (!fresh) throw playlistNotFound();
    return fresh;
  }

  const playlistId = (raw: number): number => {
    if (meaningfulMediaId(raw) === null) throw playlistNotFound();
    return raw;
  };

  async function createPlaylist(ctx: RequestContext, member: MemberAuth, input: { name: string }) {
    const name = checkPlaylistName(input.name);
    const owner = ownerOf(ctx, member);
    const id = found(await repository.createPlaylist(owner, name, LIBRARY_LIMITS.playlists, now()));
    if (id === 'full') {
      throw badInput(
        `You have ${String(LIBRARY_LIMITS.playlists)} playlists, the most allowed. Delete one to create another.`,
        'playlists_full',
      );
    }
    return { playlist: await reread(owner, id) };
  }

  async function renamePlaylist(
    ctx: RequestContext,
    member: MemberAuth,
    input: { playlistId: number; name: string },
  ) {
    const name = checkPlaylistName(input.name);
    const owner = ownerOf(ctx, member);
    const id = playlistId(input.playlistId);
    if (!(await repository.renamePlaylist(owner, id, name, now()))) throw playlistNotFound();
    return { playlist: await reread(owner, id) };
  }

  async function deletePlaylist(ctx: RequestContext, member: MemberAuth, input: { playlistId: number }) {
    if (!(await repository.deletePlaylist(ownerOf(ctx, member), playlistId(input.playlistId)))) {
      throw playlistNotFound();
    }
    return {};
  }

  async function addPlaylistTrack(
    ctx: RequestContext,
    member: MemberAuth,
    input: { playlistId: number; trackId: number },
  ) {
    const owner = ownerOf(ctx, member);
    const id = playlistId(input.playlistId);
    // The playlist first, so a stranger's playlist id answers not found before anything else.
    if (!(await repository.findPlaylist(owner, id))) throw playlistNotFound();
    const item = await visibleItem(ctx, 'music', input.trackId);
    const shape = await repository.musicShape(owner.brandId, item.id);
    if (!shape) throw notFound('Media not found', 'media_not_found');
    if (shape.childCount > 0) {
      throw badInput('Add the tracks of an album one by one.', 'not_a_track');
    }
    const outcome = await repository.addTrack(
      owner,
      id,
      { ...canonical(item), albumTitle: shape.albumTitle },
      LIBRARY_LIMITS.playlistTracks,
      now(),
    );
    if (outcome === undefined) throw playlistNotFound();
    if (outcome === 'full') {
      throw badInput(
        `A playlist holds at most ${String(LIBRARY_LIMITS.playlistTracks)} tracks.`,
        'playlist_full',
      );
    }
    return { playlist: await reread(owner, id) };
  }

  async function removePlaylistTrack(
    ctx: RequestContext,
    member: MemberAuth,
    input: { playlistId: number; trackId: number },
  ) {
    const owner = ownerOf(ctx, member);
    const id = playlistId(input.playlistId);
    const removed = await repository.removeTrack(owner, id, input.trackId, now());
    if (removed === undefined) throw playlistNotFound();
    if (!removed) throw notFound('This track is not in the playlist.', 'track_not_found');
    return { playlist: await reread(owner, id) };
  }

  async function reorderPlaylist(
    ctx: RequestContext,
    member: MemberAuth,
    input: { playlistId: number; trackIds: readonly number[] },
  ) {
    const owner = ownerOf(ctx, member);
    const id = playlistId(input.playlistId);
    if (input.trackIds.length > LIBRARY_LIMITS.playlistTracks) {
      throw badInput('The new order names more tracks than the playlist holds.', 'order_mismatch');
    }
    const outcome = await repository.reorderTracks(owner, id, input.trackIds, now());
    if (outcome === undefined) throw playlistNotFound();
    if (outcome === 'mismatch') {
      throw badInput('The playlist changed meanwhile: reload it and try again.', 'order_mismatch');
    }
    return { playlist: await reread(owner, id) };
  }

  // ---- Progress ----

  async function progress(
    ctx: RequestContext,
    member: MemberAuth,
    type: string,
    id: number,
  ): Promise<ProgressView | null> {
    const mediaId = meaningfulMediaId(id);
    if (mediaId === null) return null;
    return repository.findProgress(ownerOf(ctx, member), parseType(type), mediaId);
  }

  async function updateMediaProgress(
    ctx: RequestContext,
    member: MemberAuth,
    args: { id: number; mediaType: string; progress: number; position?: string | null },
  ) {
    const position = args.position ?? null;
    if (position !== null && position.length > MAX_PROGRESS_POSITION_LENGTH) {
      throw badInput('The reading position is too long.', 'invalid_position');
    }
    const item = await visibleItem(ctx, args.mediaType, args.id);
    const checked = normalizeProgress({
      mediaType: item.mediaType,
      progress: args.progress,
      durationSeconds: item.duration,
    });
    if (!checked.ok) {
      switch (checked.reason) {
        case 'not_tracked':
          throw badInput('Progress is not kept for this kind of title.', 'progress_not_tracked');
        case 'no_duration':
          throw badInput('This title has no length to keep progress against.', 'progress_not_tracked');
        case 'invalid_progress':
          throw badInput('The progress is out of range.', 'invalid_progress');
      }
    }
    const saved = await repository.saveProgress(
      ownerOf(ctx, member),
      {
        mediaType: item.mediaType,
        mediaId: item.id,
        progress: checked.progress,
        position: item.mediaType === 'ebook' ? position : null,
        finished: isProgressFinished({
          mediaType: item.mediaType,
          progress: checked.progress,
          durationSeconds: item.duration,
        }),
      },
      now(),
    );
    if (!saved) throw memberGone();
    return {};
  }

  /** In-progress, unfinished titles, most recent first, as cards; hidden types left out on iPhone. */
  async function continueList(
    ctx: RequestContext,
    member: MemberAuth,
    first?: number | null,
  ): Promise<ContinueView[]> {
    const limit = Math.min(
      Math.max(Math.trunc(first ?? LIBRARY_LIMITS.continueDefault), 0),
      LIBRARY_LIMITS.continueMax,
    );
    if (limit === 0) return [];
    const rows = await repository.listContinue(ownerOf(ctx, member), limit);
    const origin = ctx.brand.config.cdnServer;
    return rows
      .filter((row) => !isHiddenOnDevice(row.media.mediaType, ctx.userAgent))
      .map((row) => ({
        progress: row.progress,
        position: row.position,
        updatedAt: row.updatedAt,
        media: {
          id: row.media.id,
          mediaType: row.media.mediaType,
          title: row.media.title,
          slug: row.media.slug,
          thumbnail: { ...row.media.thumbnail, origin: row.media.thumbnail.origin || origin },
          is_free: row.media.isFree,
          releaseDate: row.media.releaseDate,
          releaseYear: row.media.releaseYear,
          duration: row.media.durationSeconds,
          popularity: row.media.popularity,
          // Titles the member has already opened: the continue shelf does not check them again
          // (opening one still goes through content.media's rules).
          lock: null,
        },
      }));
  }

  return {
    collection,
    history,
    addToCollection,
    addToHistory,
    removeFromCollection: (ctx: RequestContext, member: MemberAuth, type: string, id: number) =>
      removeEntry(ctx, member, 'collection', type, id),
    removeFromHistory: (ctx: RequestContext, member: MemberAuth, type: string, id: number) =>
      removeEntry(ctx, member, 'history', type, id),
    removeAllFromHistory,
    playlists,
    playlist,
    createPlaylist,
    renamePlaylist,
    deletePlaylist,
    addPlaylistTrack,
    removePlaylistTrack,
    reorderPlaylist,
    progress,
    updateMediaProgress,
    continueList,
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;

import type { Locale, MediaType } from '@member/domain';
import { useEffect } from 'react';
import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../graphql';
import { type I18nStore, type TranslationKey, type Translator, useI18nStore } from '../i18n';
import { logger } from '../logger';
import { FALLBACK_ERROR_MESSAGE, RefusalError, slugOf } from '../refusal';
import { MEDIA_CARD_FIELDS, type MediaCardData, type Thumbnail } from './media-card-fields';
import { THUMBNAIL_FIELDS, thumbnailUrl } from './thumbnail-url';

/**
 * The member's library calls (spec section 7): collection, history and progress. Each mutation throws
 * a RefusalError carrying the server's slug and `responseResult.message`, or the fallback
 * 'An unexpected error occured.' (spec section 8). Screens show the slug translated where it is a
 * known one (`libraryErrorText`).
 */

/** Server reasons the library screens explain in the member's language; others read as unexpected. */
const KNOWN_SLUGS = [
  'media_not_found',
  'not_available_in_location',
  'subscription_required',
  'collection_full',
  'entry_not_found',
  'playlist_not_found',
  'playlist_name_required',
  'playlist_name_too_long',
  'playlist_name_invalid',
  'playlists_full',
  'playlist_full',
  'not_a_track',
  'track_not_found',
  'order_mismatch',
] as const;

/** The text to show for a failed library call, translated (`library.errors.*`). */
export function libraryErrorText(error: unknown, t: Translator['t']): string {
  const slug = slugOf(error);
  const known = KNOWN_SLUGS.find((candidate) => candidate === slug);
  return t(known ? (`library.errors.${known}` as TranslationKey) : 'library.errors.unexpected');
}

// The library namespace (`library.*`): the library screens, the save button, the continue shelf.
const STRING_FILES = import.meta.glob<unknown>('../../locales/library/*.json', { import: 'default' });

function libraryFile(locale: Locale): Promise<unknown> {
  const load = STRING_FILES[`../../locales/library/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No library strings for ${locale}`));
  return load();
}

/** Loads the `library` strings; the library screens' loaders await it. */
export function loadLibraryStrings(i18n: Pick<I18nStore, 'loadNamespace'>): Promise<void> {
  return i18n.loadNamespace('library', libraryFile);
}

/** Makes sure the `library` strings load where a component shows outside the library screens. */
export function useLibraryStrings(): void {
  const store = useI18nStore();
  useEffect(() => {
    loadLibraryStrings(store).catch((error: unknown) => {
      logger.warn('The library strings could not be loaded', error);
    });
  }, [store]);
}

/**
 * A title as the client knows it. The server reads the canonical title, artist, duration and thumbnail
 * from the catalog; what is sent here is never trusted, only the type and id matter.
 */
export interface LibraryItemInput {
  id: number;
  mediaType: string;
  title: string;
  artist?: string | null;
  duration?: number | null;
  thumbnail?: Thumbnail | null;
}

/** A saved-media progress: seconds for time-based media, a fraction 0..1 (and a CFI) for ebooks. */
export interface MediaProgress {
  progress: number;
  position: string | null;
  finished: boolean;
  updatedAt: string;
}

interface ItemVariables {
  type: string;
  id: number;
  title: string;
  artist: string | null;
  duration: number | null;
  thumbnail: string | null;
}

const toVariables = (item: LibraryItemInput): ItemVariables => ({
  type: item.mediaType,
  id: item.id,
  title: item.title,
  artist: item.artist ?? null,
  duration: item.duration ?? null,
  thumbnail: thumbnailUrl(item.thumbnail),
});

interface Mutated<K extends string> {
  content: Record<K, { responseResult: ResponseResult }>;
}

const ADD_TO_COLLECTION = gql<Mutated<'addToCollection'>, ItemVariables>(`
  mutation AddToCollection($type: String!, $id: Int!, $title: String, $artist: String, $duration: Int, $thumbnail: String) {
    content {
      addToCollection(type: $type, id: $id, title: $title, artist: $artist, duration: $duration, thumbnail: $thumbnail) {
        ${RESPONSE_RESULT_FIELDS}
      }
    }
  }
`);

const REMOVE_FROM_COLLECTION = gql<Mutated<'removeFromCollection'>, { type: string; id: number }>(`
  mutation RemoveFromCollection($type: String!, $id: Int!) {
    content { removeFromCollection(type: $type, id: $id) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

const ADD_TO_HISTORY = gql<Mutated<'addToHistory'>, ItemVariables>(`
  mutation AddToHistory($type: String!, $id: Int!, $title: String, $artist: String, $duration: Int, $thumbnail: String) {
    content {
      addToHistory(type: $type, id: $id, title: $title, artist: $artist, duration: $duration, thumbnail: $thumbnail) {
        ${RESPONSE_RESULT_FIELDS}
      }
    }
  }
`);

const UPDATE_MEDIA_PROGRESS = gql<
  Mutated<'updateMediaProgress'>,
  { id: number; mediaType: string; progress: number; position: string | null }
>(`
  mutation UpdateMediaProgress($id: Int!, $mediaType: String!, $progress: Float!, $position: String) {
    content {
      updateMediaProgress(id: $id, mediaType: $mediaType, progress: $progress, position: $position) {
        ${RESPONSE_RESULT_FIELDS}
      }
    }
  }
`);

const GET_PROGRESS = gql<{ content: { progress: MediaProgress | null } }, { mediaType: string; id: number }>(`
  query MediaProgress($mediaType: String!, $id: Int!) {
    content { progress(mediaType: $mediaType, id: $id) { progress position finished updatedAt } }
  }
`);

/** Saves a title to the member's collection (adding it twice keeps one entry). */
export async function addToCollection(item: LibraryItemInput): Promise<void> {
  const { content } = await graphqlRequest(ADD_TO_COLLECTION, toVariables(item));
  assertSucceeded(content.addToCollection.responseResult);
}

export async function removeFromCollection(item: { mediaType: string; id: number }): Promise<void> {
  const { content } = await graphqlRequest(REMOVE_FROM_COLLECTION, { type: item.mediaType, id: item.id });
  assertSucceeded(content.removeFromCollection.responseResult);
}

/** Records a play: the title moves to the top of the member's history. */
export async function addToHistory(item: LibraryItemInput): Promise<void> {
  const { content } = await graphqlRequest(ADD_TO_HISTORY, toVariables(item));
  assertSucceeded(content.addToHistory.responseResult);
}

/**
 * Saves how far the member got: `progress` in seconds for time-based media, a fraction 0..1 for an
 * ebook (with its EPUB CFI as `position`). The server decides when a title counts as finished.
 */
export async function updateMediaProgress(
  args: {
    id: number;
    mediaType: string;
    progress: number;
    position?: string | null;
  },
  options: { keepalive?: boolean } = {},
): Promise<void> {
  const { content } = await graphqlRequest(
    UPDATE_MEDIA_PROGRESS,
    {
      id: args.id,
      mediaType: args.mediaType,
      progress: args.progress,
      position: args.position ?? null,
    },
    options,
  );
  assertSucceeded(content.updateMediaProgress.responseResult);
}

/** The saved progress of a title, or null when the member never started it. */
export async function getProgress(
  mediaType: string,
  id: number,
  options: { signal?: AbortSignal } = {},
): Promise<MediaProgress | null> {
  const { content } = await graphqlRequest(GET_PROGRESS, { mediaType, id }, options);
  return content.progress;
}

// ---- Lists and playlists (the library screens and the add-to-playlist control) ----

/** A collection or history entry (spec section 3); id and type name the title. */
export interface LibraryEntry {
  id: number;
  type: MediaType;
  title: string;
  duration: number | null;
  artist: string | null;
  thumbnail: Thumbnail;
  addedAt: string;
}

export interface PlaylistTrack {
  id: number;
  title: string;
  duration: number | null;
  artist: string | null;
  albumTitle: string | null;
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

const ENTRY_FIELDS = `id type title duration artist ${THUMBNAIL_FIELDS} addedAt`;
const PLAYLIST_FIELDS = `id name createdAt updatedAt tracks { id title duration artist albumTitle ${THUMBNAIL_FIELDS} addedAt }`;

const COLLECTION = gql<{ content: { collection: LibraryEntry[] } }>(`
  query Collection { content { collection { ${ENTRY_FIELDS} } } }
`);
const HISTORY = gql<{ content: { history: LibraryEntry[] } }>(`
  query History { content { history { ${ENTRY_FIELDS} } } }
`);
const PLAYLISTS = gql<{ content: { playlists: Playlist[] } }>(`
  query Playlists { content { playlists { ${PLAYLIST_FIELDS} } } }
`);

export async function getCollection(options: { signal?: AbortSignal } = {}): Promise<LibraryEntry[]> {
  return (await graphqlRequest(COLLECTION, {}, options)).content.collection;
}

export async function getHistory(options: { signal?: AbortSignal } = {}): Promise<LibraryEntry[]> {
  return (await graphqlRequest(HISTORY, {}, options)).content.history;
}

export async function getPlaylists(options: { signal?: AbortSignal } = {}): Promise<Playlist[]> {
  return (await graphqlRequest(PLAYLISTS, {}, options)).content.playlists;
}

const REMOVE_FROM_HISTORY = gql<Mutated<'removeFromHistory'>, { type: string; id: number }>(`
  mutation RemoveFromHistory($type: String!, $id: Int!) {
    content { removeFromHistory(type: $type, id: $id) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);
const REMOVE_ALL_FROM_HISTORY = gql<Mutated<'removeAllFromHistory'>>(`
  mutation RemoveAllFromHistory { content { removeAllFromHistory { ${RESPONSE_RESULT_FIELDS} } } }
`);

export async function removeFromHistory(item: { mediaType: string; id: number }): Promise<void> {
  const { content } = await graphqlRequest(REMOVE_FROM_HISTORY, { type: item.mediaType, id: item.id });
  assertSucceeded(content.removeFromHistory.responseResult);
}

export async function removeAllFromHistory(): Promise<void> {
  const { content } = await graphqlRequest(REMOVE_ALL_FROM_HISTORY, {});
  assertSucceeded(content.removeAllFromHistory.responseResult);
}

interface PlaylistChange<K extends string> {
  content: Record<K, { responseResult: ResponseResult; playlist: Playlist | null }>;
}

function changedPlaylist(payload: { responseResult: ResponseResult; playlist: Playlist | null }): Playlist {
  assertSucceeded(payload.responseResult);
  if (!payload.playlist) throw new RefusalError('INTERNAL', FALLBACK_ERROR_MESSAGE);
  return payload.playlist;
}

const CREATE_PLAYLIST = gql<PlaylistChange<'createPlaylist'>, { input: { name: string } }>(`
  mutation CreatePlaylist($input: CreatePlaylistInput!) {
    content { createPlaylist(input: $input) { ${RESPONSE_RESULT_FIELDS} playlist { ${PLAYLIST_FIELDS} } } }
  }
`);
const RENAME_PLAYLIST = gql<
  PlaylistChange<'renamePlaylist'>,
  { input: { playlistId: number; name: string } }
>(`
  mutation RenamePlaylist($input: RenamePlaylistInput!) {
    content { renamePlaylist(input: $input) { ${RESPONSE_RESULT_FIELDS} playlist { ${PLAYLIST_FIELDS} } } }
  }
`);
const DELETE_PLAYLIST = gql<Mutated<'deletePlaylist'>, { input: { playlistId: number } }>(`
  mutation DeletePlaylist($input: DeletePlaylistInput!) {
    content { deletePlaylist(input: $input) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);
const ADD_PLAYLIST_TRACK = gql<
  PlaylistChange<'addPlaylistTrack'>,
  { input: { playlistId: number; trackId: number } }
>(`
  mutation AddPlaylistTrack($input: PlaylistTrackInput!) {
    content { addPlaylistTrack(input: $input) { ${RESPONSE_RESULT_FIELDS} playlist { ${PLAYLIST_FIELDS} } } }
  }
`);
const REMOVE_PLAYLIST_TRACK = gql<
  PlaylistChange<'removePlaylistTrack'>,
  { input: { playlistId: number; trackId: number } }
>(`
  mutation RemovePlaylistTrack($input: PlaylistTrackInput!) {
    content { removePlaylistTrack(input: $input) { ${RESPONSE_RESULT_FIELDS} playlist { ${PLAYLIST_FIELDS} } } }
  }
`);
const REORDER_PLAYLIST = gql<
  PlaylistChange<'reorderPlaylist'>,
  { input: { playlistId: number; trackIds: number[] } }
>(`
  mutation ReorderPlaylist($input: ReorderPlaylistInput!) {
    content { reorderPlaylist(input: $input) { ${RESPONSE_RESULT_FIELDS} playlist { ${PLAYLIST_FIELDS} } } }
  }
`);

export async function createPlaylist(name: string): Promise<Playlist> {
  const { content } = await graphqlRequest(CREATE_PLAYLIST, { input: { name } });
  return changedPlaylist(content.createPlaylist);
}

export async function renamePlaylist(playlistId: number, name: string): Promise<Playlist> {
  const { content } = await graphqlRequest(RENAME_PLAYLIST, { input: { playlistId, name } });
  return changedPlaylist(content.renamePlaylist);
}

export async function deletePlaylist(playlistId: number): Promise<void> {
  const { content } = await graphqlRequest(DELETE_PLAYLIST, { input: { playlistId } });
  assertSucceeded(content.deletePlaylist.responseResult);
}

/** Appends a music track to a playlist (a track already there stays put). */
export async function addPlaylistTrack(playlistId: number, trackId: number): Promise<Playlist> {
  const { content } = await graphqlRequest(ADD_PLAYLIST_TRACK, { input: { playlistId, trackId } });
  return changedPlaylist(content.addPlaylistTrack);
}

export async function removePlaylistTrack(playlistId: number, trackId: number): Promise<Playlist> {
  const { content } = await graphqlRequest(REMOVE_PLAYLIST_TRACK, { input: { playlistId, trackId } });
  return changedPlaylist(content.removePlaylistTrack);
}

/** Saves a new order; `trackIds` names every track of the playlist once. */
export async function reorderPlaylist(playlistId: number, trackIds: number[]): Promise<Playlist> {
  const { content } = await graphqlRequest(REORDER_PLAYLIST, { input: { playlistId, trackIds } });
  return changedPlaylist(content.reorderPlaylist);
}

// ---- Continue shelf ----

export interface ContinueEntry {
  media: MediaCardData;
  progress: number;
  position: string | null;
  updatedAt: string;
}

const CONTINUE_LIST = gql<{ content: { continueList?: ContinueEntry[] | null } }, { first: number }>(`
  query ContinueList($first: Int) {
    content { continueList(first: $first) { progress position updatedAt media { ${MEDIA_CARD_FIELDS} } } }
  }
`);

/** In-progress, unfinished titles, most recent first. */
export async function getContinueList(
  first = 12,
  options: { signal?: AbortSignal } = {},
): Promise<ContinueEntry[]> {
  // A well-formed answer always carries the list; anything else reads as "nothing to continue".
  const list = (await graphqlRequest(CONTINUE_LIST, { first }, options)).content.continueList;
  return Array.isArray(list) ? list : [];
}

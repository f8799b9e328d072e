import { type MediaType, currentLiveEvent, isMediaType, meaningfulMediaId } from '@member/domain';

import type { AppConfig } from '../../config';
import type { RequestContext } from '../../context';
import { badInput, forbidden, notFound } from '../../errors';
import type { CatalogService, MediaItemView } from '../catalog/catalog.service';
import type { EventsService } from '../events/events.service';
import { captionsBeside } from './media.captions';
import { readLiveLoop, readVodPlaylist, resolveMediaFile } from './media.files';
import { LIVE_PLAYLIST, REPLAY_PLAYLIST, loopSeconds } from './media.live';
import {
  type PlaybackKind,
  contentTypeOf,
  grantsFolder,
  parsePlaybackKey,
  playbackKindOf,
} from './media.paths';
import type { MediaRepository } from './media.repository';
import { signedMediaPath } from './media.signing';

/** What a player needs to start: a signed URL valid until `expiresAt`, and a range within the file. */
export interface PlaybackView {
  id: number;
  mediaType: MediaType;
  title: string;
  kind: PlaybackKind;
  url: string;
  mimeType: string;
  startSeconds: number | null;
  endSeconds: number | null;
  /** ISO-8601 UTC. */
  expiresAt: string;
  vendor_id: string | null;
  /** A video's caption tracks (WebVTT), each signed like the media. */
  textTracks: { language: string; kind: 'captions'; url: string }[];
  /** The text of the HLS playlist `url` names when it is a finished (on-demand) media playlist, else null. */
  playlist: string | null;
}

export interface MediaServiceDeps {
  catalog: Pick<CatalogService, 'media'>;
  events: Pick<EventsService, 'record'>;
  repository: MediaRepository;
  config: Pick<AppConfig, 'media'>;
  now?: () => number;
}

const NOT_FOUND = () => notFound('Media not found', 'media_not_found');
const NOT_PLAYABLE = () => notFound('This title has nothing to play.', 'media_not_playable');
const NOT_LIVE_YET = () => forbidden('This broadcast has not started yet.', 'stream_not_live');

export function createMediaService({
  catalog,
  events,
  repository,
  config,
  now = Date.now,
}: MediaServiceDeps) {
  const roots = { demo: config.media.demoDir, imported: config.media.importedDir };

  /**
   * The title, authorized by the rules of content.media. A track, episode or chapter is opened by
   * its parent's rules (free album, free slot, geo list and subscription are set on the parent) and
   * must be one of that parent's children.
   */
  async function authorizedTitle(
    ctx: RequestContext,
    mediaType: MediaType,
    id: number,
  ): Promise<{ item: MediaItemView; parent: MediaItemView | null }> {
    const parentId = await repository.findParentId(ctx.brand.config.id, mediaType, id);
    if (parentId === undefined) throw NOT_FOUND();
    const top = await catalog.media(ctx, mediaType, parentId ?? id);
    if (!top) throw NOT_FOUND();
    if (parentId === null) return { item: top, parent: null };
    const child = [...top.tracks, ...top.episodes, ...top.chapters].find((kid) => kid.id === id);
    if (!child) throw NOT_FOUND();
    return { item: child, parent: top };
  }

  /**
   * content.startPlayback: a signed URL for the title's media (its folder for an HLS title or a game,
   * the single file otherwise; a stream with a `live.json` gets its live playlist), and a
   * consumptions event with the title's vendor_id.
   */
  async function startPlayback(ctx: RequestContext, rawType: string, rawId: number): Promise<PlaybackView> {
    if (!isMediaType(rawType)) throw badInput(`Unknown media type "${rawType.slice(0, 32)}".`);
    const id = meaningfulMediaId(rawId);
    if (id === null) throw NOT_FOUND();
    const { item, parent } = await authorizedTitle(ctx, rawType, id);

    const target = item.playbackKey ? parsePlaybackKey(item.playbackKey) : null;
    if (!target) throw NOT_PLAYABLE();
    const folder = target.segments.slice(0, -1);
    let file = target.segments;
    let kind = playbackKindOf(rawType, file[file.length - 1] ?? '');
    // Live means live (decision 036): a stream with a schedule plays live only while a broadcast is
    // on; once ended it plays the recorded broadcast when there is one, and before it starts nothing.
    const status = rawType === 'stream' ? item.liveStatus : null;
    if (status === 'upcoming') throw NOT_LIVE_YET();
    if (status === 'ended') {
      const last = currentLiveEvent(item.liveSchedule, now());
      if (!last?.hasReplay || !(await readLiveLoop(roots[target.root], folder))) throw NOT_PLAYABLE();
      file = [...folder, REPLAY_PLAYLIST];
      kind = 'VIDEO';
    } else if (kind === 'LIVE' && (await readLiveLoop(roots[target.root], folder))) {
      file = [...folder, LIVE_PLAYLIST];
    } else if (!(await resolveMediaFile(roots[target.root], file))) {
      throw NOT_PLAYABLE();
    } else if (kind === 'LIVE') {
      // A stream without a loop description plays its playlist as it is.
      kind = 'VIDEO';
    }
    const name = file[file.length - 1] ?? '';
    const scope = grantsFolder(name) && folder.length > 0 ? folder : file;
    const expires = Math.floor(now() / 1000) + config.media.urlTtlSeconds;
    const url = signedMediaPath(config.media.urlSecret, { root: target.root, scope, expires }, file);
    const vendorId = item.vendor_id ?? parent?.vendor_id ?? null;
    const captions = kind === 'VIDEO' ? await captionsBeside(roots[target.root], file) : [];
    // The player can fetch the segment it starts in at once instead of asking for the playlist first.
    const playlist = kind === 'VIDEO' ? await readVodPlaylist(roots[target.root], file) : null;
    const textTracks = captions.map((caption) => ({
      language: caption.language,
      kind: 'captions' as const,
      url: signedMediaPath(
        config.media.urlSecret,
        { root: target.root, scope: caption.segments, expires },
        caption.segments,
      ),
    }));

    await events.record(ctx, {
      namespace: 'consumptions',
      vendor_id: vendorId,
      extras: {
        action: 'play_start',
        mediaType: rawType,
        mediaId: item.id,
        ...(parent ? { parentId: parent.id } : {}),
        kind,
      },
    });

    return {
      id: item.id,
      mediaType: rawType,
      title: item.title,
      kind,
      url,
      mimeType: contentTypeOf(name).split(';')[0] ?? 'application/octet-stream',
      startSeconds: target.startSeconds,
      endSeconds: target.endSeconds,
      expiresAt: new Date(expires * 1000).toISOString(),
      vendor_id: vendorId,
      textTracks,
      playlist,
    };
  }

  /**
   * The length in seconds of the live loop a stream's playback key names (its folder's `live.json`),
   * which live stats follow; null when the key names no loop.
   */
  async function liveLoopSeconds(playbackKey: string | null): Promise<number | null> {
    const target = playbackKey ? parsePlaybackKey(playbackKey) : null;
    if (!target) return null;
    const loop = await readLiveLoop(roots[target.root], target.segments.slice(0, -1));
    return loop ? loopSeconds(loop) : null;
  }

  return { startPlayback, liveLoopSeconds };
}

export type MediaService = ReturnType<typeof createMediaService>;

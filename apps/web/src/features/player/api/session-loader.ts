import { isMediaType, keepsProgress } from '@member/domain';
import { type MediaProgress, getProgress } from '../../../lib/media/library-api';
import { type PlayQueue, type QueueItem, playQueue, playerForMediaType } from '../../../lib/media/play-queue';
import { logger } from '../../../lib/logger';
import { prefetchStream, preloadStreamEngine } from '../lib/attach-stream';
import { savedAudiobookRate } from '../lib/player-prefs';
import { type Playback, type PlayerMediaDetails, fetchMediaDetails, startPlayback } from './playback';
import { resumeSeconds } from './resume';

/** What one activation of the queue needs from the server, requested once and shared. */
export interface SessionLoad {
  activation: number;
  item: QueueItem;
  /** The signed URL (rejects with a RefusalError). */
  playback: Promise<Playback>;
  /** The member's saved progress, or null (also when it could not be read). */
  progress: Promise<MediaProgress | null>;
  /** Chapters, tracks and episodes, or null (also when they could not be read). */
  details: Promise<PlayerMediaDetails | null>;
  signal: AbortSignal;
  /**
   * For audio: the element, started by the queue follower as soon as the URL and the progress are in,
   * before the player's code has run; the audio player adopts it. Null for other players.
   */
  audio: HTMLAudioElement | null;
}

let current: { load: SessionLoad; controller: AbortController } | null = null;

/**
 * The requests of an activation: started at most once (by the queue follower, in the click's own task,
 * or by the player if it comes first), so they run while the player's code is still downloading.
 */
export function sessionLoad(item: QueueItem, activation: number): SessionLoad {
  if (
    current?.load.activation === activation &&
    current.load.item.id === item.id &&
    current.load.item.mediaType === item.mediaType
  ) {
    return current.load;
  }
  current?.controller.abort();
  const controller = new AbortController();
  const { signal } = controller;
  const tracked = isMediaType(item.mediaType) && keepsProgress(item.mediaType);
  const progress = tracked
    ? getProgress(item.mediaType, item.id, { signal }).catch((error: unknown) => {
        if (!signal.aborted) logger.warn('The saved progress could not be read', error);
        return null;
      })
    : Promise.resolve(null);
  const details = fetchMediaDetails(item, { signal }).catch((error: unknown) => {
    if (!signal.aborted) logger.warn('The title details could not be read', error);
    return null;
  });
  const playback = startPlayback(item, { signal });
  // The player reports a refusal; a load nobody waits for any more (closed, replaced) is not an error.
  playback.catch(() => undefined);
  const load: SessionLoad = { activation, item, playback, progress, details, signal, audio: null };
  current = { load, controller };
  return load;
}

/** Cancels the requests in flight (the queue closed). */
export function dropSessionLoad(): void {
  current?.controller.abort();
  current = null;
}

/**
 * Starts an audio title at once: the element loads and plays (from the saved progress) as soon as the
 * signed URL and the progress arrive. An album (music whose details list tracks) plays through its
 * tracks instead, so the element stays idle and the player picks the first track.
 */
function startAudioEarly(load: SessionLoad, music: boolean): void {
  const audio = new Audio();
  audio.preload = 'auto';
  load.audio = audio;
  load.signal.addEventListener('abort', () => {
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
  });
  Promise.all([load.playback, load.progress, music ? load.details : null])
    .then(([playback, saved, details]) => {
      if (load.signal.aborted || (details?.id === load.item.id && details.tracks.length > 0)) {
        return;
      }
      audio.src = playback.url;
      const at = resumeSeconds(load.item, playback, saved);
      if (at > 0) audio.currentTime = at;
      const rate = load.item.mediaType === 'audiobook' ? savedAudiobookRate(load.item.id) : null;
      if (rate !== null) {
        audio.playbackRate = rate;
        audio.defaultPlaybackRate = rate;
      }
      audio.play().catch((error: unknown) => {
        // A browser that blocks autoplay leaves the play button for the member to press.
        logger.warn('Playback did not start', error);
      });
    })
    .catch(() => undefined);
}

/**
 * Follows the play queue: the moment an item becomes active (or at once, for an item already active), its
 * signed URL, saved progress and details are requested, and a video's stream engine (hls.js) starts
 * downloading, all in parallel with the player overlay's own code. Returns the unsubscribe function.
 */
export function followPlayQueue(queue: PlayQueue = playQueue): () => void {
  let last: number | null = null;
  const follow = () => {
    const { active, activation } = queue.getSnapshot();
    if (!active) {
      if (last !== null) dropSessionLoad();
      last = null;
      return;
    }
    if (activation === last) return;
    last = activation;
    const load = sessionLoad(active, activation);
    const player = playerForMediaType(active.mediaType);
    if (player === 'movie' || player === 'stream') {
      const live = player === 'stream';
      preloadStreamEngine(live);
      // The playlist and the first segment are fetched as soon as the signed URL is in, not after hls.js.
      Promise.all([load.playback, load.progress])
        .then(([playback, saved]) => {
          if (load.signal.aborted) return;
          prefetchStream(playback, live, resumeSeconds(active, playback, saved));
        })
        .catch(() => undefined);
    }
    if ((player === 'audiobook' || player === 'music') && !load.audio)
      startAudioEarly(load, player === 'music');
  };
  const unsubscribe = queue.subscribe(follow);
  // An item played before the follower started (a Play pressed before the host's code arrived) starts now.
  follow();
  return unsubscribe;
}

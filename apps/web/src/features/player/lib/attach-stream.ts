import type { FragmentLoaderContext, HlsConfig, PlaylistLoaderContext } from 'hls.js';
import type * as HlsLight from 'hls.js/light';
import { logger } from '../../../lib/logger';
import { type LoaderClass, prefetchAwareLoader, prefetchHlsStart } from './hls-prefetch';

export type StreamError = 'network' | 'media' | 'unsupported';

export interface AttachedStream {
  /** How the stream plays: hls.js over Media Source Extensions, the browser's own HLS, or a plain file. */
  engine: 'hls.js' | 'native' | 'file';
  /**
   * Where "live" is, in the video's seconds: hls.js's live sync position, else the end of the seekable
   * range the browser reports. Null for video on demand, or when the browser does not say (some native
   * HLS players report no seekable range for a live stream; the player then offers no jump).
   */
  liveEdge: () => number | null;
  /**
   * Goes to live (the player's "Jump to live"): seeks to the live edge and, once playback runs again,
   * seeks again if getting there took so long that live has moved on (see `chaseLive`).
   */
  seekToLive: () => void;
  destroy: () => void;
}

/** How far behind live playback may start (one segment of the demo stream) before it seeks again. */
export const LIVE_START_SLACK_SECONDS = 4;
/** Seeks again at most this many times per start or jump: a machine too slow for live stops chasing. */
const LIVE_CHASES = 3;

/**
 * Live means live when playback actually runs. hls.js starts a live stream at the live position of the
 * playlist it first loaded, and a jump seeks to where live was on the click; when the start (or the
 * segment the jump needs) takes longer than a segment to arrive, live has moved on by the time the
 * first frame plays, and hls.js plays on from there (it only catches up in low-latency mode, and only
 * resyncs once far behind), so the member watches behind live from the start. So, from `start()`: at
 * each `playing` (playback running again after the seek), when live is more than
 * LIVE_START_SLACK_SECONDS ahead of the playhead it seeks there again, until a `playing` finds playback
 * at live (or after LIVE_CHASES tries). A pause ends the chase: a paused member falls behind on purpose.
 */
export function chaseLive(video: HTMLMediaElement, liveEdge: () => number | null) {
  let chases = -1;
  const seek = (): boolean => {
    const edge = liveEdge();
    if (edge === null || edge - video.currentTime <= LIVE_START_SLACK_SECONDS) return false;
    video.currentTime = edge;
    return true;
  };
  const onPlaying = (): void => {
    if (chases < 0) return;
    if (chases >= LIVE_CHASES || !seek()) chases = -1;
    else chases += 1;
  };
  const onPause = (): void => {
    chases = -1;
  };
  video.addEventListener('playing', onPlaying);
  video.addEventListener('pause', onPause);
  return {
    /** Seeks to live now and keeps it there as playback starts. */
    start: (): void => {
      seek();
      chases = 0;
    },
    stop: (): void => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onPause);
    },
  };
}

const HLS_MIME = 'application/vnd.apple.mpegurl';
/** The demo catalogue's codecs (H.264 main, AAC-LC), as Media Source Extensions are asked about them. */
const MSE_PROBE = 'video/mp4; codecs="avc1.4d401f,mp4a.40.2"';

/** Whether a URL (or its MIME type) is an HLS playlist. */
export function isHlsSource(url: string, mimeType: string | null): boolean {
  if (mimeType) return /mpegurl/i.test(mimeType);
  return /\.m3u8(?:$|[?#])/i.test(url);
}

interface MediaSourceLike {
  isTypeSupported: (type: string) => boolean;
}

/**
 * Whether this browser has Media Source Extensions (or Safari's ManagedMediaSource) for the catalogue's
 * codecs. Where it does, HLS plays through hls.js even when the browser also plays HLS itself. Chromium's
 * own HLS (156) is no longer slow on a bare element, but in the player it is: it cannot take the playlist
 * and first segment fetched ahead (hls-prefetch.ts), and it fetches that segment twice, so from the stream
 * set to the first frame it took 285 ms where hls.js took 159 (medians of 10, decision 045).
 */
export function hasMediaSource(scope: object = window): boolean {
  const candidates = ['ManagedMediaSource', 'MediaSource'] as const;
  return candidates.some((name) => {
    const source = (scope as Record<string, unknown>)[name] as MediaSourceLike | undefined;
    return typeof source?.isTypeSupported === 'function' && source.isTypeSupported(MSE_PROBE);
  });
}

/**
 * How an HLS source is played here: video on demand with hls.js where MSE exists (a faster first frame),
 * the browser's own HLS otherwise. A live stream prefers the browser's own HLS where there is one (no
 * engine to download); browsers without built-in HLS (Firefox) play live streams with hls.js, which
 * follows the live loop across its wraps (e2e: player.spec.ts, also with both cores busy).
 */
export function hlsEngine(
  video: Pick<HTMLVideoElement, 'canPlayType'>,
  live = false,
  scope: object = window,
): 'hls.js' | 'native' | null {
  const native = video.canPlayType(HLS_MIME) !== '';
  if (live && native) return 'native';
  if (hasMediaSource(scope)) return 'hls.js';
  return native ? 'native' : null;
}

type Engine = typeof HlsLight;

let engine: Promise<Engine> | null = null;

/** hls.js (light build), downloaded once, when a video is about to play. */
function loadEngine(): Promise<Engine> {
  engine ??= import('hls.js/light').catch((error: unknown) => {
    engine = null;
    throw error;
  });
  return engine;
}

/**
 * Starts fetching what hls.js will ask for first, the playlist (unless the server gave its text) and the
 * segment playback starts in (hls-prefetch.ts), when hls.js is what will play the URL.
 */
export function prefetchStream(
  playback: { url: string; mimeType: string | null; playlist: string | null },
  live: boolean,
  startSeconds: number,
) {
  const { url, mimeType, playlist } = playback;
  if (!isHlsSource(url, mimeType) || hlsEngine(document.createElement('video'), live) !== 'hls.js') return;
  prefetchHlsStart(url, live ? 0 : startSeconds, live ? null : playlist);
}

/** Starts downloading hls.js when a video that will need it starts loading, to arrive with the signed URL. */
export function preloadStreamEngine(live: boolean): void {
  if (hlsEngine(document.createElement('video'), live) !== 'hls.js') return;
  loadEngine().catch((error: unknown) => {
    logger.warn('The stream engine could not be preloaded', error);
  });
}

/**
 * hls.js settings: a fast first frame (the lowest rendition first, no bandwidth probe, the first
 * fragment fetched while the media is attached), and for live streams a start two segments behind the
 * edge of the sliding window, a live edge that follows the playlist's program date-time across the loop's
 * discontinuities, and an infinite duration so the seekable range is the window rather than a growing
 * duration.
 */
export function hlsConfig(live: boolean, startSeconds: number): Partial<HlsConfig> {
  return {
    // The page's Content-Security-Policy allows no blob: workers; demuxing on the main thread is fine here.
    enableWorker: false,
    startLevel: 0,
    testBandwidth: false,
    startFragPrefetch: true,
    // Parse a segment as its bytes arrive (fetch streaming) rather than after the whole segment.
    progressive: true,
    startPosition: live ? -1 : startSeconds,
    lowLatencyMode: false,
    // A live window holds only a few segments: start two behind the edge so the first one is still listed.
    liveSyncDurationCount: 2,
    liveMaxLatencyDurationCount: 5,
    maxLiveSyncPlaybackRate: 1.1,
    liveDurationInfinity: live,
    // Buffer little ahead before the first frame; hls.js keeps filling up to this while playing.
    maxBufferLength: live ? 8 : 20,
    backBufferLength: 30,
  };
}

/**
 * Plays a URL in a video element. HLS on demand plays with hls.js over Media Source Extensions wherever
 * those exist (loaded here on demand), else natively (Safari on iOS before 17.1); live HLS natively where
 * the browser can (see hlsEngine). Other files (MP4) play directly.
 */
export async function attachStream(
  video: HTMLVideoElement,
  url: string,
  options: {
    mimeType: string | null;
    live: boolean;
    startSeconds: number;
    onFatalError: (error: StreamError) => void;
  },
): Promise<AttachedStream> {
  const { mimeType, live, startSeconds, onFatalError } = options;
  const seekableEnd = (): number | null => {
    if (!live || video.seekable.length === 0) return null;
    const end = video.seekable.end(video.seekable.length - 1);
    return Number.isFinite(end) ? end : null;
  };
  const hls = isHlsSource(url, mimeType);
  const how = hls ? hlsEngine(video, live) : 'file';
  if (how === null) {
    onFatalError('unsupported');
    return {
      engine: 'native',
      liveEdge: () => null,
      seekToLive: () => undefined,
      destroy: () => undefined,
    };
  }
  if (how !== 'hls.js') {
    video.src = url;
    if (startSeconds > 0) video.currentTime = startSeconds;
    return {
      engine: how,
      liveEdge: seekableEnd,
      seekToLive: () => {
        const edge = seekableEnd();
        if (edge !== null) video.currentTime = edge;
      },
      destroy: () => {
        video.removeAttribute('src');
        video.load();
      },
    };
  }
  const { default: HlsPlayer, FetchLoader } = await loadEngine();
  // The loader hls.js streams segments with (and loads playlists with when no other is set), answering
  // from what was fetched ahead. hls.js types it for the base loader context only; it loads both kinds.
  const player = new HlsPlayer({
    ...hlsConfig(live, startSeconds),
    pLoader: prefetchAwareLoader(FetchLoader as unknown as LoaderClass<PlaylistLoaderContext>),
    fLoader: prefetchAwareLoader(FetchLoader as unknown as LoaderClass<FragmentLoaderContext>),
  });
  player.on(HlsPlayer.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    logger.warn('HLS playback error', data.details);
    if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR) {
      player.recoverMediaError();
      return;
    }
    onFatalError(data.type === HlsPlayer.ErrorTypes.NETWORK_ERROR ? 'network' : 'media');
  });
  const liveEdge = () => (live ? (player.liveSyncPosition ?? seekableEnd()) : null);
  const chase = chaseLive(video, liveEdge);
  // hls.js starts at the live position of the first playlist; the chase keeps the start at live.
  if (live) chase.start();
  player.attachMedia(video);
  player.loadSource(url);
  return {
    engine: 'hls.js',
    liveEdge,
    seekToLive: () => {
      if (live) chase.start();
    },
    destroy: () => {
      chase.stop();
      player.destroy();
    },
  };
}

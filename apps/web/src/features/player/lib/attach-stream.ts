import { logger } from '../../../lib/logger';

export type StreamError = 'network' | 'media' | 'unsupported';

export interface AttachedStream {
  /** The live edge, in the video's seconds (null for video on demand or when unknown). */
  liveEdge: () => number | null;
  destroy: () => void;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';

/** Whether a URL (or its MIME type) is an HLS playlist. */
export function isHlsSource(url: string, mimeType: string | null): boolean {
  if (mimeType) return /mpegurl/i.test(mimeType);
  return /\.m3u8(?:$|[?#])/i.test(url);
}

/**
 * Plays a URL in a video element. HLS plays natively where the browser can (Safari, Chromium 141+ with
 * built-in HLS), else with hls.js, loaded here on demand, over Media Source Extensions. Other files (MP4)
 * play directly.
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
  const nativeLiveEdge = (): number | null => {
    if (!live || video.seekable.length === 0) return null;
    return video.seekable.end(video.seekable.length - 1);
  };
  if (!isHlsSource(url, mimeType) || video.canPlayType(HLS_MIME)) {
    video.src = url;
    if (startSeconds > 0) video.currentTime = startSeconds;
    return {
      liveEdge: nativeLiveEdge,
      destroy: () => {
        video.removeAttribute('src');
      },
    };
  }
  if (typeof window.MediaSource === 'undefined') {
    onFatalError('unsupported');
    return { liveEdge: () => null, destroy: () => undefined };
  }
  const { default: Hls } = await import('hls.js/light');
  const hls = new Hls({
    // The page's Content-Security-Policy allows no blob: workers; demuxing on the main thread is fine here.
    enableWorker: false,
    startPosition: live ? -1 : startSeconds,
    lowLatencyMode: false,
    // A live window holds only a few segments: start two behind the edge so the first one is still listed.
    liveSyncDurationCount: 2,
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    logger.warn('HLS playback error', data.details);
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      hls.recoverMediaError();
      return;
    }
    onFatalError(data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : 'media');
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    liveEdge: () => (live ? hls.liveSyncPosition : null),
    destroy: () => {
      hls.destroy();
    },
  };
}

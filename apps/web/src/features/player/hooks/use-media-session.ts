import { useEffect } from 'react';
import type { QueueItem } from '../../../lib/media/play-queue';
import { thumbnailUrl } from '../../../lib/media/thumbnail-url';
import { FORWARD_SECONDS, type MediaControls, REWIND_SECONDS } from './use-media-element';

type Handlers = Partial<Record<MediaSessionAction, MediaSessionActionHandler | null>>;

const ARTWORK_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The lock screen's picture: the title's cover, with its type (a drawn cover scales to any size). */
export function mediaArtwork(src: string | null): MediaImage[] {
  if (!src) return [];
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase() ?? '';
  const type = ARTWORK_TYPES[extension];
  return [
    {
      src: new URL(src, document.baseURI).href,
      ...(type ? { type } : {}),
      sizes: extension === 'svg' ? 'any' : '512x512',
    },
  ];
}

/**
 * The operating system's media controls (lock screen, headset buttons, keyboard media keys): metadata of
 * the playing title (title, artist, cover), its position, and handlers for play, pause, seek back 10 s,
 * seek forward 30 s (spec section 9), seek to, and previous and next (tracks or episodes, or an
 * audiobook's chapters).
 */
export function useMediaSession(
  item: QueueItem,
  controls: MediaControls,
  queue: { previous: (() => void) | null; next: (() => void) | null },
): void {
  const { play, pause, seekTo, skip, state } = controls;
  const { previous, next } = queue;

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: item.title,
      artist: item.artist ?? '',
      artwork: mediaArtwork(thumbnailUrl(item.thumbnail)),
    });
    return () => {
      navigator.mediaSession.metadata = null;
    };
  }, [item]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: Handlers = {
      play: () => {
        play();
      },
      pause: () => {
        pause();
      },
      seekbackward: (details) => {
        skip(-(details.seekOffset ?? REWIND_SECONDS));
      },
      seekforward: (details) => {
        skip(details.seekOffset ?? FORWARD_SECONDS);
      },
      seekto: (details) => {
        if (details.seekTime !== undefined) seekTo(details.seekTime);
      },
      previoustrack: previous,
      nexttrack: next,
    };
    for (const [action, handler] of Object.entries(handlers) as [
      MediaSessionAction,
      MediaSessionActionHandler | null,
    ][]) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // A browser that does not know an action throws; the others still work.
      }
    }
    return () => {
      for (const action of Object.keys(handlers) as MediaSessionAction[]) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // See above.
        }
      }
    };
  }, [play, pause, seekTo, skip, previous, next]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = state.paused ? 'paused' : 'playing';
  }, [state.paused]);

  // The lock screen's position bar: where the title is, how long it is and how fast it plays.
  const { duration, rate } = state;
  const second = Math.floor(state.currentTime);
  useEffect(() => {
    if (!('mediaSession' in navigator) || !('setPositionState' in navigator.mediaSession)) return;
    try {
      if (Number.isFinite(duration) && duration > 0) {
        navigator.mediaSession.setPositionState({
          duration,
          playbackRate: rate > 0 ? rate : 1,
          position: Math.min(Math.max(0, second), duration),
        });
      } else {
        navigator.mediaSession.setPositionState();
      }
    } catch {
      // A position the browser refuses (a live stream's moving edge): the bar is left out.
    }
  }, [duration, rate, second]);
}

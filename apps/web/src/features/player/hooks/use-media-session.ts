import { useEffect } from 'react';
import type { QueueItem } from '../../../lib/media/play-queue';
import { thumbnailUrl } from '../../../lib/media/thumbnail-url';
import { FORWARD_SECONDS, type MediaControls, REWIND_SECONDS } from './use-media-element';

type Handlers = Partial<Record<MediaSessionAction, MediaSessionActionHandler | null>>;

/**
 * The operating system's media controls (lock screen, headset buttons, keyboard media keys): metadata of
 * the playing title and handlers for play, pause, seek back 10 s, seek forward 30 s, previous and next.
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
    const artwork = thumbnailUrl(item.thumbnail);
    navigator.mediaSession.metadata = new MediaMetadata({
      title: item.title,
      artist: item.artist ?? '',
      artwork: artwork ? [{ src: artwork }] : [],
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
}

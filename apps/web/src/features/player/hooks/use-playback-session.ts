import { isMediaType, keepsProgress } from '@member/domain';
import { useEffect, useState } from 'react';
import { addToHistory, getProgress, type MediaProgress } from '../../../lib/media/library-api';
import type { QueueItem } from '../../../lib/media/play-queue';
import { logger } from '../../../lib/logger';
import {
  type Playback,
  type PlaybackRefusal,
  PlaybackRefusedError,
  type PlayerMediaDetails,
  fetchMediaDetails,
  startPlayback,
} from '../api/playback';

export type PlaybackSession =
  | { status: 'loading' }
  | { status: 'refused'; reason: PlaybackRefusal }
  | {
      status: 'ready';
      playback: Playback;
      details: PlayerMediaDetails | null;
      /** The member's saved progress (from any device), or null. */
      progress: MediaProgress | null;
    };

/**
 * Starts playing a queue item: asks the server for its signed URL, its chapters/tracks/episodes and the
 * member's saved progress (in parallel), and adds it to the member's history. Runs again for every
 * activation of the queue, so playing the same title twice starts it again.
 */
export function usePlaybackSession(item: QueueItem | null, activation: number): PlaybackSession {
  const [session, setSession] = useState<{ activation: number; value: PlaybackSession }>({
    activation,
    value: { status: 'loading' },
  });

  useEffect(() => {
    if (!item) return;
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
    startPlayback(item, { signal })
      .then(async (playback) => {
        const [saved, media] = await Promise.all([progress, details]);
        if (signal.aborted) return;
        setSession({ activation, value: { status: 'ready', playback, details: media, progress: saved } });
        addToHistory({
          id: item.id,
          mediaType: item.mediaType,
          title: item.title,
          artist: item.artist ?? null,
          duration: item.duration ?? null,
          thumbnail: item.thumbnail,
        }).catch((error: unknown) => {
          logger.warn('The play could not be added to the history', error);
        });
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        const reason = error instanceof PlaybackRefusedError ? error.slug : 'unexpected';
        if (reason === 'unexpected') logger.warn('Playback could not start', error);
        setSession({ activation, value: { status: 'refused', reason } });
      });
    return () => {
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each activation starts once; the item is its item.
  }, [activation]);

  return session.activation === activation ? session.value : { status: 'loading' };
}

/**
 * Where to start a time-based title, in seconds from the start of its file: the queue item's own start,
 * else the saved progress unless the title was finished (then from the beginning).
 */
export function resumeSeconds(item: QueueItem, playback: Playback, progress: MediaProgress | null): number {
  const offset = playback.startSeconds ?? 0;
  if (item.startSeconds !== undefined) return offset + item.startSeconds;
  if (progress && !progress.finished && progress.progress > 0) return offset + progress.progress;
  return offset;
}

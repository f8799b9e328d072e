import { useEffect, useState } from 'react';
import { addToHistory, type MediaProgress } from '../../../lib/media/library-api';
import { type QueueItem, playerForMediaType } from '../../../lib/media/play-queue';
import { logger } from '../../../lib/logger';
import {
  type Playback,
  type PlaybackRefusal,
  playbackRefusal,
  type PlayerMediaDetails,
} from '../api/playback';
import { sessionLoad } from '../api/session-loader';

export type PlaybackSession =
  | { status: 'loading' }
  | { status: 'refused'; reason: PlaybackRefusal }
  | {
      status: 'ready';
      playback: Playback;
      /** Null until they arrive (audiobooks, streams, books and games start without them). */
      details: PlayerMediaDetails | null;
      /** The member's saved progress (from any device), or null. */
      progress: MediaProgress | null;
      /** An audio title's element, already loading or playing (see session-loader.ts), or null. */
      audio: HTMLAudioElement | null;
    };

/**
 * Starts playing a queue item: its signed URL, its chapters/tracks/episodes and the member's saved
 * progress (requested in parallel, usually already by the queue follower, see session-loader.ts), and
 * adds it to the member's history. The session is ready with the URL and the progress; an album or a
 * series (music, movie) also waits for its details, since it plays through its parts. Runs again for
 * every activation of the queue, so playing the same title twice starts it again.
 */
export function usePlaybackSession(item: QueueItem | null, activation: number): PlaybackSession {
  const [session, setSession] = useState<{ activation: number; value: PlaybackSession }>({
    activation,
    value: { status: 'loading' },
  });

  useEffect(() => {
    if (!item) return;
    const load = sessionLoad(item, activation);
    let current = true;
    const player = playerForMediaType(item.mediaType);
    const mayHaveParts = player === 'music' || player === 'movie';
    const ready = (
      playback: Playback,
      progress: MediaProgress | null,
      details: PlayerMediaDetails | null,
    ) => {
      setSession({ activation, value: { status: 'ready', playback, details, progress, audio: load.audio } });
    };
    Promise.all([load.playback, load.progress, mayHaveParts ? load.details : null])
      .then(([playback, saved, media]) => {
        if (!current || load.signal.aborted) return;
        ready(playback, saved, media);
        if (!mayHaveParts) {
          void load.details.then((later) => {
            if (current && !load.signal.aborted && later) ready(playback, saved, later);
          });
        }
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
        if (!current || load.signal.aborted) return;
        const reason = playbackRefusal(error);
        if (reason === 'unexpected') logger.warn('Playback could not start', error);
        setSession({ activation, value: { status: 'refused', reason } });
      });
    return () => {
      // The requests belong to the activation (the queue follower cancels them when it ends), not to
      // this effect: a re-run (React's development double effects) finds them in flight.
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each activation starts once; the item is its item.
  }, [activation]);

  return session.activation === activation ? session.value : { status: 'loading' };
}

export { resumeSeconds } from '../api/resume';

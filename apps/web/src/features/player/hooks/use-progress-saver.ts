import { isMediaType, keepsProgress } from '@member/domain';
import { useCallback, useEffect, useRef } from 'react';
import { updateMediaProgress } from '../../../lib/media/library-api';
import { logger } from '../../../lib/logger';

/** Progress is saved at most this often while playing or reading, and on pause, close and page hide. */
export const PROGRESS_SAVE_INTERVAL_MS = 10_000;

export interface ProgressReading {
  /** Seconds (time-based media) or the fraction read (ebooks). */
  progress: number;
  /** The EPUB CFI of an ebook. */
  position?: string | null;
}

/**
 * Saves the member's progress on a title: every 10 s while `active`, and at once when `save(true)` is
 * called (pause, the end), when the page is hidden or left, and when the player closes or moves on.
 * A value equal to the last one saved is not sent again.
 */
export function useProgressSaver(
  item: { id: number; mediaType: string },
  read: () => ProgressReading | null,
  active: boolean,
) {
  const readRef = useRef(read);
  const lastSaved = useRef<string | null>(null);
  const lastTime = useRef(0);
  const tracked = isMediaType(item.mediaType) && keepsProgress(item.mediaType);

  useEffect(() => {
    readRef.current = read;
  }, [read]);

  const save = useCallback(
    (force: boolean) => {
      if (!tracked) return;
      const reading = readRef.current();
      if (!reading || !Number.isFinite(reading.progress)) return;
      const key = `${reading.progress.toFixed(3)}|${reading.position ?? ''}`;
      if (key === lastSaved.current) return;
      const now = Date.now();
      if (!force && now - lastTime.current < PROGRESS_SAVE_INTERVAL_MS) return;
      lastSaved.current = key;
      lastTime.current = now;
      updateMediaProgress({
        id: item.id,
        mediaType: item.mediaType,
        progress: reading.progress,
        position: reading.position ?? null,
      }).catch((error: unknown) => {
        // Losing one save costs a few seconds of position; the next save sends it again.
        lastSaved.current = null;
        logger.warn('The progress could not be saved', error);
      });
    },
    [item.id, item.mediaType, tracked],
  );

  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      save(false);
    }, PROGRESS_SAVE_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [active, save]);

  useEffect(() => {
    const onHide = (): void => {
      save(true);
    };
    const onVisibility = (): void => {
      if (document.visibilityState === 'hidden') save(true);
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // The player closes or moves on to another title.
      save(true);
    };
  }, [save]);

  return save;
}

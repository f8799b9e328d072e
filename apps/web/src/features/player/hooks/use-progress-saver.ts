import { isMediaType, keepsProgress } from '@member/domain';
import { useCallback, useEffect, useRef } from 'react';
import { updateMediaProgress } from '../../../lib/media/library-api';
import { logger } from '../../../lib/logger';
import { progressSaveStatus } from '../lib/save-status';

/** Progress is saved at most this often while playing or reading, and on pause, close and page hide. */
export const PROGRESS_SAVE_INTERVAL_MS = 10_000;
/** A failed save is sent again after these delays (decision 011); a newer save replaces the retry. */
export const SAVE_RETRY_DELAYS_MS = [2_000, 5_000, 15_000] as const;
/** From this many failed attempts in a row on, the player shows that the position is not being saved. */
export const FAILURES_BEFORE_NOTICE = 2;

export interface ProgressReading {
  /** Seconds (time-based media) or the fraction read (ebooks). */
  progress: number;
  /** The EPUB CFI of an ebook. */
  position?: string | null;
}

/**
 * Saves the member's progress on a title: every 10 s while `active`, and at once when `save(true)` is
 * called (pause, the end), when the page is hidden or left, and when the player closes or moves on.
 * A value equal to the last one saved is not sent again. Saves made as the page goes away are sent with
 * `keepalive`, so the browser completes them (with the member's token) after the page is gone.
 *
 * A failed save never interrupts playback (decision 011): it is retried with backoff, and after repeated
 * failures the player shows a status line until a save succeeds again.
 */
export function useProgressSaver(
  item: { id: number; mediaType: string },
  read: () => ProgressReading | null,
  active: boolean,
) {
  const readRef = useRef(read);
  const lastSaved = useRef<string | null>(null);
  const lastTime = useRef(0);
  const failures = useRef(0);
  const retry = useRef<number | null>(null);
  const tracked = isMediaType(item.mediaType) && keepsProgress(item.mediaType);

  useEffect(() => {
    readRef.current = read;
  }, [read]);

  // The retry calls the latest `send` through this ref (a callback cannot name itself).
  const sendRef = useRef<
    (reading: ProgressReading, key: string, keepalive: boolean, attempt: number) => void
  >(() => undefined);
  const send = useCallback(
    (reading: ProgressReading, key: string, keepalive: boolean, attempt: number) => {
      updateMediaProgress(
        {
          id: item.id,
          mediaType: item.mediaType,
          progress: reading.progress,
          position: reading.position ?? null,
        },
        { keepalive },
      ).then(
        () => {
          failures.current = 0;
          progressSaveStatus.set(false);
        },
        (error: unknown) => {
          failures.current += 1;
          logger.warn('The progress could not be saved', error);
          if (failures.current >= FAILURES_BEFORE_NOTICE) progressSaveStatus.set(true);
          // Not saved: the same value may be sent again by the next save.
          if (lastSaved.current === key) lastSaved.current = null;
          const delay = SAVE_RETRY_DELAYS_MS[attempt];
          if (delay === undefined || retry.current !== null) return;
          retry.current = window.setTimeout(() => {
            retry.current = null;
            // Unless a newer value was saved meanwhile, which replaces this one.
            if (lastSaved.current !== null) return;
            lastSaved.current = key;
            sendRef.current(reading, key, false, attempt + 1);
          }, delay);
        },
      );
    },
    [item.id, item.mediaType],
  );
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const saveWith = useCallback(
    (force: boolean, keepalive: boolean) => {
      if (!tracked) return;
      const reading = readRef.current();
      if (!reading || !Number.isFinite(reading.progress)) return;
      const key = `${reading.progress.toFixed(3)}|${reading.position ?? ''}`;
      if (key === lastSaved.current) return;
      const now = Date.now();
      if (!force && now - lastTime.current < PROGRESS_SAVE_INTERVAL_MS) return;
      lastSaved.current = key;
      lastTime.current = now;
      if (retry.current !== null) {
        window.clearTimeout(retry.current);
        retry.current = null;
      }
      send(reading, key, keepalive, 0);
    },
    [tracked, send],
  );

  const save = useCallback(
    (force: boolean) => {
      saveWith(force, false);
    },
    [saveWith],
  );

  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      saveWith(false, false);
    }, PROGRESS_SAVE_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [active, saveWith]);

  useEffect(() => {
    const onHide = (): void => {
      saveWith(true, true);
    };
    const onVisibility = (): void => {
      if (document.visibilityState === 'hidden') saveWith(true, true);
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // The player closes or moves on to another title: this last save must not depend on the player.
      saveWith(true, true);
      if (retry.current !== null) window.clearTimeout(retry.current);
      retry.current = null;
    };
  }, [saveWith]);

  return save;
}

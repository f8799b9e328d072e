import { useCallback, useEffect, useState, type RefObject } from 'react';
import { logger } from '../../../lib/logger';
import { applySavedVolume, saveVolume } from '../lib/player-prefs';

/** Spec section 9: rewind 10 s, forward 30 s. */
export const REWIND_SECONDS = 10;
export const FORWARD_SECONDS = 30;
export { PLAYBACK_RATES } from '../lib/player-prefs';

export interface MediaElementState {
  currentTime: number;
  duration: number;
  paused: boolean;
  rate: number;
  /** True from the first `playing` event on, so the controls can say "Loading" before. */
  started: boolean;
  waiting: boolean;
  /** 0..1, and whether the sound is off (the member's last choice, this device). */
  volume: number;
  muted: boolean;
  /** The browser could not load or decode the media (the player says so instead of spinning). */
  failed: boolean;
}

/** How much the arrow keys move the volume. */
export const VOLUME_STEP = 0.1;

const INITIAL: MediaElementState = {
  currentTime: 0,
  duration: Number.NaN,
  paused: true,
  rate: 1,
  started: false,
  waiting: false,
  volume: 1,
  muted: false,
  failed: false,
};

/**
 * React state that follows an audio or video element, and the actions of the player's buttons. `range`
 * limits seeking to a part of the file (a chapter or track inside one file).
 */
export function useMediaElement(
  ref: RefObject<HTMLMediaElement | null>,
  range: { start: number; end: number | null },
) {
  const [state, setState] = useState<MediaElementState>(INITIAL);

  useEffect(() => {
    const media = ref.current;
    if (!media) return;
    applySavedVolume(media);
    const sync = (): void => {
      setState((previous) => ({
        currentTime: media.currentTime,
        duration: media.duration,
        paused: media.paused,
        rate: media.playbackRate,
        started: previous.started || (!media.paused && media.readyState >= 3),
        waiting: previous.waiting,
        volume: media.volume,
        muted: media.muted,
        failed: previous.failed,
      }));
    };
    const onPlaying = (): void => {
      setState((previous) => ({ ...previous, started: true, waiting: false, paused: false }));
    };
    const onWaiting = (): void => {
      setState((previous) => ({ ...previous, waiting: true }));
    };
    const onError = (): void => {
      // An element emptied on purpose (src removed when the player closes) reports no error code.
      if (!media.error) return;
      logger.warn('The media could not be played', { code: media.error.code, message: media.error.message });
      setState((previous) => ({ ...previous, failed: true, waiting: false }));
    };
    const events = [
      'timeupdate',
      'durationchange',
      'loadedmetadata',
      'play',
      'pause',
      'ratechange',
      'seeked',
      'volumechange',
    ];
    for (const name of events) media.addEventListener(name, sync);
    media.addEventListener('playing', onPlaying);
    // An element that started before the player mounted (see session-loader.ts) is already playing.
    if (media.readyState > 0) sync();
    media.addEventListener('waiting', onWaiting);
    media.addEventListener('error', onError);
    if (media.error) onError();
    return () => {
      media.removeEventListener('error', onError);
      for (const name of events) media.removeEventListener(name, sync);
      media.removeEventListener('playing', onPlaying);
      media.removeEventListener('waiting', onWaiting);
    };
  }, [ref]);

  const end = range.end ?? (Number.isFinite(state.duration) ? state.duration : Number.POSITIVE_INFINITY);

  const seekTo = useCallback(
    (seconds: number) => {
      const media = ref.current;
      if (!media) return;
      const limit =
        range.end ?? (Number.isFinite(media.duration) ? media.duration : Number.POSITIVE_INFINITY);
      media.currentTime = Math.min(Math.max(seconds, range.start), limit);
    },
    [ref, range.start, range.end],
  );

  const play = useCallback(() => {
    ref.current?.play().catch((error: unknown) => {
      // A browser that blocks autoplay leaves the play button for the member to press.
      logger.warn('Playback did not start', error);
    });
  }, [ref]);

  const pause = useCallback(() => {
    ref.current?.pause();
  }, [ref]);

  const togglePlay = useCallback(() => {
    if (ref.current?.paused) play();
    else pause();
  }, [ref, play, pause]);

  const skip = useCallback(
    (seconds: number) => {
      const media = ref.current;
      if (media) seekTo(media.currentTime + seconds);
    },
    [ref, seekTo],
  );

  const setRate = useCallback(
    (rate: number) => {
      const media = ref.current;
      if (!media) return;
      media.playbackRate = rate;
      media.defaultPlaybackRate = rate;
    },
    [ref],
  );

  const setVolume = useCallback(
    (volume: number) => {
      const media = ref.current;
      if (!media) return;
      const level = Math.round(Math.min(1, Math.max(0, volume)) * 100) / 100;
      media.volume = level;
      media.muted = level === 0;
      saveVolume({ volume: level, muted: media.muted });
    },
    [ref],
  );

  const toggleMute = useCallback(() => {
    const media = ref.current;
    if (!media) return;
    media.muted = !media.muted;
    // Unmuting at silence would still be silent: bring the sound back to a level that is heard.
    if (!media.muted && media.volume === 0) media.volume = 0.5;
    saveVolume({ volume: media.volume, muted: media.muted });
  }, [ref]);

  return {
    state,
    /** Seconds into the part (chapter or track) rather than into the file. */
    position: Math.max(0, state.currentTime - range.start),
    length: end - range.start,
    seekTo,
    skip,
    play,
    pause,
    togglePlay,
    rewind: useCallback(() => {
      skip(-REWIND_SECONDS);
    }, [skip]),
    forward: useCallback(() => {
      skip(FORWARD_SECONDS);
    }, [skip]),
    setRate,
    setVolume,
    toggleMute,
  };
}

export type MediaControls = ReturnType<typeof useMediaElement>;

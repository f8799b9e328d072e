import { logger } from '../../../lib/logger';
import { type AttachedStream, type StreamError, attachStream } from './attach-stream';
import { applySavedVolume } from './player-prefs';

/*
 * A film or stream that starts before the player renders (decision 045). The video player's first render
 * (the overlay, its strings, the controls) took about 200 ms after the signed URL was in, and the stream
 * was attached only after it; started here, the stream loads while the player renders, and the player
 * adopts the element, as the audio player adopts an audio element started early (decision 011).
 */

export interface StartedVideo {
  element: HTMLVideoElement;
  /** The stream on the element; whoever adopts the element destroys it. */
  stream: Promise<AttachedStream>;
  /**
   * Hands the stream's fatal errors to a listener: one reported before anyone listened at once, later
   * ones as they come. Returns the function that stops listening.
   */
  listen: (listener: (error: StreamError) => void) => () => void;
  /** Takes the element and its stream (once): false when a player took them already. */
  adopt: () => boolean;
  /** Stops and destroys the stream unless a player took it (the load was cancelled). */
  release: () => void;
}

/** A video element as the player shows it. */
export function newVideoElement(): HTMLVideoElement {
  const video = document.createElement('video');
  video.className = 'player__video-element';
  video.playsInline = true;
  return video;
}

/**
 * Creates the video element, attaches the stream (hls.js, the browser's own HLS or a file, see
 * attachStream) at `startSeconds`, at the member's saved volume, and plays it as soon as it is attached.
 */
export function startVideo(
  url: string,
  options: { mimeType: string | null; live: boolean; startSeconds: number },
): StartedVideo {
  const element = newVideoElement();
  applySavedVolume(element);
  let listener: ((error: StreamError) => void) | null = null;
  let missed: StreamError | null = null;
  let adopted = false;
  let released = false;
  const stream = attachStream(element, url, {
    ...options,
    onFatalError: (error) => {
      if (listener) listener(error);
      else missed ??= error;
    },
  });
  stream
    .then(() => {
      if (released) return;
      element.play().catch((error: unknown) => {
        // A browser that blocks autoplay leaves the play button for the member to press.
        logger.warn('Playback did not start', error);
      });
    })
    .catch(() => undefined);
  return {
    element,
    stream,
    listen: (next) => {
      listener = next;
      if (missed !== null) next(missed);
      missed = null;
      return () => {
        if (listener === next) listener = null;
      };
    },
    adopt: () => {
      if (adopted || released) return false;
      adopted = true;
      return true;
    },
    release: () => {
      if (adopted || released) return;
      released = true;
      element.pause();
      stream
        .then((attached) => {
          attached.destroy();
        })
        .catch(() => undefined);
    },
  };
}

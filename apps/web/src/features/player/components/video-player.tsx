import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { type PlayQueueState, type QueueItem, playQueue } from '../../../lib/media/play-queue';
import type { MediaProgress } from '../../../lib/media/library-api';
import { logger } from '../../../lib/logger';
import type { Playback } from '../api/playback';
import { type AttachedStream, type StreamError, attachStream } from '../lib/attach-stream';
import { useMediaElement } from '../hooks/use-media-element';
import { useMediaSession } from '../hooks/use-media-session';
import { resumeSeconds } from '../hooks/use-playback-session';
import { useProgressSaver } from '../hooks/use-progress-saver';
import { TrackList } from './audio-player';
import { usePlayerShortcuts } from '../hooks/use-player-shortcuts';
import { PlayPauseButton, SeekSlider, SkipButtons, SpeedSelect, VolumeControl } from './media-controls';
import { PlayerIcon } from './player-icon';
import type { PartList } from './player-types';

export interface VideoPlayerProps {
  item: QueueItem;
  playback: Playback;
  progress: MediaProgress | null;
  queue: PlayQueueState;
  expanded: boolean;
  /** The series whose episodes are in the queue. */
  series: PartList | null;
  /** A live stream: no seeking bar, a LIVE badge and a jump to the live edge. */
  live: boolean;
}

/** Seconds behind the live edge from which the player offers to jump back to live. */
const BEHIND_LIVE_SECONDS = 10;

/**
 * The movie and stream player: HLS through hls.js (loaded only now) or natively, full screen, keyboard
 * controls (space plays or pauses, left and right arrows rewind 10 s and forward 30 s, F toggles full
 * screen), episodes and the next episode; live streams show the live edge.
 */
export function VideoPlayer({ item, playback, progress, queue, expanded, series, live }: VideoPlayerProps) {
  const { t } = useI18n();
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const streamRef = useRef<AttachedStream | null>(null);
  const [error, setError] = useState<StreamError | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const range = useMemo(() => ({ start: playback.startSeconds ?? 0, end: playback.endSeconds }), [playback]);
  const controls = useMediaElement(videoRef, range);
  const { state } = controls;
  const hasNext = queue.items.length > 1;
  const hasPrevious = queue.history.length > 0;

  const save = useProgressSaver(
    item,
    () => (!live && state.started ? { progress: controls.position } : null),
    !live && state.started && !state.paused,
  );

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    attachStream(video, playback.url, {
      mimeType: playback.mimeType,
      live,
      startSeconds: live ? 0 : resumeSeconds(item, playback, progress),
      onFatalError: (reason) => {
        if (!cancelled) setError(reason);
      },
    })
      .then((stream) => {
        if (cancelled) {
          stream.destroy();
          return;
        }
        streamRef.current = stream;
        controls.play();
      })
      .catch((cause: unknown) => {
        logger.warn('The video player could not start', cause);
        if (!cancelled) setError('media');
      });
    return () => {
      cancelled = true;
      video.pause();
      streamRef.current?.destroy();
      streamRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the player starts once per playback.
  }, [playback.url]);

  useEffect(() => {
    if (state.paused) save(true);
  }, [state.paused, save]);

  // The live edge moves on, also while paused: read it whenever the time changes and every second.
  const [liveEdge, setLiveEdge] = useState<number | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!live || !video) return;
    const read = (): void => {
      setLiveEdge(streamRef.current?.liveEdge() ?? null);
    };
    video.addEventListener('timeupdate', read);
    const timer = window.setInterval(read, 1000);
    return () => {
      video.removeEventListener('timeupdate', read);
      window.clearInterval(timer);
    };
  }, [live]);

  useEffect(() => {
    const onChange = (): void => {
      setFullscreen(document.fullscreenElement === frameRef.current && frameRef.current !== null);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
    };
  }, []);

  const toggleFullscreen = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const request = document.fullscreenElement ? document.exitFullscreen() : frame.requestFullscreen();
    request.catch((cause: unknown) => {
      logger.warn('Full screen was refused', cause);
    });
  }, []);

  const handleEnded = useCallback(() => {
    save(true);
    if (hasNext) playQueue.next();
  }, [save, hasNext]);

  const previous = useMemo(
    () =>
      hasPrevious
        ? () => {
            playQueue.previous();
          }
        : null,
    [hasPrevious],
  );
  const next = useMemo(
    () =>
      hasNext
        ? () => {
            playQueue.next();
          }
        : null,
    [hasNext],
  );
  useMediaSession(item, controls, { previous, next });

  // Space, arrows, M and F wherever focus is (hooks/use-player-shortcuts.ts).
  usePlayerShortcuts(controls, { fullscreen: toggleFullscreen, live });

  const behindLive = liveEdge !== null && liveEdge - state.currentTime > BEHIND_LIVE_SECONDS;

  return (
    <div className="player__video">
      {/* The frame can take focus and describes the keyboard shortcuts, which work anywhere on the page. */}
      <div
        ref={frameRef}
        className="player__video-frame"
        role="group"
        aria-label={t('player.videoLabel', { title: item.title })}
        aria-describedby={`${String(item.id)}-keys`}
        tabIndex={0}
      >
        <video
          ref={videoRef}
          className="player__video-element"
          playsInline
          onEnded={handleEnded}
          onClick={controls.togglePlay}
        />
        {live ? (
          <span className={`player__live-badge${behindLive ? ' player__live-badge--behind' : ''}`}>
            {t('player.live.badge')}
          </span>
        ) : null}
        <p id={`${String(item.id)}-keys`} className="visually-hidden">
          {live ? t('player.keyboardHintLive') : t('player.keyboardHint')}
        </p>
      </div>
      {error || state.failed ? (
        <p className="player__error" role="alert">
          {t('player.error.stream')}
        </p>
      ) : null}
      <div className="player__transport">
        {!live ? <SkipButtons controls={controls} /> : null}
        <PlayPauseButton controls={controls} />
        {/* Only where the live edge is known (hls.js, or a native player that reports a seekable range). */}
        {live && liveEdge !== null ? (
          <button
            type="button"
            className="player__toggle"
            disabled={!behindLive}
            onClick={() => {
              controls.seekTo(liveEdge);
              controls.play();
            }}
          >
            {behindLive ? t('player.live.jump') : t('player.live.atEdge')}
          </button>
        ) : null}
        {series && hasNext ? (
          <button
            type="button"
            className="player__toggle"
            onClick={() => {
              playQueue.next();
            }}
          >
            <PlayerIcon name="next" size={18} />
            {t('player.episodes.next')}
          </button>
        ) : null}
        <button
          type="button"
          className="player__button"
          onClick={toggleFullscreen}
          aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
        >
          <PlayerIcon name="fullscreen" />
        </button>
      </div>
      {!live ? <SeekSlider controls={controls} start={range.start} /> : null}
      <VolumeControl controls={controls} />
      {expanded && !live ? (
        <div className="player__panels">
          <div className="player__options">
            <SpeedSelect controls={controls} />
          </div>
          {series ? <TrackList album={series} activeId={item.id} /> : null}
        </div>
      ) : null}
    </div>
  );
}

import { LOCALE_BCP47 } from '@member/domain';
import { type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { type PlayQueueState, type QueueItem, playQueue } from '../../../lib/media/play-queue';
import type { MediaProgress } from '../../../lib/media/library-api';
import { logger } from '../../../lib/logger';
import { useSession } from '../../../lib/session';
import type { Playback } from '../api/playback';
import { type AttachedStream, type StreamError, attachStream } from '../lib/attach-stream';
import {
  type AudioTrackChoice,
  audioTrackChoices,
  audioTrackList,
  chooseAudioTrack,
} from '../lib/audio-tracks';
import { captionsToShow, saveCaptions, savedCaptions } from '../lib/player-prefs';
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
  const captions = useCaptions(videoRef, playback, state.started);
  const audioTracks = useAudioTracks(videoRef, state.started);

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
        >
          {/* Added once playback has started, so nothing comes before the film's own first bytes. */}
          {state.started
            ? playback.textTracks.map((track) => (
                <track
                  key={track.url}
                  kind="captions"
                  src={track.url}
                  srcLang={track.language}
                  label={captions.nameOf(track.language)}
                />
              ))
            : null}
        </video>
        {captions.cue ? (
          <div className="player__captions" aria-hidden="true">
            {captions.cue.split('\n').map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </div>
        ) : null}
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
              streamRef.current?.seekToLive();
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
            {playback.textTracks.length > 0 ? <CaptionsSelect captions={captions} /> : null}
            {audioTracks.tracks.length > 1 ? <AudioTrackSelect audio={audioTracks} /> : null}
          </div>
          {series ? <TrackList album={series} activeId={item.id} /> : null}
        </div>
      ) : null}
    </div>
  );
}

type Captions = ReturnType<typeof useCaptions>;

/**
 * The film's captions: the member's choice (remembered per member on this device), the chosen track set
 * to `hidden` so the player draws its cues itself (over the picture, in full screen too), and the cue
 * showing now. Tracks are read only once playback has started.
 */
function useCaptions(videoRef: RefObject<HTMLVideoElement | null>, playback: Playback, started: boolean) {
  const { locale } = useI18n();
  const memberId = useSession().member?.id ?? null;
  const languages = useMemo(() => playback.textTracks.map((track) => track.language), [playback.textTracks]);
  const [language, setLanguage] = useState<string | null>(() =>
    captionsToShow(savedCaptions(memberId), languages),
  );
  const [cue, setCue] = useState<string | null>(null);

  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([LOCALE_BCP47[locale]], { type: 'language' });
    } catch {
      return null;
    }
  }, [locale]);
  const nameOf = useCallback(
    (tag: string) => {
      const name = names?.of(tag) ?? tag;
      return name.charAt(0).toLocaleUpperCase(LOCALE_BCP47[locale]) + name.slice(1);
    },
    [names, locale],
  );

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !started) return;
    let showing: TextTrack | null = null;
    const read = (): void => {
      const active = showing?.activeCues;
      const texts: string[] = [];
      for (let index = 0; index < (active?.length ?? 0); index += 1) {
        const current = active?.[index];
        if (current instanceof VTTCue) texts.push(current.text);
      }
      setCue(texts.length > 0 ? texts.join('\n') : null);
    };
    const apply = (): void => {
      showing?.removeEventListener('cuechange', read);
      showing = null;
      for (const track of Array.from(video.textTracks)) {
        const chosen = language !== null && track.language === language;
        track.mode = chosen ? 'hidden' : 'disabled';
        if (chosen) showing = track;
      }
      showing?.addEventListener('cuechange', read);
      read();
    };
    apply();
    // The <track> elements arrive with the render that follows `started`.
    video.textTracks.addEventListener('addtrack', apply);
    return () => {
      video.textTracks.removeEventListener('addtrack', apply);
      showing?.removeEventListener('cuechange', read);
    };
  }, [videoRef, started, language]);

  const choose = useCallback(
    (choice: string | null) => {
      setLanguage(choice);
      saveCaptions(memberId, choice ?? 'off');
    },
    [memberId],
  );

  return { languages, language, choose, cue, nameOf };
}

function CaptionsSelect({ captions }: { captions: Captions }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="player__field">
      <label htmlFor={id}>{t('player.captions.label')}</label>
      <select
        id={id}
        className="player__select"
        value={captions.language ?? 'off'}
        onChange={(event) => {
          const value = event.currentTarget.value;
          captions.choose(value === 'off' ? null : value);
        }}
      >
        <option value="off">{t('player.captions.off')}</option>
        {captions.languages.map((language) => (
          <option key={language} value={language}>
            {captions.nameOf(language)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The video's audio tracks where the browser lists them (see lib/audio-tracks.ts). */
function useAudioTracks(videoRef: RefObject<HTMLVideoElement | null>, started: boolean) {
  const [tracks, setTracks] = useState<AudioTrackChoice[]>([]);
  useEffect(() => {
    const video = videoRef.current;
    const list = video && started ? audioTrackList(video) : null;
    if (!list) return;
    const read = (): void => {
      setTracks(audioTrackChoices(list));
    };
    read();
    for (const event of ['addtrack', 'removetrack', 'change']) list.addEventListener(event, read);
    return () => {
      for (const event of ['addtrack', 'removetrack', 'change']) list.removeEventListener(event, read);
    };
  }, [videoRef, started]);
  const choose = useCallback(
    (id: string) => {
      const video = videoRef.current;
      chooseAudioTrack(video ? audioTrackList(video) : null, id);
      setTracks(audioTrackChoices(video ? audioTrackList(video) : null));
    },
    [videoRef],
  );
  return { tracks, choose };
}

function AudioTrackSelect({ audio }: { audio: ReturnType<typeof useAudioTracks> }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="player__field">
      <label htmlFor={id}>{t('player.audioTrack.label')}</label>
      <select
        id={id}
        className="player__select"
        value={audio.tracks.find((track) => track.enabled)?.id ?? ''}
        onChange={(event) => {
          audio.choose(event.currentTarget.value);
        }}
      >
        {audio.tracks.map((track, index) => (
          <option key={track.id} value={track.id}>
            {track.label || t('player.audioTrack.numbered', { number: index + 1 })}
          </option>
        ))}
      </select>
    </div>
  );
}

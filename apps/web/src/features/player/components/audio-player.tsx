import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { AddToPlaylist } from '../../../components/media/add-to-playlist';
import { formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { type PlayQueueState, type QueueItem, playQueue } from '../../../lib/media/play-queue';
import type { MediaProgress } from '../../../lib/media/library-api';
import type { Playback, PlayerMediaDetails } from '../api/playback';
import { formatClock } from '../../../lib/format';
import { useMediaElement } from '../hooks/use-media-element';
import { useMediaSession } from '../hooks/use-media-session';
import { resumeSeconds } from '../hooks/use-playback-session';
import { useProgressSaver } from '../hooks/use-progress-saver';
import { saveAudiobookRate, savedAudiobookRate } from '../lib/player-prefs';
import { usePlayerShortcuts } from '../hooks/use-player-shortcuts';
import { PlayPauseButton, SeekSlider, SkipButtons, SpeedSelect, VolumeControl } from './media-controls';
import { BookmarksPanel } from './bookmarks-panel';
import { PlayerIcon } from './player-icon';
import type { PartList } from './player-types';

export interface AudioPlayerProps {
  item: QueueItem;
  playback: Playback;
  details: PlayerMediaDetails | null;
  progress: MediaProgress | null;
  queue: PlayQueueState;
  expanded: boolean;
  /** The album whose tracks are in the queue, for its track list. */
  album: PartList | null;
  /** The element the queue follower already started (see session-loader.ts); else the player makes one. */
  audio?: HTMLAudioElement | null;
}

interface Chapter {
  id: number;
  title: string;
  start: number;
  end: number;
}

/**
 * Chapters of one audiobook file: where each starts and ends is the `#t=<start>,<end>` of its playback
 * key; a chapter without one starts where the previous ended and lasts its duration.
 */
export function chaptersOf(details: PlayerMediaDetails | null, fileStart: number): Chapter[] {
  if (!details) return [];
  const sorted = [...details.chapters].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  let next = fileStart;
  return sorted.map((chapter) => {
    const match = /#t=(\d+(?:\.\d+)?)(?:,(\d+(?:\.\d+)?))?/.exec(chapter.playbackKey ?? '');
    const start = match?.[1] ? Number(match[1]) : next;
    const end = match?.[2] ? Number(match[2]) : start + (chapter.duration ?? 0);
    next = end;
    return { id: chapter.id, title: chapter.title, start, end };
  });
}

/** An audio element for a player that had none started for it (see session-loader.ts). */
function newAudioElement(): HTMLAudioElement {
  const audio = document.createElement('audio');
  audio.preload = 'auto';
  return audio;
}

type SleepTimer = { kind: 'minutes'; until: number } | { kind: 'chapter'; end: number } | null;
const SLEEP_MINUTES = [5, 15, 30, 60] as const;

/**
 * The audiobook and music player: one audio element with play/pause, the position slider, rewind 10 s,
 * forward 30 s and speed; audiobooks add chapters and a sleep timer; music adds previous/next, shuffle,
 * repeat, the queue (remove, reorder) and the album's track list.
 */
export function AudioPlayer({
  item,
  playback,
  details,
  progress,
  queue,
  expanded,
  album,
  audio: started = null,
}: AudioPlayerProps) {
  const { t, locale } = useI18n();
  // The element is adopted rather than rendered, so one that started before this code ran keeps playing.
  const audioRef = useRef<HTMLAudioElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = started ?? newAudioElement();
    audioRef.current = element;
    hostRef.current?.append(element);
    return () => {
      element.remove();
    };
  }, [started]);
  const isMusic = queue.player === 'music';
  const isAudiobook = item.mediaType === 'audiobook';
  const start = playback.startSeconds ?? 0;
  const range = useMemo(() => ({ start, end: playback.endSeconds }), [start, playback.endSeconds]);
  const controls = useMediaElement(audioRef, range);
  const { state } = controls;
  const hasPrevious = queue.history.length > 0;
  const hasNext = queue.items.length > 1 || (queue.repeat === 'all' && queue.history.length > 0);

  const save = useProgressSaver(
    item,
    () => (state.started ? { progress: controls.position } : null),
    state.started && !state.paused,
  );

  // Start where the member left off (on any device), then play, unless the early start did already.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.getAttribute('src') !== playback.url) {
      audio.src = playback.url;
      const resumeAt = resumeSeconds(item, playback, progress);
      if (resumeAt > 0) audio.currentTime = resumeAt;
      const rate = isAudiobook ? savedAudiobookRate(item.id) : null;
      if (rate !== null) controls.setRate(rate);
      controls.play();
    }
    return () => {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the player starts once per playback.
  }, [playback.url]);

  const handleEnded = useCallback(() => {
    const audio = audioRef.current;
    save(true);
    if (isMusic && queue.repeat === 'one' && audio) {
      audio.currentTime = start;
      controls.play();
      return;
    }
    if (hasNext) playQueue.next();
  }, [save, isMusic, queue.repeat, start, controls, hasNext]);

  useEffect(() => {
    const audio = audioRef.current;
    audio?.addEventListener('ended', handleEnded);
    return () => {
      audio?.removeEventListener('ended', handleEnded);
    };
  }, [handleEnded]);

  // A part inside a longer file (a chapter or a track) ends at its end time.
  useEffect(() => {
    if (playback.endSeconds !== null && state.currentTime >= playback.endSeconds && !state.paused) {
      audioRef.current?.pause();
      handleEnded();
    }
  }, [state.currentTime, state.paused, playback.endSeconds, handleEnded]);

  useEffect(() => {
    if (!state.paused) return;
    save(true);
  }, [state.paused, save]);

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
  usePlayerShortcuts(controls);

  // Sleep timer (audiobooks): stop after some minutes or at the end of the chapter.
  const [sleep, setSleep] = useState<SleepTimer>(null);
  const chapters = useMemo(() => chaptersOf(details, start), [details, start]);
  const current = chapters.findLast((chapter) => chapter.start <= state.currentTime + 0.25) ?? null;
  useEffect(() => {
    if (sleep?.kind !== 'minutes') return;
    const timer = window.setTimeout(
      () => {
        audioRef.current?.pause();
        setSleep(null);
      },
      Math.max(0, sleep.until - Date.now()),
    );
    return () => {
      window.clearTimeout(timer);
    };
  }, [sleep]);
  useEffect(() => {
    const audio = audioRef.current;
    if (sleep?.kind !== 'chapter' || !audio) return;
    const check = (): void => {
      if (audio.currentTime < sleep.end) return;
      audio.pause();
      setSleep(null);
    };
    audio.addEventListener('timeupdate', check);
    return () => {
      audio.removeEventListener('timeupdate', check);
    };
  }, [sleep]);

  const currentIndex = current ? chapters.indexOf(current) : -1;
  const previousChapter = currentIndex > 0 ? chapters[currentIndex - 1] : undefined;
  const nextChapter = currentIndex >= 0 ? chapters[currentIndex + 1] : chapters[0];
  const goToChapter = (chapter: Chapter | undefined): void => {
    if (!chapter) return;
    controls.seekTo(chapter.start);
    controls.play();
  };

  // Lock screens and headphones: in an audiobook with chapters, previous and next are its chapters.
  const { seekTo, play } = controls;
  const hasChapters = chapters.length > 1;
  const currentChapterId = current?.id ?? null;
  const chapterPrevious = useMemo(() => {
    if (!hasChapters || currentChapterId === null) return null;
    return () => {
      const at = audioRef.current?.currentTime ?? 0;
      const index = chapters.findIndex((chapter) => chapter.id === currentChapterId);
      const here = chapters[index];
      const target = here && at - here.start > 3 ? here : (chapters[index - 1] ?? here);
      if (!target) return;
      seekTo(target.start);
      play();
    };
  }, [hasChapters, currentChapterId, chapters, seekTo, play]);
  const chapterNext = useMemo(() => {
    if (!hasChapters) return null;
    const index = chapters.findIndex((chapter) => chapter.id === currentChapterId);
    const target = chapters[index + 1];
    if (!target) return null;
    return () => {
      seekTo(target.start);
      play();
    };
  }, [hasChapters, currentChapterId, chapters, seekTo, play]);
  useMediaSession(
    item,
    controls,
    hasChapters ? { previous: chapterPrevious, next: chapterNext } : { previous, next },
  );

  const sleepId = useId();
  const bookmarkItem = useMemo(() => ({ mediaType: item.mediaType, id: item.id }), [item.mediaType, item.id]);
  const sleepValue = sleep === null ? 'off' : sleep.kind === 'chapter' ? 'chapter' : 'custom';

  return (
    <div className="player__audio">
      <div ref={hostRef} className="player__media-host" />
      <div className="player__transport">
        {isMusic ? (
          <button
            type="button"
            className="player__button"
            onClick={() => {
              playQueue.previous();
            }}
            disabled={!hasPrevious}
            aria-label={t('player.previous')}
          >
            <PlayerIcon name="previous" />
          </button>
        ) : null}
        {chapters.length > 1 ? (
          <button
            type="button"
            className="player__button"
            onClick={() => {
              // Like a CD player: back to this chapter's start, unless already at it.
              goToChapter(
                current && state.currentTime - current.start > 3
                  ? current
                  : (previousChapter ?? current ?? undefined),
              );
            }}
            disabled={!current}
            aria-label={t('player.chapters.previous')}
          >
            <PlayerIcon name="previous" />
          </button>
        ) : null}
        <SkipButtons controls={controls} />
        <PlayPauseButton controls={controls} />
        {chapters.length > 1 ? (
          <button
            type="button"
            className="player__button"
            onClick={() => {
              goToChapter(nextChapter);
            }}
            disabled={!nextChapter}
            aria-label={t('player.chapters.next')}
          >
            <PlayerIcon name="next" />
          </button>
        ) : null}
        {isMusic ? (
          <button
            type="button"
            className="player__button"
            onClick={() => {
              playQueue.next();
            }}
            disabled={!hasNext}
            aria-label={t('player.next')}
          >
            <PlayerIcon name="next" />
          </button>
        ) : null}
      </div>
      <SeekSlider controls={controls} start={start} />
      <VolumeControl controls={controls} />
      {state.failed ? (
        <p className="player__error" role="alert">
          {t('player.error.media')}
        </p>
      ) : null}
      {state.waiting && !state.started && !state.failed ? (
        <p className="player__status" role="status">
          {t('player.loading')}
        </p>
      ) : null}
      {expanded ? (
        <div className="player__panels">
          <div className="player__options">
            <SpeedSelect
              controls={controls}
              // The speed chosen for an audiobook is its speed next time (this device; lib/player-prefs.ts).
              {...(isAudiobook
                ? {
                    onChosen: (rate: number) => {
                      saveAudiobookRate(item.id, rate);
                    },
                  }
                : {})}
            />
            {isMusic ? (
              <>
                <button
                  type="button"
                  className="player__toggle"
                  aria-pressed={queue.shuffle}
                  onClick={() => {
                    playQueue.setShuffle(!queue.shuffle);
                  }}
                >
                  <PlayerIcon name="shuffle" size={18} />
                  {t('player.shuffle')}
                </button>
                <RepeatSelect value={queue.repeat} />
                <AddToPlaylist
                  track={{ id: item.id, title: item.title }}
                  appearance="text"
                  buttonClassName="player__toggle"
                />
              </>
            ) : (
              <div className="player__field">
                <label htmlFor={sleepId}>{t('player.sleep.label')}</label>
                <select
                  id={sleepId}
                  className="player__select"
                  value={sleepValue}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    if (value === 'off') setSleep(null);
                    else if (value === 'chapter')
                      setSleep(current ? { kind: 'chapter', end: current.end } : null);
                    else setSleep({ kind: 'minutes', until: Date.now() + Number(value) * 60_000 });
                  }}
                >
                  <option value="off">{t('player.sleep.off')}</option>
                  {SLEEP_MINUTES.map((minutes) => (
                    <option key={minutes} value={String(minutes)}>
                      {t('player.sleep.minutes', { minutes })}
                    </option>
                  ))}
                  {current ? <option value="chapter">{t('player.sleep.endOfChapter')}</option> : null}
                  {sleep?.kind === 'minutes' ? (
                    <option value="custom" disabled>
                      {t('player.sleep.until', {
                        time: formatTime(new Date(sleep.until), locale),
                      })}
                    </option>
                  ) : null}
                </select>
              </div>
            )}
          </div>
          {chapters.length > 0 ? (
            <section className="player__list" aria-labelledby={`${sleepId}-chapters`}>
              <h3 id={`${sleepId}-chapters`}>{t('player.chapters.title')}</h3>
              <ol>
                {chapters.map((chapter) => (
                  <li key={chapter.id}>
                    <button
                      type="button"
                      className="player__list-button"
                      aria-current={chapter.id === current?.id ? 'true' : undefined}
                      onClick={() => {
                        controls.seekTo(chapter.start);
                        controls.play();
                      }}
                    >
                      <span>{chapter.title}</span>
                      <span className="player__muted">{formatClock(chapter.end - chapter.start)}</span>
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          {isAudiobook ? (
            <BookmarksPanel
              item={bookmarkItem}
              // Loaded once the sound has started: nothing here delays the media's start.
              active={state.started}
              currentPlace={() => {
                const position = audioRef.current?.currentTime ?? state.currentTime;
                const time = formatClock(position);
                const chapter = chapters.findLast((entry) => entry.start <= position + 0.25);
                return {
                  position,
                  location: null,
                  defaultName: chapter
                    ? t('player.bookmarks.defaultChapter', { chapter: chapter.title, time })
                    : t('player.bookmarks.defaultTime', { time }),
                };
              }}
              describe={(bookmark) => formatClock(bookmark.position)}
              jump={(bookmark) => {
                controls.seekTo(bookmark.position);
                controls.play();
              }}
            />
          ) : null}
          {isMusic ? <QueueView queue={queue} /> : null}
          {isMusic && album ? <TrackList album={album} activeId={item.id} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function RepeatSelect({ value }: { value: PlayQueueState['repeat'] }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="player__field">
      <label htmlFor={id}>{t('player.repeat')}</label>
      <select
        id={id}
        className="player__select"
        value={value}
        onChange={(event) => {
          const next = event.currentTarget.value;
          playQueue.setRepeat(next === 'all' || next === 'one' ? next : 'off');
        }}
      >
        <option value="off">{t('player.repeatOff')}</option>
        <option value="all">{t('player.repeatAll')}</option>
        <option value="one">{t('player.repeatOne')}</option>
      </select>
    </div>
  );
}

/** The queue: the upcoming items with add-to-playlist (tracks), reorder and remove buttons. */
function QueueView({ queue }: { queue: PlayQueueState }) {
  const { t } = useI18n();
  const headingId = useId();
  const upcoming = queue.items.slice(1);
  return (
    <section className="player__list" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('player.queue.title')}</h3>
      {upcoming.length === 0 ? (
        <p className="player__muted">{t('player.queue.empty')}</p>
      ) : (
        <ol>
          {upcoming.map((entry, offset) => {
            const index = offset + 1;
            return (
              <li key={`${entry.mediaType}-${entry.id}-${index}`} className="player__queue-row">
                <span className="player__queue-title">
                  {entry.title}
                  {entry.artist ? <span className="player__muted"> · {entry.artist}</span> : null}
                </span>
                {entry.mediaType === 'music' ? (
                  <AddToPlaylist
                    track={{ id: entry.id, title: entry.title }}
                    buttonClassName="player__button player__button--small"
                  />
                ) : null}
                <button
                  type="button"
                  className="player__button player__button--small"
                  disabled={index === 1}
                  aria-label={t('player.queue.moveUp', { title: entry.title })}
                  onClick={() => {
                    playQueue.move(index, index - 1);
                  }}
                >
                  <PlayerIcon name="up" size={18} />
                </button>
                <button
                  type="button"
                  className="player__button player__button--small"
                  disabled={index === queue.items.length - 1}
                  aria-label={t('player.queue.moveDown', { title: entry.title })}
                  onClick={() => {
                    playQueue.move(index, index + 1);
                  }}
                >
                  <PlayerIcon name="down" size={18} />
                </button>
                <button
                  type="button"
                  className="player__button player__button--small"
                  aria-label={t('player.queue.remove', { title: entry.title })}
                  onClick={() => {
                    playQueue.remove(index);
                  }}
                >
                  <PlayerIcon name="remove" size={18} />
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** An album's (or a series') parts; choosing one plays the list from there. */
export function TrackList({ album, activeId }: { album: PartList; activeId: number }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="player__list" aria-labelledby={headingId}>
      <h3 id={headingId}>{t(album.heading, { title: album.group.title })}</h3>
      <ol>
        {album.group.items.map((part, index) => (
          <li key={part.id}>
            <button
              type="button"
              className="player__list-button"
              aria-current={part.id === activeId ? 'true' : undefined}
              onClick={() => {
                playQueue.play(album.group.items, { startIndex: index, expanded: true, group: album.group });
              }}
            >
              <span>{part.title}</span>
              {part.duration ? <span className="player__muted">{formatClock(part.duration)}</span> : null}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

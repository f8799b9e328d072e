import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import {
  type PlayQueueState,
  type PlayerKind,
  type QueueItem,
  playQueue,
  usePlayQueue,
} from '../../../lib/media/play-queue';
import { thumbnailUrl } from '../../../lib/media/thumbnail-url';
import { partToQueueItem } from '../api/playback';
import { loadPlayerStrings } from '../api/player-strings';
import { type PlaybackSession, usePlaybackSession } from '../hooks/use-playback-session';
import { useProgressSaveFailing } from '../lib/save-status';
import { AudioPlayer } from './audio-player';
import { BookReader } from './book-reader';
import { GamePlayer } from './game-player';
import { PlayerIcon } from './player-icon';
import type { PartList } from './player-types';
import { VideoPlayer } from './video-player';
import './player-overlay.css';

/** The player overlay: loads its strings, then shows the frame while the queue has an active item. */
export default function PlayerOverlay() {
  const queue = usePlayQueue();
  const store = useI18nStore();
  const [stringsLoaded, setStringsLoaded] = useState(false);

  useEffect(() => {
    loadPlayerStrings(store)
      .catch((error: unknown) => {
        logger.warn('The player strings could not be loaded', error);
      })
      .finally(() => {
        setStringsLoaded(true);
      });
  }, [store]);

  // The playback starts at once (signed URL, details, saved progress), while the strings arrive.
  const session = usePlaybackSession(queue.active, queue.activation);

  if (!stringsLoaded || !queue.active || !queue.player) return null;
  return <OverlayFrame queue={queue} active={queue.active} player={queue.player} session={session} />;
}

/**
 * The support screen's problem form, pre-filled with this title and (when given) the playback position:
 * a plain address, since features do not import each other (`/support?report=&type=&at=&title=`).
 */
export function reportProblemUrl(item: QueueItem, positionSeconds: number | null): string {
  const params = new URLSearchParams({ report: String(item.id), type: item.mediaType });
  if (positionSeconds !== null && Number.isFinite(positionSeconds) && positionSeconds >= 0) {
    params.set('at', String(Math.floor(positionSeconds)));
  }
  params.set('title', item.title.slice(0, 200));
  return `/support?${params.toString()}`;
}

/** Players whose view only makes sense in the full overlay; the mini bar shows just their title. */
const VISUAL_ONLY: ReadonlySet<PlayerKind> = new Set(['book', 'game']);

function OverlayFrame({
  queue,
  active,
  player,
  session,
}: {
  queue: PlayQueueState;
  active: QueueItem;
  player: PlayerKind;
  session: PlaybackSession;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const bodyId = useId();
  const regionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { expanded, activation } = queue;
  const parts = usePartList(session, queue, active, player);
  const saveFailing = useProgressSaveFailing();
  const navigate = useNavigate();

  // Where focus was when the player opened (the Play button), to return it there on close.
  const [opener] = useState<Element | null>(() => document.activeElement);

  // While the full view covers the page, the page behind it is inert (no Tab stops, hidden from readers);
  // and focus follows the view: into the full view when it opens, back to its toggle when it closes. One
  // layout effect for both, inert first: focus() brings the document's styles up to date at once, so the
  // page's change to inert is part of that recalculation rather than invalidating it afterwards.
  const wasExpanded = useRef<boolean | null>(null);
  useLayoutEffect(() => {
    const region = regionRef.current;
    const siblings =
      expanded && region?.parentElement
        ? [...region.parentElement.children].filter(
            (element): element is HTMLElement =>
              element !== region && element instanceof HTMLElement && !element.inert,
          )
        : [];
    for (const element of siblings) element.inert = true;
    if (wasExpanded.current !== expanded) {
      const first = wasExpanded.current === null;
      wasExpanded.current = expanded;
      if (expanded) headingRef.current?.focus();
      else if (!first) toggleRef.current?.focus();
    }
    return () => {
      for (const element of siblings) element.inert = false;
    };
  }, [expanded]);

  const close = (): void => {
    playQueue.close();
    const target =
      opener instanceof HTMLElement && opener.isConnected ? opener : document.getElementById('main');
    target?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key !== 'Escape' || !expanded || document.fullscreenElement) return;
    event.preventDefault();
    playQueue.setExpanded(false);
  };

  const artwork = thumbnailUrl(active.thumbnail);
  const visualOnly = VISUAL_ONLY.has(player);

  return (
    <section
      ref={regionRef}
      className={`player player--${player}${expanded ? ' player--expanded' : ''}`}
      aria-label={t('player.region')}
      onKeyDown={onKeyDown}
    >
      <div className="player__bar">
        {artwork ? <img className="player__art" src={artwork} alt="" width={48} height={48} /> : null}
        <div className="player__titles">
          <h2 id={headingId} ref={headingRef} className="player__title" tabIndex={-1}>
            {active.title}
          </h2>
          {active.artist ? <p className="player__artist">{active.artist}</p> : null}
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="player__button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={expanded ? t('player.collapse') : t('player.expand')}
          onClick={() => {
            playQueue.setExpanded(!expanded);
          }}
        >
          <PlayerIcon name={expanded ? 'collapse' : 'expand'} />
        </button>
        {/* In the mini bar and the full view alike, so every player offers it (issue 18 item 5). */}
        <Link
          className="player__button"
          to={reportProblemUrl(active, null)}
          aria-label={t('player.reportProblem')}
          title={t('player.reportProblem')}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            // The position at the moment of the click, read from the playing element.
            event.preventDefault();
            const media = regionRef.current?.querySelector<HTMLMediaElement>('audio, video');
            playQueue.setExpanded(false);
            void navigate(reportProblemUrl(active, media ? media.currentTime : null));
          }}
        >
          <PlayerIcon name="flag" />
        </Link>
        <button type="button" className="player__button" aria-label={t('player.close')} onClick={close}>
          <PlayerIcon name="close" />
        </button>
      </div>
      {/* Always present, so screen readers announce it when a failing save fills it (decision 011); a
          polite live region rather than a second role="status" beside the players' own. */}
      <div className="player__save-status" aria-live="polite">
        {saveFailing ? t('player.saveStatus.failing') : null}
      </div>
      <div id={bodyId} className="player__body" hidden={visualOnly && !expanded}>
        <PlayerBody
          key={activation}
          session={session}
          queue={queue}
          active={active}
          player={player}
          parts={parts}
        />
      </div>
    </section>
  );
}

/**
 * An album or a series played as a whole: its tracks or episodes replace it in the queue (which keeps it
 * as the group), and its list stays shown while one of them plays.
 */
function usePartList(session: PlaybackSession, queue: PlayQueueState, active: QueueItem, player: PlayerKind) {
  const details = session.status === 'ready' ? session.details : null;

  useEffect(() => {
    if (details?.id !== active.id) return;
    const list = player === 'music' ? details.tracks : player === 'movie' ? details.episodes : [];
    if (list.length === 0) return;
    const items = [...list]
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((part) => partToQueueItem(part, active));
    playQueue.replaceActive(items);
  }, [details, active, player]);

  const { group } = queue;
  if (!group?.items.some((item) => item.id === active.id && item.mediaType === active.mediaType)) return null;
  const heading = player === 'music' ? 'player.album.title' : 'player.episodes.title';
  return { group, heading } satisfies PartList;
}

function PlayerBody({
  session,
  queue,
  active,
  player,
  parts,
}: {
  session: PlaybackSession;
  queue: PlayQueueState;
  active: QueueItem;
  player: PlayerKind;
  parts: PartList | null;
}) {
  const { t } = useI18n();
  if (session.status === 'loading') {
    return (
      <p className="player__status" role="status">
        {t('player.loading')}
      </p>
    );
  }
  if (session.status === 'refused') {
    return (
      <div className="player__refused">
        <p className="player__error" role="alert">
          {t(`player.error.${session.reason}`)}
        </p>
        {queue.items.length > 1 ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              playQueue.next();
            }}
          >
            {t('player.next')}
          </button>
        ) : null}
      </div>
    );
  }
  const { playback, details, progress, audio } = session;
  // A parent (album or series) is being replaced by its parts: wait for the first one.
  const isParent =
    details?.id === active.id &&
    ((player === 'music' && details.tracks.length > 0) ||
      (player === 'movie' && details.episodes.length > 0));
  if (isParent) {
    return (
      <p className="player__status" role="status">
        {t('player.loading')}
      </p>
    );
  }
  switch (player) {
    case 'audiobook':
    case 'music':
      return (
        <AudioPlayer
          item={active}
          playback={playback}
          details={details}
          progress={progress}
          queue={queue}
          expanded={queue.expanded}
          album={parts}
          audio={audio}
        />
      );
    case 'movie':
    case 'stream':
      return (
        <VideoPlayer
          item={active}
          playback={playback}
          progress={progress}
          queue={queue}
          expanded={queue.expanded}
          series={parts}
          live={playback.kind === 'LIVE'}
        />
      );
    case 'book':
      return <BookReader item={active} playback={playback} progress={progress} />;
    case 'game':
      return <GamePlayer item={active} playback={playback} />;
  }
}

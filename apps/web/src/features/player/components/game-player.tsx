import { useEffect, useRef, useState } from 'react';
import { formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import type { QueueItem } from '../../../lib/media/play-queue';
import type { Playback } from '../api/playback';
import { PlayerIcon } from './player-icon';

/** What a game frame may tell the page (apps/server/media/demo/README.md, Games). */
type GameMessage = { type: 'game-ready' } | { type: 'game-score'; score: number };

function readGameMessage(data: unknown): GameMessage | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  if (data.type === 'game-ready') return { type: 'game-ready' };
  if (
    data.type === 'game-score' &&
    'score' in data &&
    typeof data.score === 'number' &&
    Number.isFinite(data.score)
  ) {
    return { type: 'game-score', score: data.score };
  }
  return null;
}

/**
 * The shared game and software player. A game is an HTML5 page in a sandboxed frame (scripts only: an
 * opaque origin, no access to the member area); its messages are accepted only from that frame's window.
 * Software offers its download from the signed URL.
 */
export function GamePlayer({ item, playback }: { item: QueueItem; playback: Playback }) {
  if (playback.kind === 'DOWNLOAD' || item.mediaType === 'software') {
    return <SoftwareDownload item={item} playback={playback} />;
  }
  return <GameFrame item={item} playback={playback} />;
}

function GameFrame({ item, playback }: { item: QueueItem; playback: Playback }) {
  const { t } = useI18n();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [score, setScore] = useState<number | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent): void => {
      // A sandboxed frame has the opaque origin "null": trust the sender's window, not the origin.
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow) return;
      const message = readGameMessage(event.data);
      if (message?.type === 'game-ready') setReady(true);
      else if (message?.type === 'game-score') setScore(message.score);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
    };
  }, []);

  return (
    <div className="player__game">
      <iframe
        ref={frameRef}
        className="player__game-frame"
        src={playback.url}
        title={t('player.game.frameTitle', { title: item.title })}
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
        allow="fullscreen"
      />
      <p className="player__status" role="status">
        {ready ? t('player.game.ready') : t('player.game.loading')}
        {score !== null ? ` ${t('player.game.score', { score })}` : ''}
      </p>
    </div>
  );
}

function SoftwareDownload({ item, playback }: { item: QueueItem; playback: Playback }) {
  const { t, locale } = useI18n();
  const expires = new Date(playback.expiresAt);
  const time = Number.isNaN(expires.getTime()) ? null : formatTime(expires, locale);
  return (
    <div className="player__software">
      <p>{t('player.software.intro')}</p>
      <a className="button button--primary" href={playback.url} download>
        <PlayerIcon name="download" size={18} />
        {t('player.software.download', { title: item.title })}
      </a>
      {time ? <p className="player__muted">{t('player.software.expires', { time })}</p> : null}
    </div>
  );
}

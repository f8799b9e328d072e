import { useEffect, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { type LiveStats, getLiveStats } from '../api/live-events';

/** How often a live match's figures are asked again while it is on. */
export const LIVE_STATS_POLL_MS = 3000;

type StatsState = { status: 'loading' } | { status: 'done'; stats: LiveStats } | { status: 'failed' };

/**
 * The figures of a stream's broadcast (decision 036), asked of the server again every few seconds
 * while it is live (the server follows the live loop, so the page moves with the picture) and once
 * otherwise. A poll that fails keeps the last figures and tries again at the next tick.
 */
function useLiveStats(slug: string): StatsState {
  const [state, setState] = useState<StatsState>({ status: 'loading' });
  useEffect(() => {
    let controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Whether the last answer said live: a failed poll of a live match tries again.
    let isLive = false;
    const read = () => {
      controller = new AbortController();
      getLiveStats(slug, controller.signal).then(
        (stats) => {
          setState({ status: 'done', stats });
          isLive = stats.status === 'live';
          if (isLive) timer = setTimeout(read, LIVE_STATS_POLL_MS);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          logger.warn('Live stats failed', error);
          setState((current) => (current.status === 'done' ? current : { status: 'failed' }));
          if (isLive) timer = setTimeout(read, LIVE_STATS_POLL_MS);
        },
      );
    };
    read();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug]);
  return state;
}

/** The live stats page's figures: score, clock and what has happened, newest first. */
export function LiveStatsPanel({ slug }: { slug: string }) {
  const { t } = useI18n();
  const state = useLiveStats(slug);
  if (state.status === 'loading') return null;
  if (state.status === 'failed') {
    return <p className="live-stats__failed">{t('browse.live.statsFailed')}</p>;
  }
  const { stats } = state;
  const home = stats.home ?? t('browse.live.home');
  const away = stats.away ?? t('browse.live.away');
  const clock =
    stats.minute === null
      ? t('browse.live.notStarted')
      : stats.status === 'ended'
        ? t('browse.live.fullTime')
        : t('browse.live.clock', { minute: stats.minute });
  const sideName = (side: 'home' | 'away' | null) => (side === 'home' ? home : side === 'away' ? away : null);
  return (
    <section className="live-stats" aria-labelledby="live-stats-title">
      <h2 className="browse-section__title" id="live-stats-title">
        {t('browse.live.statsTitle')}
      </h2>
      <div className="live-stats__board">
        <p className="live-stats__score" aria-live="polite" aria-atomic="true">
          <span className="live-stats__team" aria-hidden="true">
            {home}
          </span>
          <span className="visually-hidden">
            {t('browse.live.scoreOf', { home, away, homeScore: stats.homeScore, awayScore: stats.awayScore })}
          </span>
          <span className="live-stats__goals" aria-hidden="true">
            {stats.homeScore} – {stats.awayScore}
          </span>
          <span className="live-stats__team" aria-hidden="true">
            {away}
          </span>
        </p>
        <p className="live-stats__clock">
          <span className={`live-badge live-badge--${stats.status}`}>
            {t(`browse.live.status.${stats.status}`)}
          </span>{' '}
          <span data-testid="live-clock">{clock}</span>
        </p>
      </div>
      <h3 className="live-stats__events-title">{t('browse.live.events')}</h3>
      {stats.events.length === 0 ? (
        <p className="browse-empty">{t('browse.live.noEvents')}</p>
      ) : (
        <ol className="live-stats__events" reversed>
          {stats.events
            .slice()
            .reverse()
            .map((entry, index) => {
              const side = sideName(entry.side);
              return (
                <li
                  className={`live-stats__event live-stats__event--${entry.kind}`}
                  key={`${String(entry.minute)}-${entry.kind}-${String(index)}`}
                >
                  <span className="live-stats__minute">
                    {t('browse.live.clock', { minute: entry.minute })}
                  </span>
                  <span className="live-stats__what">
                    {t(`browse.live.kind.${entry.kind}`)}
                    {entry.player ? ` · ${entry.player}` : ''}
                    {side ? ` (${side})` : ''}
                  </span>
                </li>
              );
            })}
        </ol>
      )}
    </section>
  );
}

import { useEffect, useMemo } from 'react';
import { Link, useLoaderData } from 'react-router';
import { mediaDetailsHref } from '../../../lib/media/media-card-fields';
import { Page } from '../../../components/ui/page';
import { AccessRefused, LiveScheduleList } from './browse-screen';
import { useI18n } from '../../../lib/i18n';
import { playQueue } from '../../../lib/media/play-queue';
import { useSession } from '../../../lib/session';
import { type LiveReminders, useLiveReminders } from '../hooks/use-live-reminders';
import { BroadcastAction, playStream } from './live-actions';
import { LiveStatsPanel } from './live-stats-panel';
import type { LiveLoader } from '../api/browse-loaders';
import { type LiveStream, type LiveStreams, getLiveStreams } from '../api/get-live-streams';
import type { LiveEvent } from '@member/domain';
import { formatScheduleTime } from '../../../lib/format';
import { scheduleAround } from '../utils/live-schedule';
import { type KeysetPage, useKeysetPages } from '../hooks/use-keyset-pages';
import { useNow } from '../hooks/use-now';
import { liveHref } from './browse-links';

type Stream = Pick<LiveStream, 'id' | 'title' | 'slug' | 'thumbnail'> & { liveSchedule: LiveEvent[] };

/** What is on now, or else what comes next: the live indicator at the top of the page. */
function OnAir({ streams, nowMs }: { streams: readonly Stream[]; nowMs: number }) {
  const { t, locale } = useI18n();
  const timeZone = useSession().member?.timezone;
  const broadcasts = scheduleAround(
    streams.map((stream) => ({ source: stream, events: stream.liveSchedule })),
    nowMs,
  );
  const live = broadcasts.filter((broadcast) => broadcast.status === 'live');
  const next = broadcasts.find((broadcast) => broadcast.status === 'upcoming');
  return (
    <section className="on-air" aria-labelledby="on-air-title">
      <h2 className="browse-section__title" id="on-air-title">
        {live.length > 0 ? (
          <span className="live-badge live-badge--live">{t('browse.live.status.live')}</span>
        ) : null}
        {t('browse.live.onNow')}
      </h2>
      {live.length > 0 ? (
        <ul className="on-air__list">
          {live.map((broadcast) => (
            <li className="on-air__item" key={`${broadcast.source.id}-${broadcast.event.startsAt}`}>
              <span className="on-air__title">{broadcast.event.title}</span>
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  playStream(broadcast.source);
                }}
              >
                {t('browse.live.watchLive', { title: broadcast.event.title })}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="on-air__none">
          {next
            ? t('browse.live.nothingNowNext', {
                title: next.event.title,
                time: formatScheduleTime(next.event.startsAt, locale, timeZone),
              })
            : t('browse.live.nothingNow')}
        </p>
      )}
    </section>
  );
}

/** The schedule of several streams (or one), each row with Play for its stream. */
function Schedule({
  streams,
  nowMs,
  showStreamTitles,
  reminders,
}: {
  streams: readonly Stream[];
  nowMs: number;
  showStreamTitles: boolean;
  reminders: LiveReminders;
}) {
  const { t } = useI18n();
  return (
    <section className="media-details__section" aria-labelledby="live-schedule-title">
      <h2 className="browse-section__title" id="live-schedule-title">
        {t('browse.live.schedule')}
      </h2>
      <LiveScheduleList
        schedules={streams.map((stream) => ({ source: stream, events: stream.liveSchedule }))}
        showStreamTitles={showStreamTitles}
        nowMs={nowMs}
        renderAction={(broadcast) => (
          <span className="live-schedule__links">
            <BroadcastAction
              stream={broadcast.source}
              event={broadcast.event}
              status={broadcast.status}
              reminders={reminders}
            />
            {showStreamTitles ? (
              <Link
                className="live-schedule__more"
                to={liveHref(broadcast.source.slug)}
                aria-label={t('browse.live.statsOf', { title: broadcast.source.title })}
              >
                {t('browse.live.stats')}
              </Link>
            ) : null}
          </span>
        )}
      />
    </section>
  );
}

/** The next page of streams with their schedules (a keyset page of `content.list`). */
async function nextStreams(cursor: string, signal: AbortSignal): Promise<KeysetPage<LiveStream>> {
  const page = await getLiveStreams(cursor, signal);
  return { items: page.streams, nextCursor: page.nextCursor };
}

/**
 * Every stream's schedule: the loader's first page of streams, then the next pages on request (a brand
 * may have more streams than one request's query budget allows).
 */
function AllStreams({ live, nowMs }: { live: LiveStreams; nowMs: number }) {
  const { t } = useI18n();
  const reminders = useLiveReminders();
  const first = useMemo(() => ({ items: live.streams, nextCursor: live.nextCursor }), [live]);
  const pages = useKeysetPages(first, nextStreams);
  const streams = pages.items;
  return (
    <div className="browse-sections">
      <OnAir streams={streams} nowMs={nowMs} />
      <Schedule streams={streams} nowMs={nowMs} showStreamTitles reminders={reminders} />
      <div className="live-more">
        <p className="live-more__status" role="status">
          {pages.isLoading
            ? t('browse.live.loadingStreams')
            : pages.failed
              ? t('browse.live.streamsFailed')
              : ''}
        </p>
        {pages.hasMore ? (
          <button type="button" className="button button--ghost" onClick={pages.loadMore}>
            {t('browse.live.moreStreams')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** `/browse/stream/live/:slug?`: what is live now and next, for the brand's streams or one of them. */
export function LivePage() {
  const { t } = useI18n();
  const data = useLoaderData<LiveLoader>();
  const nowMs = useNow();
  // The live page is where streams are watched: the player's code is fetched while the member reads.
  useEffect(() => {
    playQueue.expect('stream');
  }, []);
  if (!data || data instanceof Response) return null;
  const mediaTitle = t(`media.${data.media}.title`);
  if (data.slug === null) {
    if (data.live.refusal) {
      return (
        <div className="page">
          <AccessRefused media={data.media} reason={data.live.refusal} />
        </div>
      );
    }
    return (
      <Page title={t('browse.liveTitle')} subtitle={mediaTitle}>
        {data.live.streams.length === 0 && data.live.nextCursor === null ? (
          <p className="browse-empty">{t('browse.nothingToDisplay')}</p>
        ) : (
          <AllStreams live={data.live} nowMs={nowMs} />
        )}
      </Page>
    );
  }
  if (data.stream.kind === 'refused') {
    return (
      <div className="page">
        <AccessRefused media={data.media} reason={data.stream.reason} />
      </div>
    );
  }
  return <OneStream stream={data.stream.media} nowMs={nowMs} />;
}

/**
 * `/browse/stream/live/:slug`: one stream's broadcast with what it offers by its status (watch live,
 * its replay, or a reminder), its live figures, and its schedule.
 */
function OneStream({ stream, nowMs }: { stream: LiveStream; nowMs: number }) {
  const { t } = useI18n();
  const reminders = useLiveReminders();
  const [current] = scheduleAround([{ source: stream, events: stream.liveSchedule }], nowMs);
  return (
    <Page title={stream.title} subtitle={t('browse.liveTitle')}>
      <div className="browse-sections">
        <div className="media-details__actions">
          {current ? (
            <BroadcastAction
              stream={stream}
              event={current.event}
              status={current.status}
              reminders={reminders}
              primary
            />
          ) : null}
          <Link className="button button--ghost" to={mediaDetailsHref(stream)}>
            {t('browse.live.details')}
          </Link>
          <Link className="button button--ghost" to={liveHref()}>
            {t('browse.live.allStreams')}
          </Link>
        </div>
        <LiveStatsPanel slug={stream.slug} />
        <OnAir streams={[stream]} nowMs={nowMs} />
        <Schedule streams={[stream]} nowMs={nowMs} showStreamTitles={false} reminders={reminders} />
      </div>
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { LivePage as Component };

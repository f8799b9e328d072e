import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { LiveEvent } from '@member/domain';
import { formatScheduleTime, formatTime } from '../../../lib/format';
import { type Broadcast, scheduleAround } from '../utils/live-schedule';

interface ScheduleSource {
  id: number;
  title: string;
}

interface LiveScheduleListProps<T extends ScheduleSource> {
  schedules: readonly { source: T; events: readonly LiveEvent[] }[];
  /** Name the stream on each row (the live page lists several streams). */
  showStreamTitles: boolean;
  /** What the schedule is read against (useNow). */
  nowMs: number;
  /** An action for a row, such as Play. */
  renderAction?: (broadcast: Broadcast<T>) => React.ReactNode;
}

/** Broadcasts on now, then coming up, then ended, with times in the member's time zone. */
export function LiveScheduleList<T extends ScheduleSource>({
  schedules,
  showStreamTitles,
  nowMs,
  renderAction,
}: LiveScheduleListProps<T>) {
  const { t, locale } = useI18n();
  const timeZone = useSession().member?.timezone;
  const broadcasts = scheduleAround(schedules, nowMs);
  if (broadcasts.length === 0) return <p className="browse-empty">{t('browse.live.noSchedule')}</p>;
  return (
    <ol className="live-schedule">
      {broadcasts.map((broadcast) => (
        <li
          className={`live-schedule__row live-schedule__row--${broadcast.status}`}
          key={`${broadcast.source.id}-${broadcast.event.startsAt}`}
        >
          <span className={`live-badge live-badge--${broadcast.status}`}>
            {t(`browse.live.status.${broadcast.status}`)}
          </span>
          <span className="live-schedule__text">
            <span className="live-schedule__title">{broadcast.event.title}</span>
            {showStreamTitles && broadcast.source.title !== broadcast.event.title ? (
              <span className="live-schedule__stream">{broadcast.source.title}</span>
            ) : null}
            <span className="live-schedule__time">
              <time dateTime={broadcast.event.startsAt}>
                {formatScheduleTime(broadcast.event.startsAt, locale, timeZone)}
              </time>
              {' – '}
              <time dateTime={new Date(broadcast.endsAtMs).toISOString()}>
                {formatTime(new Date(broadcast.endsAtMs), locale, timeZone)}
              </time>
            </span>
          </span>
          {renderAction ? <span className="live-schedule__action">{renderAction(broadcast)}</span> : null}
        </li>
      ))}
    </ol>
  );
}

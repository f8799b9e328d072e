import type { LiveEvent, Thumbnail } from '@member/domain';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loginHref } from '../../../config/paths';
import { useI18n } from '../../../lib/i18n';
import { playQueue } from '../../../lib/media/play-queue';
import type { LiveReminders } from '../hooks/use-live-reminders';
import type { BroadcastStatus } from '../utils/live-schedule';

export interface PlayableStream {
  id: number;
  title: string;
  thumbnail: Thumbnail;
}

export function playStream(stream: PlayableStream): void {
  playQueue.play([{ id: stream.id, mediaType: 'stream', title: stream.title, thumbnail: stream.thumbnail }]);
}

/** Sets or removes the member's reminder of a broadcast still to come; a visitor is offered to sign in. */
function ReminderButton({
  stream,
  event,
  reminders,
}: {
  stream: PlayableStream;
  event: LiveEvent;
  reminders: LiveReminders;
}) {
  const { t } = useI18n();
  const location = useLocation();
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle');
  if (!reminders.canRemind) {
    return (
      <Link className="button button--ghost" to={loginHref(`${location.pathname}${location.search}`)}>
        {t('browse.live.signInToRemind')}
      </Link>
    );
  }
  const reminder = { mediaId: stream.id, startsAt: event.startsAt };
  const isSet = reminders.isSet(reminder);
  return (
    <span className="live-reminder">
      <button
        type="button"
        className={`button ${isSet ? 'button--primary' : 'button--ghost'}`}
        aria-pressed={isSet}
        disabled={state === 'saving'}
        onClick={() => {
          setState('saving');
          reminders.toggle(reminder).then(
            () => {
              setState('idle');
            },
            () => {
              setState('failed');
            },
          );
        }}
      >
        {t('browse.live.remind')}{' '}
        <span className="visually-hidden">{t('browse.live.remindOf', { title: event.title })}</span>
      </button>
      <span className="live-reminder__status" role="status">
        {state === 'failed' ? t('browse.live.reminderFailed') : isSet ? t('browse.live.reminderSet') : ''}
      </span>
    </span>
  );
}

/**
 * What a broadcast offers, by the status the server decided (decision 036): live, "Watch live"; ended,
 * its replay when it was recorded (or says there is none); upcoming, a reminder.
 */
export function BroadcastAction({
  stream,
  event,
  status,
  reminders,
  primary = false,
}: {
  stream: PlayableStream;
  event: LiveEvent;
  status: BroadcastStatus;
  reminders: LiveReminders;
  /** The page's main action (a filled button). */
  primary?: boolean;
}) {
  const { t } = useI18n();
  const kind = primary ? 'button--primary' : 'button--ghost';
  switch (status) {
    case 'live':
      return (
        <button
          type="button"
          className={`button ${kind}`}
          onClick={() => {
            playStream(stream);
          }}
        >
          {t('browse.live.watchLive', { title: event.title })}
        </button>
      );
    case 'ended':
      return event.hasReplay ? (
        <button
          type="button"
          className={`button ${kind}`}
          onClick={() => {
            playStream(stream);
          }}
        >
          {t('browse.live.watchReplay', { title: event.title })}
        </button>
      ) : (
        <span className="live-schedule__none">{t('browse.live.noReplay')}</span>
      );
    case 'upcoming':
      return <ReminderButton stream={stream} event={event} reminders={reminders} />;
  }
}

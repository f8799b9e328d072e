import { useCallback, useEffect, useState } from 'react';
import { logger } from '../../../lib/logger';
import { useSession } from '../../../lib/session';
import { type LiveReminder, getLiveReminders, setLiveReminder } from '../api/live-events';

const keyOf = (reminder: LiveReminder) => `${String(reminder.mediaId)} ${reminder.startsAt}`;

export interface LiveReminders {
  /** Whether the member may set reminders (signed in). */
  canRemind: boolean;
  isSet: (reminder: LiveReminder) => boolean;
  /** Sets or removes a reminder on the server; the list follows the server's answer. */
  toggle: (reminder: LiveReminder) => Promise<void>;
}

/**
 * The member's reminders of broadcasts still to come (decision 036), read once from the server and
 * changed there: the page shows what the server keeps, so a reminder set here is set on every device.
 */
export function useLiveReminders(): LiveReminders {
  const isMember = useSession().member !== null;
  const [keys, setKeys] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!isMember) return;
    const controller = new AbortController();
    getLiveReminders(controller.signal).then(
      (reminders) => {
        setKeys(new Set(reminders.map(keyOf)));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) logger.warn('Reminders could not be read', error);
      },
    );
    return () => {
      controller.abort();
    };
  }, [isMember]);
  const isSet = useCallback((reminder: LiveReminder) => keys.has(keyOf(reminder)), [keys]);
  const toggle = useCallback(
    async (reminder: LiveReminder) => {
      const on = !keys.has(keyOf(reminder));
      await setLiveReminder(reminder, on);
      setKeys((current) => {
        const next = new Set(current);
        if (on) next.add(keyOf(reminder));
        else next.delete(keyOf(reminder));
        return next;
      });
    },
    [keys],
  );
  return { canRemind: isMember, isSet, toggle };
}

import { WINNER_MODAL_DELAY_MS } from '@member/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { type Sweep, type WinnerQueueItem, markWinnerDisplayed, winnerQueue } from '../api/giveaways';

/**
 * The winner modal (spec section 4): the member's queued wins, one after another with 300 ms between
 * them. Each is shown once: the server records `winner_displayed` as the modal opens, and leaves the
 * win out of the queue from then on.
 */
export function WinnerModalQueue({ sweeps }: { sweeps: readonly Sweep[] }) {
  const { t } = useI18n();
  const [queue, setQueue] = useState<WinnerQueueItem[]>([]);
  const [current, setCurrent] = useState<WinnerQueueItem | null>(null);
  const shown = useRef(0);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dismiss = () => {
    shown.current += 1;
    setCurrent(null);
  };

  useEffect(() => {
    const controller = new AbortController();
    winnerQueue(controller.signal).then(
      (items) => {
        setQueue(items);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) logger.warn('Could not read the winner queue', error);
      },
    );
    return () => {
      controller.abort();
    };
  }, []);

  // The next win shows once the previous modal is gone, after the spec's delay (none for the first).
  useEffect(() => {
    if (current || queue.length === 0) return;
    const [next, ...rest] = queue;
    if (!next) return;
    const timer = window.setTimeout(
      () => {
        setQueue(rest);
        setCurrent(next);
        markWinnerDisplayed(next.winnerId).catch((error: unknown) => {
          logger.warn('Could not record the winner modal as shown', error);
        });
      },
      shown.current === 0 ? 0 : WINNER_MODAL_DELAY_MS,
    );
    return () => {
      window.clearTimeout(timer);
    };
  }, [current, queue]);

  if (!current) return null;
  const sweep = sweeps.find((candidate) => candidate.id === current.sweepId);
  return (
    <Dialog
      key={current.winnerId}
      role="alertdialog"
      title={t('giveaways.winner.title')}
      description={t('giveaways.winner.text', { name: sweep?.name ?? '' })}
      onClose={dismiss}
      dialogRef={dialogRef}
    >
      <div className="giveaway-postal__actions">
        <Link className="button button--primary" to={`/giveaways/id/${current.sweepId}`} onClick={dismiss}>
          {t('giveaways.winner.claim')}
        </Link>
        <button
          type="button"
          className="button"
          onClick={() => {
            dialogRef.current?.close();
          }}
        >
          {t('giveaways.winner.later')}
        </button>
      </div>
    </Dialog>
  );
}

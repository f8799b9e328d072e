import { useEffect, useState } from 'react';

import { Dialog } from '../../../components/ui/dialog';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSession } from '../../../lib/session';
import {
  type BrandMoveNotice as Notice,
  acknowledgeBrandMove,
  getBrandMove,
  loadNoticesStrings,
} from '../api/notices';
import '../notices.css';

/**
 * The migration-to-brand modal (spec section 2): when the brand's site config says it has moved, the
 * server says whether this member still has to see it; closing it (or following the link) records it,
 * so it shows once. Loaded by the main layout only when the site config carries a move.
 */
export function BrandMoveNotice() {
  const { t } = useI18n();
  const store = useI18nStore();
  const { brand } = useSession();
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getBrandMove(controller.signal), loadNoticesStrings(store)]).then(
      ([found]) => {
        if (found?.show) setNotice(found);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) logger.warn('Could not read the brand move notice', error);
      },
    );
    return () => {
      controller.abort();
    };
  }, [store]);

  if (!notice) return null;

  const acknowledge = () =>
    acknowledgeBrandMove().catch((error: unknown) => {
      // Not recorded: it shows again on the next visit, which is the safe side.
      logger.warn('Could not record the brand move notice', error);
    });

  return (
    <Dialog
      title={t('notices.brandMove.title', { brand: brand.name, name: notice.name })}
      closeLabel={t('notices.brandMove.closeLabel')}
      focusTitle
      onClose={() => {
        setNotice(null);
        void acknowledge();
      }}
      className="brand-move"
    >
      <p className="brand-move__text">
        {t('notices.brandMove.text', { brand: brand.name, name: notice.name, host: notice.host })}
      </p>
      <div className="brand-move__actions">
        <a
          className="button button--primary"
          href={notice.url}
          rel="noopener"
          onClick={() => void acknowledge()}
        >
          {t('notices.brandMove.continue', { name: notice.name })}
        </a>
        <form method="dialog">
          <button type="submit" className="button button--ghost">
            {t('notices.brandMove.close')}
          </button>
        </form>
      </div>
    </Dialog>
  );
}

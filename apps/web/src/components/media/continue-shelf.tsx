import { progressFraction } from '@member/domain';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { type ContinueEntry, getContinueList, useLibraryStrings } from '../../lib/media/library-api';
import { logger } from '../../lib/logger';
import { useSession } from '../../lib/session';
import type { MediaCardItem } from '../../lib/media/media-card-fields';
import type { CardProgress } from './media-card';
import { MediaShelf } from './media-shelf';

/** How many started titles the shelf offers. */
const CONTINUE_COUNT = 12;

/**
 * "Continue": the member's started, unfinished titles, most recent first. It loads itself and shows
 * nothing until it has titles, when there are none, or when they cannot be read (a home page without
 * this shelf still works, so a failure is only logged).
 */
export function ContinueShelf({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  useLibraryStrings();
  const { t, locale } = useI18n();
  const { member } = useSession();
  const [entries, setEntries] = useState<ContinueEntry[]>([]);
  const memberId = member?.id ?? null;

  useEffect(() => {
    if (memberId === null) return undefined;
    const controller = new AbortController();
    getContinueList(CONTINUE_COUNT, { signal: controller.signal })
      .then((list) => {
        setEntries(list);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) logger.warn('The continue shelf could not be loaded', error);
      });
    return () => {
      controller.abort();
    };
  }, [memberId]);

  if (entries.length === 0) return null;
  const fractions = new Map(
    entries.map((entry) => [
      `${entry.media.mediaType}-${String(entry.media.id)}`,
      progressFraction({
        mediaType: entry.media.mediaType,
        progress: entry.progress,
        durationSeconds: entry.media.duration,
      }),
    ]),
  );
  const progressOf = (item: MediaCardItem): CardProgress | null => {
    const fraction = fractions.get(`${item.mediaType}-${String(item.id)}`) ?? null;
    if (fraction === null) return null;
    const percent = formatNumber(fraction, locale, { style: 'percent' });
    return { fraction, label: t('library.continue.progress', { percent, title: item.title }) };
  };
  return (
    <MediaShelf
      title={t('library.continue.title')}
      items={entries.map((entry) => entry.media)}
      // The whole list of what the member played is their history.
      moreHref="/history"
      headingLevel={headingLevel}
      progressOf={progressOf}
    />
  );
}

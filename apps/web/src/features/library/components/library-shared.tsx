import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n';
import { libraryErrorText } from '../../../lib/media/library-api';
import { type QueueItem, playQueue } from '../../../lib/media/play-queue';
import type { LibraryEntry } from '../../../lib/media/library-api';
import type { Thumbnail } from '../../../lib/media/media-card-fields';

/** A title as the play queue wants it. */
export function queueItem(item: {
  id: number;
  mediaType: QueueItem['mediaType'];
  title: string;
  thumbnail: Thumbnail | null;
  artist: string | null;
  duration: number | null;
}): QueueItem {
  return {
    id: item.id,
    mediaType: item.mediaType,
    title: item.title,
    thumbnail: item.thumbnail,
    ...(item.artist ? { artist: item.artist } : {}),
    duration: item.duration,
  };
}

/** A failed change, said once to screen readers and shown until the next change. */
export function LibraryError({ error }: { error: unknown }) {
  const { t } = useI18n();
  return (
    <p className="library-error" role="alert">
      {error ? libraryErrorText(error, t) : ''}
    </p>
  );
}

/** An empty list: what it is and how to fill it. */
export function LibraryEmpty({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <div className="library-empty">
      <p className="library-empty__title">{title}</p>
      <p className="library-empty__hint">{hint}</p>
      {action}
    </div>
  );
}

/** Play and Remove for one saved or played title. */
export function EntryActions({
  entry,
  className,
  removeLabel,
  onRemove,
}: {
  entry: LibraryEntry;
  className: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className={className}>
      <button
        type="button"
        className="button button--primary"
        aria-label={t('library.actions.playOf', { title: entry.title })}
        onPointerEnter={() => {
          playQueue.expect(entry.type);
        }}
        onFocus={() => {
          playQueue.expect(entry.type);
        }}
        onClick={() => {
          playQueue.play([queueItem({ ...entry, mediaType: entry.type })]);
        }}
      >
        {t('library.actions.play')}
      </button>
      <button type="button" className="button button--ghost" aria-label={removeLabel} onClick={onRemove}>
        {t('library.actions.remove')}
      </button>
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { Page } from '../../../components/ui/page';
import { HOME_PATH } from '../../../config/paths';
import { useI18n } from '../../../lib/i18n';
import { type LibraryEntry, removeAllFromHistory, removeFromHistory } from '../../../lib/media/library-api';
import { mediaDetailsHref } from '../../../lib/media/media-card-fields';
import { formatDateAndTime } from '../../../lib/format';
import { formatDuration } from '../../../lib/media/media-strings';
import { thumbnailSrcSet, thumbnailUrl } from '../../../lib/media/thumbnail-url';
import { useSession } from '../../../lib/session';
import type { EntriesData } from '../api/library-loaders';
import { removal, useOptimisticList } from '../hooks/use-optimistic-list';
import { EntryActions, LibraryEmpty, LibraryError } from './library-shared';
import '../library.css';

const sameEntry = (a: LibraryEntry) => (b: LibraryEntry) => a.type === b.type && a.id === b.id;

/** "Clear history" asks first, in place; focus moves to the question and back when it is answered. */
function ClearHistory({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAsking(false);
    queueMicrotask(() => opener.current?.focus());
  };
  if (!asking) {
    return (
      <button
        ref={opener}
        type="button"
        className="button button--ghost"
        onClick={() => {
          setAsking(true);
        }}
      >
        {t('library.history.removeAll')}
      </button>
    );
  }
  return (
    <div
      className="library-confirm"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <p className="library-confirm__title" id={titleId}>
        {t('library.history.confirmTitle')}
      </p>
      <p id={bodyId}>{t('library.history.confirmBody')}</p>
      <div className="library-confirm__actions">
        <button
          type="button"
          className="button button--primary"
          // The question appears in place of the button that asked it: focus goes to its answer.
          autoFocus
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {t('library.history.removeAll')}
        </button>
        <button type="button" className="button button--ghost" onClick={close}>
          {t('library.actions.cancel')}
        </button>
      </div>
    </div>
  );
}

function HistoryList({ initial }: { initial: readonly LibraryEntry[] }) {
  const { t, locale } = useI18n();
  const { brand } = useSession();
  const { items, error, change } = useOptimisticList(initial);

  const remove = (entry: LibraryEntry) =>
    change({
      ...removal(sameEntry(entry)),
      run: () => removeFromHistory({ mediaType: entry.type, id: entry.id }),
    });
  const removeAll = () => {
    let before: readonly LibraryEntry[] = [];
    return change({
      apply: (current) => {
        before = current;
        return [];
      },
      // Whatever was played meanwhile stays; the cleared entries come back under it.
      revert: (current) => [...current, ...before.filter((entry) => !current.some(sameEntry(entry)))],
      run: removeAllFromHistory,
    });
  };

  return (
    <>
      <LibraryError error={error} />
      {items.length === 0 ? (
        <LibraryEmpty
          title={t('library.history.empty')}
          hint={t('library.history.emptyHint')}
          action={
            <Link className="button button--primary" to={HOME_PATH}>
              {t('menu.home')}
            </Link>
          }
        />
      ) : (
        <>
          <div className="library-toolbar">
            <ClearHistory onConfirm={() => void removeAll()} />
          </div>
          <ul className="library-list">
            {items.map((entry) => {
              const src = thumbnailUrl(entry.thumbnail, brand.cdnServer);
              const srcSet = thumbnailSrcSet(entry.thumbnail, brand.cdnServer);
              return (
                <li className="library-row" key={`${entry.type}-${String(entry.id)}`}>
                  {src ? (
                    <img
                      className="library-row__thumb"
                      src={src}
                      {...(srcSet ? { srcSet, sizes: '56px' } : {})}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                    />
                  ) : (
                    <span className="library-row__thumb" aria-hidden="true" />
                  )}
                  <div className="library-row__text">
                    <Link
                      className="library-row__title"
                      to={mediaDetailsHref({ ...entry, mediaType: entry.type, slug: '' })}
                    >
                      {entry.title}
                    </Link>
                    <p className="library-row__meta">
                      {[
                        entry.artist,
                        entry.duration ? formatDuration(entry.duration, t) : null,
                        `${t('library.fields.played')} ${formatDateAndTime(entry.addedAt, locale)}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <EntryActions
                    entry={entry}
                    className="library-row__actions"
                    removeLabel={t('library.history.removeOf', { title: entry.title })}
                    onRemove={() => void remove(entry)}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}

/** `/history`: what the member played, most recent first; remove one, or all after confirming. */
export function HistoryPage() {
  const { t } = useI18n();
  const data = useLoaderData<EntriesData | null>();
  return (
    <Page title={t('library.historyTitle')} subtitle={t('library.history.subtitle')}>
      {data ? <HistoryList initial={data.entries} /> : null}
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { HistoryPage as Component };

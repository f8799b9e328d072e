import { Link, useLoaderData } from 'react-router';
import { MediaCard } from '../../../components/media/media-card';
import { Page } from '../../../components/ui/page';
import { HOME_PATH } from '../../../config/paths';
import { useI18n } from '../../../lib/i18n';
import { type LibraryEntry, removeFromCollection } from '../../../lib/media/library-api';
import type { EntriesData } from '../api/library-loaders';
import { removal, useOptimisticList } from '../hooks/use-optimistic-list';
import { EntryActions, LibraryEmpty, LibraryError } from './library-shared';
import '../library.css';

const sameEntry = (a: LibraryEntry) => (b: LibraryEntry) => a.type === b.type && a.id === b.id;

function CollectionGrid({ initial }: { initial: readonly LibraryEntry[] }) {
  const { t } = useI18n();
  const { items, error, change } = useOptimisticList(initial);

  const remove = (entry: LibraryEntry) =>
    change({
      ...removal(sameEntry(entry)),
      run: () => removeFromCollection({ mediaType: entry.type, id: entry.id }),
    });

  return (
    <>
      <LibraryError error={error} />
      {items.length === 0 ? (
        <LibraryEmpty
          title={t('library.collection.empty')}
          hint={t('library.collection.emptyHint')}
          action={
            <Link className="button button--primary" to={HOME_PATH}>
              {t('menu.home')}
            </Link>
          }
        />
      ) : (
        <ul className="library-grid">
          {items.map((entry) => (
            <li className="library-grid__item" key={`${entry.type}-${String(entry.id)}`}>
              <MediaCard
                item={{
                  id: entry.id,
                  mediaType: entry.type,
                  title: entry.title,
                  slug: '',
                  thumbnail: entry.thumbnail,
                  duration: entry.duration,
                }}
              />
              {entry.artist ? <p className="library-grid__artist">{entry.artist}</p> : null}
              <EntryActions
                entry={entry}
                className="library-grid__actions"
                removeLabel={t('library.collection.removeOf', { title: entry.title })}
                onRemove={() => void remove(entry)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** `/collection`: the member's saved titles, newest first, as a grid; remove applies at once. */
export function CollectionPage() {
  const { t } = useI18n();
  const data = useLoaderData<EntriesData | null>();
  return (
    <Page title={t('library.collectionTitle')} subtitle={t('library.collection.subtitle')}>
      {data ? <CollectionGrid initial={data.entries} /> : null}
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { CollectionPage as Component };

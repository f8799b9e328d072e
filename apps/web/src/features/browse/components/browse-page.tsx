import { Link, useLoaderData } from 'react-router';
import { Page } from '../../../components/ui/page';
import { MediaShelf } from '../../../components/media/media-shelf';
import { shelfHref } from '../../../lib/media/media-card-fields';
import { BrowseTabs } from './browse-screen';
import { useI18n } from '../../../lib/i18n';
import type { BrowseLoader } from '../api/browse-loaders';
import { freeSlotSlug } from '../api/browse-queries';
import { genreTree } from '../utils/genre-tree';
import { browseHref, genreHref } from './browse-links';

/** Genre chips on the overview; the genres tab lists them all. */
const OVERVIEW_GENRES = 12;

/** `/browse/:media`: the overview of one media type: free titles, new releases, popular, genres. */
export function BrowsePage() {
  const { t } = useI18n();
  const data = useLoaderData<BrowseLoader>();
  if (!data || data instanceof Response) return null;
  const { media, overview } = data;
  const mediaTitle = t(`media.${media}.title`);
  const freeSlot = overview.slots.find((slot) => slot.slug === freeSlotSlug(media));
  const genres = genreTree(overview.genres);
  const isEmpty = overview.newReleases.items.length === 0 && overview.popular.items.length === 0;
  return (
    <Page title={mediaTitle}>
      <BrowseTabs media={media} />
      {isEmpty ? (
        <p className="browse-empty">{t('browse.nothingToDisplay')}</p>
      ) : (
        <div className="browse-sections">
          {freeSlot && freeSlot.items.length > 0 ? (
            <MediaShelf
              title={t('browse.shelves.free', { media: mediaTitle })}
              items={freeSlot.items}
              moreHref={shelfHref(freeSlot.slug)}
            />
          ) : null}
          <MediaShelf
            title={t('browse.shelves.newReleases')}
            items={overview.newReleases.items}
            moreHref={browseHref(media, 'new-releases')}
          />
          <MediaShelf
            title={t('browse.shelves.popular')}
            items={overview.popular.items}
            moreHref={browseHref(media, 'popular')}
          />
          {genres.length > 0 ? (
            <section className="browse-genres" aria-labelledby="browse-genres-title">
              <div className="browse-section__header">
                <h2 className="browse-section__title" id="browse-genres-title">
                  {t('browse.tab.genres')}
                </h2>
                <Link
                  className="browse-section__more"
                  to={browseHref(media, 'genres')}
                  aria-label={t('browse.allGenresOf', { media: mediaTitle })}
                >
                  {t('browse.allGenres')}
                </Link>
              </div>
              <ul className="genre-chips">
                {genres.slice(0, OVERVIEW_GENRES).map((genre) => (
                  <li key={genre.id}>
                    <Link className="genre-chip" to={genreHref(media, genre.id)}>
                      {genre.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { BrowsePage as Component };

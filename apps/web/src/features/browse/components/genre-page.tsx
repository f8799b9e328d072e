import { Link, useLoaderData } from 'react-router';
import { Page } from '../../../components/ui/page';
import { PagedMediaGrid } from './browse-screen';
import { useI18n } from '../../../lib/i18n';
import type { GenreLoader } from '../api/browse-loaders';
import { browseHref, genreHref } from './browse-links';

/** `/browse/:media/genre/:genreId`: the newest titles of a genre and its subgenres. */
export function GenrePage() {
  const { t } = useI18n();
  const data = useLoaderData<GenreLoader>();
  if (!data || data instanceof Response) return null;
  const { media, genre, page } = data;
  const mediaTitle = t(`media.${media}.title`);
  return (
    <Page title={genre.title} subtitle={t('browse.genreSubtitle', { media: mediaTitle })}>
      <nav className="browse-crumbs" aria-label={t('browse.breadcrumbs')}>
        <ol>
          <li>
            <Link to={browseHref(media)}>{mediaTitle}</Link>
          </li>
          <li>
            <Link to={browseHref(media, 'genres')}>{t('browse.tab.genres')}</Link>
          </li>
          {genre.parent ? (
            <li>
              <Link to={genreHref(media, genre.parent.id)}>{genre.parent.title}</Link>
            </li>
          ) : null}
        </ol>
      </nav>
      <PagedMediaGrid
        key={genre.id}
        query={{ mediaType: media, order: 'NEW_RELEASES', genreId: genre.id }}
        first={page}
        label={t('browse.genreListLabel', { genre: genre.title })}
      />
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { GenrePage as Component };

import { useLoaderData } from 'react-router';
import { Page } from '../../../components/ui/page';
import { BrowseTabs, GenreList, PagedMediaGrid } from './browse-screen';
import { useI18n } from '../../../lib/i18n';
import type { BrowseTabLoader } from '../api/browse-loaders';

/** `/browse/:media/:tabSlug`: the genres, new releases or popular tab of a media type. */
export function BrowseTabPage() {
  const { t } = useI18n();
  const data = useLoaderData<BrowseTabLoader>();
  if (!data || data instanceof Response) return null;
  const mediaTitle = t(`media.${data.media}.title`);
  const tabTitle = t(`browse.tabs.${data.tab}`, { media: mediaTitle });
  return (
    <Page title={tabTitle}>
      <BrowseTabs media={data.media} />
      {data.tab === 'genres' ? (
        <GenreList media={data.media} genres={data.genres} />
      ) : (
        <PagedMediaGrid
          // A new tab is a new list: start its pages over.
          key={data.tab}
          query={{ mediaType: data.media, order: data.tab === 'popular' ? 'POPULAR' : 'NEW_RELEASES' }}
          first={data.page}
          label={tabTitle}
        />
      )}
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { BrowseTabPage as Component };

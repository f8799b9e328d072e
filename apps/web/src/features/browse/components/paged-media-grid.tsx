import { MediaGrid } from '../../../components/media/media-grid';
import type { MediaListQuery, MediaPage } from '../api/browse-queries';
import { useMediaPages } from '../hooks/use-media-pages';

interface PagedMediaGridProps {
  query: MediaListQuery;
  /** The loader's first page. */
  first: MediaPage;
  label: string;
}

/** A list page's grid: the first page from the loader, more as the reader scrolls or asks. */
export function PagedMediaGrid({ query, first, label }: PagedMediaGridProps) {
  const pages = useMediaPages(query, first);
  return (
    <MediaGrid
      items={pages.items}
      label={label}
      hasMore={pages.hasMore}
      isLoadingMore={pages.isLoading}
      loadFailed={pages.failed}
      onLoadMore={pages.loadMore}
    />
  );
}

import { useCallback } from 'react';
import { useLoaderData } from 'react-router';
import { MediaGrid } from '../../../components/media/media-grid';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';
import { useKeysetPages } from '../../../lib/media/use-keyset-pages';
import { getSlotPage } from '../api/get-slot-page';
import type { ShelfLoaderData } from '../api/shelf-loader';
import { SLOT_TITLES, isKnownSlot } from '../api/slot-titles';

/**
 * `shelves/:slug`: a home shelf's whole list ("See all", issue 14 item 12), in the shelf's order, a page
 * at a time as the member scrolls or asks; Back from a title returns to the same place in it.
 */
export function ShelfPage() {
  const { t } = useI18n();
  const { page } = useLoaderData<ShelfLoaderData>();
  const { slug } = page;
  const title = isKnownSlot(slug) ? t(SLOT_TITLES[slug]) : page.title;
  const fetchPage = useCallback(
    async (cursor: string, signal: AbortSignal) =>
      (await getSlotPage(slug, cursor, { signal })) ?? { items: [], nextCursor: null },
    [slug],
  );
  const pages = useKeysetPages(page, fetchPage, `shelf:${slug}`);
  return (
    <Page title={title}>
      <MediaGrid
        items={pages.items}
        label={title}
        hasMore={pages.hasMore}
        isLoadingMore={pages.isLoading}
        loadFailed={pages.failed}
        onLoadMore={pages.loadMore}
      />
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ShelfPage as Component };

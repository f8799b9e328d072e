import type { LoaderFunctionArgs } from 'react-router';
import type { I18nStore } from '../../../lib/i18n';
import { loadBrowseStrings } from '../../../lib/media/media-strings';
import { notFound } from '../../../lib/route-errors';
import { type SlotPage, getSlotPage } from './get-slot-page';
import { loadShelvesStrings } from './home-strings';

export interface ShelfLoaderData {
  page: SlotPage;
}

/** Slot slugs as the server accepts them; anything else is a page that does not exist. */
const SLOT_SLUG = /^[a-z0-9_-]{1,64}$/;

/** `shelves/:slug`: the shelf's first page and the strings its page shows; Not Found for an unknown shelf. */
export function createShelfLoader(i18n: Pick<I18nStore, 'loadNamespace'>) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<ShelfLoaderData> => {
    const slug = params.slug ?? '';
    if (!SLOT_SLUG.test(slug)) notFound();
    const [page] = await Promise.all([
      getSlotPage(slug, null, { signal: request.signal }),
      loadShelvesStrings(i18n),
      loadBrowseStrings(i18n),
    ]);
    if (!page) notFound();
    return { page };
  };
}

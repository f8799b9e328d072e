import { THUMBNAIL_FIELDS } from './thumbnail-url';

/**
 * The first screen's data in the page (decision 046). For a signed-in member's home page and shop the
 * server runs the queries below itself, with the member's rights, and writes their answers into the page
 * beside the boot data, in a script element of this id; the web app's loaders take an answer from there
 * once instead of asking the API, a round trip a phone on a slow network waits for before the page's
 * largest picture is even named.
 */
export const FIRST_DATA_ELEMENT_ID = 'first-data';

/**
 * The home page's featured title (issue 14, item 12): what its hero shows and what its Play button
 * queues. The web app's `getFeatured` sends the same text when the page holds no answer.
 */
export const HOME_FEATURED_QUERY = `
  query HomeFeatured {
    content {
      featured {
        reason
        media {
          id mediaType title slug description duration releaseYear releaseDate ${THUMBNAIL_FIELDS}
          artists { title } authors { title } chapters { playbackKey duration }
        }
        progress { progress finished }
      }
    }
  }
`;

/** A product as the shop's shelves, categories and cart show it (issue 17). */
export const SHOP_PRODUCT_FIELDS =
  'id slug name description categorySlug images currency price memberPrice isMemberPriceApplied stock inStock';

/** The marketplace's home (issue 17): the categories, each with its products (the catalogue's first 60). */
export const MARKETPLACE_HOME_QUERY = `
  query MarketplaceHome {
    ecommerce { listCategories { id slug name productCount } products(limit: 60) { ${SHOP_PRODUCT_FIELDS} } }
  }
`;

/** A query's operation name (`query HomeFeatured { … }` gives `HomeFeatured`), its answer's key. */
export function operationName(query: string): string | null {
  return /^\s*query\s+(\w+)/.exec(query)?.[1] ?? null;
}

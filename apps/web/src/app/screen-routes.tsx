import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import {
  ACCOUNT_PATH,
  BROWSE_GENRE_PATH,
  BROWSE_PATH,
  BROWSE_TAB_PATH,
  CHANGE_ADDRESS_PATH,
  ORDER_PATH,
  CHECKOUT_PATH,
  COLLECTION_PATH,
  FAQ_PATH,
  FORGOT_EMAIL_PATH,
  FORGOT_PASSWORD_PATH,
  SIGNUP_PATH,
  GIVEAWAYS_PATH,
  GIVEAWAY_PATH,
  GREEN_PATH,
  HISTORY_PATH,
  IMPACTS_PATH,
  IMPACT_PATH,
  LIVE_PATH,
  MARKETPLACE_CATEGORY_PATH,
  MARKETPLACE_PATH,
  MARKETPLACE_PRODUCT_PATH,
  MEDIA_DETAILS_PATH,
  NOT_FOUND_PATH,
  NO_BRAND_PATH,
  PLAYLISTS_PATH,
  RESET_PASSWORD_PATH,
  SEARCH_PATH,
  SEARCH_TYPE_PATH,
  SHELF_PATH,
  SHIPPABLE_PATH,
  SHIPPABLE_PRODUCT_PATH,
  SUPPORT_PATH,
  VPN_PATH,
} from '../config/paths';
import type * as BrowseLoaderModule from '../features/browse/api/browse-loaders';
import type { OfferedMediaTypes } from '../features/browse/api/browse-loaders';
import { lazyRoute } from '../lib/chunk-load';
import type { AppDeps } from './deps';

/** The routes that `screenRoutes` adds, by the id of the route they go under (see app/router.tsx). */
export interface ScreenRoutes {
  /** Screens inside the main layout, beside the home page (under route id `pages`). */
  pages: RouteObject[];
  /** Screens outside it, beside `/login` (under route id `root`), the not-found page last. */
  top: RouteObject[];
}

/**
 * Every screen of spec section 2 except the first pages (`/` and `/login`, in app/router.tsx). This
 * module is a chunk of its own that the router fetches the first time it meets a path outside the first
 * pages (`patchRoutesOnNavigation`), so the eager chunk carries neither these routes nor their chunks'
 * file names. Every screen is a lazy route module (its code loads with the route, under the chunk
 * timeout); loaders that decide whether a URL exists load in parallel with their screen.
 */
export function screenRoutes(deps: AppDeps, offeredMediaTypes: OfferedMediaTypes): ScreenRoutes {
  /** A browse screen and the loader (from browse-loaders) that checks its URL, fetched together. */
  const browseRoute = (
    page: () => Promise<{ Component: ComponentType }>,
    loader: (loaders: typeof BrowseLoaderModule) => LoaderFunction,
  ) =>
    lazyRoute(
      () => Promise.all([page(), import('../features/browse/api/browse-loaders')]),
      ([module, loaders]) => ({ Component: module.Component, loader: loader(loaders) }),
    );

  const pages: RouteObject[] = [
    {
      path: BROWSE_PATH,
      lazy: browseRoute(
        () => import('../features/browse/components/browse-page'),
        (loaders) => loaders.createBrowseLoader(offeredMediaTypes, deps),
      ),
    },
    {
      path: BROWSE_GENRE_PATH,
      lazy: browseRoute(
        () => import('../features/browse/components/genre-page'),
        (loaders) => loaders.createGenreLoader(offeredMediaTypes, deps),
      ),
    },
    {
      path: MEDIA_DETAILS_PATH,
      lazy: browseRoute(
        () => import('../features/browse/components/media-details-page'),
        (loaders) => loaders.createMediaDetailsLoader(offeredMediaTypes, deps),
      ),
    },
    {
      path: LIVE_PATH,
      lazy: browseRoute(
        () => import('../features/browse/components/live-page'),
        (loaders) => loaders.createLiveLoader(offeredMediaTypes, deps),
      ),
    },
    {
      path: BROWSE_TAB_PATH,
      lazy: browseRoute(
        () => import('../features/browse/components/browse-tab-page'),
        (loaders) => loaders.createBrowseTabLoader(offeredMediaTypes, deps),
      ),
    },
    {
      path: SEARCH_PATH,
      lazy: lazyRoute(() => import('../features/search/components/search-page')),
    },
    {
      path: SHELF_PATH,
      lazy: lazyRoute(
        () =>
          Promise.all([
            import('../features/home/components/shelf-page'),
            import('../features/home/api/shelf-loader'),
          ]),
        ([page, api]) => ({ Component: page.Component, loader: api.createShelfLoader(deps.i18n) }),
      ),
    },
    {
      path: SEARCH_TYPE_PATH,
      lazy: lazyRoute(() => import('../features/search/components/search-type-page')),
    },
    {
      path: COLLECTION_PATH,
      lazy: lazyRoute(
        () =>
          Promise.all([
            import('../features/library/components/collection-page'),
            import('../features/library/api/library-loaders'),
          ]),
        ([page, api]) => ({
          Component: page.Component,
          loader: api.createCollectionLoader(deps.session, deps.i18n),
        }),
      ),
    },
    {
      path: PLAYLISTS_PATH,
      lazy: lazyRoute(
        () =>
          Promise.all([
            import('../features/library/components/playlists-page'),
            import('../features/library/api/library-loaders'),
          ]),
        ([page, api]) => ({
          Component: page.Component,
          loader: api.createPlaylistsLoader(deps.session, deps.i18n),
        }),
      ),
    },
    {
      path: HISTORY_PATH,
      lazy: lazyRoute(
        () =>
          Promise.all([
            import('../features/library/components/history-page'),
            import('../features/library/api/library-loaders'),
          ]),
        ([page, api]) => ({
          Component: page.Component,
          loader: api.createHistoryLoader(deps.session, deps.i18n),
        }),
      ),
    },
    {
      path: SHIPPABLE_PATH,
      lazy: lazyRoute(() => import('../features/shop/components/shippable-page')),
    },
    {
      path: SHIPPABLE_PRODUCT_PATH,
      lazy: lazyRoute(() => import('../features/shop/components/shippable-product-page')),
    },
    {
      path: GIVEAWAYS_PATH,
      lazy: lazyRoute(() => import('../features/giveaways/components/giveaways-page')),
    },
    {
      path: GIVEAWAY_PATH,
      lazy: lazyRoute(() => import('../features/giveaways/components/giveaway-page')),
    },
    {
      path: VPN_PATH,
      lazy: lazyRoute(() => import('../features/vpn/components/vpn-page')),
    },
    {
      path: GREEN_PATH,
      lazy: lazyRoute(() => import('../features/green/components/green-page')),
    },
    {
      path: IMPACT_PATH,
      lazy: lazyRoute(() => import('../features/impacts/components/impact-page')),
    },
    {
      path: IMPACTS_PATH,
      lazy: lazyRoute(() => import('../features/impacts/components/impacts-page')),
    },
    {
      path: MARKETPLACE_PATH,
      lazy: lazyRoute(() => import('../features/marketplace/components/marketplace-page')),
    },
    {
      path: MARKETPLACE_CATEGORY_PATH,
      lazy: lazyRoute(() => import('../features/marketplace/components/category-page')),
    },
    {
      path: MARKETPLACE_PRODUCT_PATH,
      lazy: lazyRoute(() => import('../features/marketplace/components/product-page')),
    },
    {
      path: CHECKOUT_PATH,
      lazy: lazyRoute(
        () =>
          Promise.all([
            import('../features/marketplace/components/checkout-page'),
            import('../features/marketplace/api/checkout-loader'),
          ]),
        ([page, api]) => ({ Component: page.Component, loader: api.checkoutLoader }),
      ),
    },
    ...[FAQ_PATH, SUPPORT_PATH].map((path): RouteObject => ({
      path,
      lazy: lazyRoute(() => import('../features/support/components/support-page')),
    })),
    {
      path: CHANGE_ADDRESS_PATH,
      lazy: lazyRoute(
        () =>
          Promise.all([
            import('../features/account/components/change-address-page'),
            import('../features/account/api/change-address-loader'),
          ]),
        ([page, api]) => ({
          Component: page.Component,
          loader: api.createChangeAddressLoader(deps.session, deps.i18n),
        }),
      ),
    },
    {
      path: ORDER_PATH,
      lazy: lazyRoute(
        () =>
          Promise.all([
            import('../features/orders/components/order-page'),
            import('../features/orders/api/order-loader'),
          ]),
        ([page, api]) => ({ Component: page.Component, loader: api.createOrderLoader(deps.i18n) }),
      ),
    },
    {
      path: ACCOUNT_PATH,
      lazy: lazyRoute(
        () => Promise.all([import('./account/account-page'), import('./account/account-loader')]),
        ([page, api]) => ({
          Component: page.Component,
          loader: api.createAccountLoader(deps.session, deps.i18n),
        }),
      ),
    },
  ];

  const top: RouteObject[] = [
    {
      // The reset link's key is checked by the loader, before the form (issue 14 item 9).
      path: RESET_PASSWORD_PATH,
      lazy: lazyRoute(
        () =>
          Promise.all([
            import('../features/auth/components/reset-password-page'),
            import('../features/auth/api/recovery-strings'),
          ]),
        ([module, api]) => ({ Component: module.Component, loader: api.createResetLoader(deps.i18n) }),
      ),
    },
    ...[
      {
        path: FORGOT_PASSWORD_PATH,
        page: () => import('../features/auth/components/forgot-password-page'),
      },
      { path: FORGOT_EMAIL_PATH, page: () => import('../features/auth/components/forgot-email-page') },
    ].map(({ path, page }): RouteObject => ({
      path,
      lazy: lazyRoute(
        () => Promise.all([page(), import('../features/auth/api/recovery-strings')]),
        ([module, api]) => ({ Component: module.Component, loader: api.createRecoveryLoader(deps.i18n) }),
      ),
    })),
    {
      path: SIGNUP_PATH,
      lazy: lazyRoute(
        () =>
          Promise.all([
            import('../features/billing/components/signup-page'),
            import('../features/billing/api/signup-loader'),
          ]),
        ([page, api]) => ({
          Component: page.Component,
          loader: api.createSignupLoader(deps.session, deps.i18n),
        }),
      ),
    },
    {
      path: NO_BRAND_PATH,
      lazy: lazyRoute(() => import('../features/brand/components/brand-error-pages')),
    },
    {
      path: NOT_FOUND_PATH,
      lazy: lazyRoute(() => import('../features/errors/components/not-found-page')),
    },
  ];

  return { pages, top };
}

import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { LOGIN_PATH } from '../config/paths';
import type { OfferedMediaTypes } from '../features/browse/api/browse-loaders';
import { PageErrorBoundary, RootErrorBoundary } from '../features/errors/components/route-error';
import { lazyRoute, withChunkTimeout } from '../lib/chunk-load';
import type { AppDeps } from './deps';
import { createLoginLoader, createMainLoader } from './main-loader';
import { RootLayout, RouteFallback } from './root-layout';
import type { ScreenRoutes } from './screen-routes';

/** The media types the member's menu offers (null without a member), from the menu's cache. */
function offeredMediaTypesOf(deps: AppDeps): OfferedMediaTypes {
  return async () => {
    const member = deps.session.activeMember();
    if (!member) return null;
    const items = await deps.menu.load(deps.session.getSnapshot().brand.id, member.id);
    return items.map((item) => item.type);
  };
}

/**
 * The first pages' routes (spec section 2): `/` in the main layout and `/login`. Every other screen is
 * discovered (`createRouteDiscovery`), so that the eager chunk carries neither their routes nor their
 * chunks' file names. Every screen is a lazy route module (its code loads with the route, under the
 * chunk timeout).
 */
export function createRoutes(deps: AppDeps): RouteObject[] {
  const offeredMediaTypes = offeredMediaTypesOf(deps);
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: RouteFallback,
      children: [
        {
          id: 'main',
          loader: createMainLoader(deps),
          lazy: lazyRoute(() => import('./main-layout')),
          // Errors of a screen show inside the layout, so the header and menu stay usable.
          children: [
            {
              id: 'pages',
              ErrorBoundary: PageErrorBoundary,
              children: [
                {
                  index: true,
                  // Starts the shelves' requests and code without waiting for them: the page shows its
                  // heading at once and the shelves in reserved space as they arrive (home-page.tsx).
                  loader: () => {
                    const home = withChunkTimeout(() => import('../features/home/api/home-loader')).then(
                      (api) => api.loadHome(deps, offeredMediaTypes),
                    );
                    // A failure shows through the page (its error boundary); when the page does not
                    // show (the layout's loader failed or redirected), nothing is left unhandled.
                    home.catch(() => undefined);
                    return { home };
                  },
                  lazy: lazyRoute(() => import('../features/home/components/home-page')),
                },
              ],
            },
          ],
        },
        {
          path: LOGIN_PATH,
          loader: createLoginLoader(deps),
          // The form's action is only needed once the visitor signs in: its code is not part of the
          // page's first paint; the page fetches it once it shows (login-screen.tsx).
          action: async (args) =>
            (await withChunkTimeout(() => import('../features/auth/api/login'))).createLoginAction(deps)(
              args,
            ),
          lazy: lazyRoute(
            () => import('./login-screen'),
            (page) => ({ Component: page.LoginScreen }),
          ),
        },
      ],
    },
  ];
}

/**
 * React Router's lazy route discovery: the first time the router meets a path that the first pages'
 * routes do not match (or match only through a dynamic segment), it fetches app/screen-routes.tsx and
 * adds every other screen under `pages` and `root`. Patching is idempotent (React Router skips routes it
 * already has), so every call patches with its own `patch`: a navigation interrupted while the chunk
 * loaded does not leave the routes out.
 */
export function createRouteDiscovery(deps: AppDeps): PatchRoutesOnNavigationFunction {
  let routes: Promise<ScreenRoutes> | null = null;
  return async ({ patch }) => {
    routes ??= withChunkTimeout(() => import('./screen-routes')).then(
      (module) => module.screenRoutes(deps, offeredMediaTypesOf(deps)),
      (error: unknown) => {
        // Try again on the next navigation rather than keep the failure.
        routes = null;
        throw error;
      },
    );
    const { pages, top } = await routes;
    patch('pages', pages);
    patch('root', top);
  };
}

export function createAppRouter(deps: AppDeps) {
  return createBrowserRouter(createRoutes(deps), { patchRoutesOnNavigation: createRouteDiscovery(deps) });
}

import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { REACT_ROUTER_PRODUCTION_ALIAS } from './react-router-production';

// Rolldown would otherwise split the modules that the entry shares with lazy routes (and with Sentry) into
// many small chunks, each loaded up front; one `app` chunk for the framework and the app shell compresses
// better and saves requests (about 2 KB gzip on `/`). Route screens, the main layout, the boot failure
// screens, Sentry and analytics stay in chunks of their own, loaded only when used. Of the domain package
// only the modules the shell uses at boot (locales, media types, a tag's value, menu, member and boot
// data) join `app`; the rules of screens (zod schemas, time zones, subscription and progress rules...)
// load with them.
// Shared media code (`src/lib/media`, `src/components/media`: play queue, cards, library calls) serves
// lazy screens and the lazily loaded player only: it is one `media` chunk of its own (one file name in the
// preload lists rather than a dozen).
const EAGER_MODULE =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|packages[\\/]domain[\\/]src[\\/](index|locales|media-types|menu|tag-values|member|boot|site-config|environments)\.ts|vite[\\/]preload-helper|src[\\/](lib|components|config|app)[\\/]|src[\\/]features[\\/](errors|menu[\\/]api)[\\/]/;
const IN_MAIN_LAYOUT_CHUNK =
  /src[\\/](app[\\/]main-layout|features[\\/]home[\\/]components[\\/]home-page|lib[\\/](use-disclosure|on-demand))\./;
/** The chunks the page's entry loads statically (the `app` group below and Rolldown's runtime). */
const ENTRY_CHUNK_FILE = /^assets[\\/](app|rolldown-runtime)-[\w-]+\.js$/;
const MEDIA_AND_FIRST_SCREEN =
  /src[\\/](lib|components)[\\/]media[\\/](?!playlist-dialog\.)|src[\\/]lib[\\/]first-data\.|packages[\\/]domain[\\/]src[\\/]first-screen\./;
const PAGE_FRAME = /src[\\/]components[\\/]ui[\\/](page|coming-soon)\./;
// A module the `app` group captures brings its imports with it (Rolldown groups include dependencies):
// the onboarding overlay (loaded on demand by the main layout) would bring the onboarding panel, the
// address form and zod, and the payment components and the address formatting (of lazy screens only)
// the same.
const NOT_IN_APP_CHUNK =
  /src[\\/](app[\\/](main|main-layout|boot-failure|screen-routes|login-screen|onboarding-overlay)|lib[\\/](sentry|analytics|consent|scroll|event-body|rich-text|idle|format|address-format)|components[\\/]ui[\\/](dialog|form-field|postal-address)|features[\\/]errors[\\/]components[\\/]not-found-page)\.|src[\\/](lib|components)[\\/](media|payments)[\\/]/;

// The account page (app/account) composes several features' sections; it and the shared parts of those
// sections load with the account screens, not with the shell.
const ACCOUNT_SCREEN = /src[\\/](app[\\/]account[\\/]|components[\\/]ui[\\/]account-sections\.)/;
// What the onboarding overlay shares with the account page: the address form, its calls, the account
// strings, the onboarding API and stylesheet (the page's badges section uses them).
const ONBOARDING_SHARED =
  /src[\\/]features[\\/](account[\\/](api[\\/](addresses|account-strings)|components[\\/](address-form|countries))|onboarding[\\/](api[\\/])?onboarding)\./;
// The loading and failure states of sections and screens, which the account page, the shops and the
// catalogue's loaders share.
const SCREEN_STATE = /src[\\/](components[\\/]ui[\\/]section-state|lib[\\/](use-loaded|route-errors))\./;

const MARKETPLACE = /src[\\/]features[\\/]marketplace[\\/]/;
const MARKETPLACE_CHECKOUT =
  /src[\\/]features[\\/]marketplace[\\/](components[\\/](checkout-|information-step|shipping-payment-steps|confirmation-step)|api[\\/]checkout-loader)/;

const SHARED_FORMS =
  /src[\\/](components[\\/]ui[\\/](form-field|postal-address)\.|lib[\\/]address-format\.|(components|lib)[\\/]payments[\\/])|packages[\\/]domain[\\/]src[\\/](address|text-bounds|account-security|payment-return|card-input)\.|node_modules[\\/]zod[\\/]/;

const FEATURE_OF_MODULE = /src[\\/]features[\\/]([\w-]+)[\\/]/;
const FEATURES_WITH_FINE_CHUNKS = new Set(['auth', 'player', 'home', 'errors', 'menu']);

function featureChunkName(id: string): string | null {
  const feature = FEATURE_OF_MODULE.exec(id)?.[1];
  return feature && !FEATURES_WITH_FINE_CHUNKS.has(feature) ? feature : null;
}

function isEagerModule(id: string): boolean {
  return (
    EAGER_MODULE.test(id) &&
    !NOT_IN_APP_CHUNK.test(id) &&
    !IN_MAIN_LAYOUT_CHUNK.test(id) &&
    !PAGE_FRAME.test(id) &&
    !ACCOUNT_SCREEN.test(id) &&
    !SCREEN_STATE.test(id)
  );
}

// The dev server forwards the API, payment, subscription, media and brand asset paths to the Fastify
// server. The Host header is kept (changeOrigin: false) because the server picks the brand from it, so that
// http://<slug>.localhost:5173 shows the same brand as http://<slug>.localhost:3000.
const API_SERVER = 'http://localhost:3000';
const PROXIED_PATHS = [
  '/membergraphapi',
  '/paymentflow',
  '/subscriptionflow',
  '/media',
  '/static',
  '/healthz',
];

export default defineConfig(({ command }) => ({
  // The .br/.gz copies the server sends (spa.ts, preCompressed) are written after the build by
  // scripts/compress-dist.mjs (npm run build), which also covers the files copied from public/.
  plugins: [react()],
  resolve: {
    // React Router's production build for the build (react-router-production.ts).
    alias: command === 'build' ? [REACT_ROUTER_PRODUCTION_ALIAS] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json lets bench/ and the report tell which chunks each route loads.
    manifest: true,
    // Every browser the product supports has <link rel="modulepreload">; the polyfill would cost ~0.4 KB.
    modulePreload: {
      polyfill: false,
      // Every lazy import's preload list named the entry's own chunks (the framework and shell, Rolldown's
      // runtime), which are always in by the time anything loads lazily: left out, each chunk's list is two
      // file names shorter, and those names' hashes do not compress. The page's own list (index.html) keeps
      // them: there they are fetched beside the entry.
      resolveDependencies: (_filename, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !ENTRY_CHUNK_FILE.test(dep)) : deps,
    },
    rolldownOptions: {
      // Inline constants across modules (the route path table, for one) instead of keeping them as variables.
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
      output: {
        codeSplitting: {
          groups: [
            // Only what the entry imports statically (`$initial`): a shell module that only lazy screens use
            // (the cart count, the member-token readers) loads with them, not before the first paint.
            { name: 'app', test: isEagerModule, tags: ['$initial'] },
            // The cookie choice and the analytics loader that waits for it: one small chunk, so the boot
            // code's import of the loader names one file (the home notice and the account share it).
            { name: 'consent', test: /src[\\/]lib[\\/](consent|analytics)\./ },
            // The frame of every member screen, and home, the usual landing page, with it rather than as a
            // second chunk: the layout, the home page, and the shell modules that only the
            // member screens use (the page frame, the menu's disclosure hook, the on-demand loader of the
            // player host). Before the feature groups,
            // which would otherwise take those shell modules in with the first screen that imports them.
            // The rest of features/home (search field, shelves, cookie notice, its API) loads after it.
            { name: 'main-layout', test: IN_MAIN_LAYOUT_CHUNK },
            // The header cart and its count, which the main layout loads for brands with the marketplace
            // and the shops' screens import to publish the count: before the `marketplace` group, so that
            // the header does not load the shop's screens with it.
            {
              name: 'header-cart',
              test: /src[\\/](features[\\/]marketplace[\\/]components[\\/]header-cart|lib[\\/]cart-count)\./,
            },
            // The page frame of the other member screens (the home page draws its own heading).
            { name: 'page', test: PAGE_FRAME },
            // Except the add-to-playlist dialog, a chunk of its own loaded when a member goes for it. With it,
            // the reader of the first screen's answers in the page and their queries (decision 046), which
            // the home page and the shop share: in the shop's group, the home page would load the shop.
            { name: 'media', test: MEDIA_AND_FIRST_SCREEN },
            // The shelves' strings, which the home page loads and the account page's cookie settings too:
            // the `account-page` group below would take them in with the cookie settings, and the home page
            // would then load that whole chunk (zod, payments, addresses: 40 kB) to show its shelves.
            { name: 'shelves-strings', test: /src[\\/]features[\\/]home[\\/]api[\\/]home-strings\./ },
            // What the sign-in screen shares with the member menu and the account page (the language picker,
            // event helpers, member-token readers): the `account-page` group would otherwise take them in,
            // and `/login` would load that chunk.
            {
              name: 'sign-in',
              test: /src[\\/](components[\\/]ui[\\/]language-select|lib[\\/](events|member-claims))\./,
            },
            // The member token's refresh, which boot loads for members close to expiry: in the `member`
            // group it would bring the member menu's panel and the main layout into the entry's preload list.
            { name: 'refresh-token', test: /src[\\/]features[\\/]member[\\/]api[\\/]refresh-token\./ },
            // The sections' loading and failure states: the shops and the catalogue use them too, and would
            // otherwise load the whole account page with them.
            { name: 'screen-state', test: SCREEN_STATE },
            // The dialog (the add-to-playlist dialog, notices, giveaways and impacts use it) and the form
            // parts that the account page shares with the giveaways, the shop's checkout and the sign-in
            // help pages (fields, addresses, cards, zod and the domain's rules for them): chunks of their
            // own, so that those screens do not load the account page with them.
            { name: 'dialog', test: /src[\\/]components[\\/]ui[\\/]dialog\./ },
            { name: 'forms', test: SHARED_FORMS },
            // Before `account-page`, which would otherwise take them in: the overlay, which the main
            // layout loads for the members who have steps left, would then load the whole account page
            // (and, through the order address page beside the address form, the shop's chunk) with it.
            { name: 'onboarding-shared', test: ONBOARDING_SHARED },
            { name: 'account-page', test: ACCOUNT_SCREEN },
            // The shop's checkout (addresses, cards, zod through the account chunks) apart from its shelves,
            // categories and products, which then load without the account page's 45 kB.
            {
              name: 'marketplace',
              test: (id) => MARKETPLACE.test(id) && !MARKETPLACE_CHECKOUT.test(id),
            },
            { name: 'marketplace-checkout', test: MARKETPLACE_CHECKOUT },
            // One chunk per screen feature rather than one per module: fewer file names in the preload
            // tables. The sign-in screens (on the `/login` budget) and the player (whose engines load per
            // media type) keep finer chunks.
            { name: featureChunkName, test: /src[\\/]features[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      PROXIED_PATHS.map((path): [string, ProxyOptions] => [
        path,
        { target: API_SERVER, changeOrigin: false },
      ]),
    ),
  },
}));

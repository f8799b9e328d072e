import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// Rolldown would otherwise split the modules that the entry shares with lazy routes (and with Sentry) into
// many small chunks, each loaded up front; one `app` chunk for the framework and the app shell compresses
// better and saves requests (about 2 KB gzip on `/`). Route screens, the main layout, the boot failure
// screens, Sentry and analytics stay in chunks of their own, loaded only when used. Of the domain package
// only the modules the shell uses at boot (locales, media types, tags, menu, member and boot data) join
// `app`; the rules of screens (zod schemas, time zones, subscription and progress rules...) load with them.
// Shared media code (`src/lib/media`, `src/components/media`: play queue, cards, library calls) serves
// lazy screens and the lazily loaded player only: it is one `media` chunk of its own (one file name in the
// preload lists rather than a dozen).
const EAGER_MODULE =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|packages[\\/]domain[\\/]src[\\/](index|locales|media-types|menu|tags|member|boot|site-config|environments)\.ts|vite[\\/]preload-helper|src[\\/](lib|components|config|app)[\\/]|src[\\/]features[\\/](errors|menu[\\/]api)[\\/]/;
const NOT_IN_APP_CHUNK =
  /src[\\/](app[\\/](main|main-layout|boot-failure)|lib[\\/](sentry|analytics|event-body))\.|src[\\/](lib|components)[\\/]media[\\/]/;

const FEATURE_OF_MODULE = /src[\\/]features[\\/]([\w-]+)[\\/]/;
const FEATURES_WITH_FINE_CHUNKS = new Set(['auth', 'player', 'home', 'errors', 'menu']);

function featureChunkName(id: string): string | null {
  const feature = FEATURE_OF_MODULE.exec(id)?.[1];
  return feature && !FEATURES_WITH_FINE_CHUNKS.has(feature) ? feature : null;
}

function isEagerModule(id: string): boolean {
  return EAGER_MODULE.test(id) && !NOT_IN_APP_CHUNK.test(id);
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

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json lets bench/ and the report tell which chunks each route loads.
    manifest: true,
    // Every browser the product supports has <link rel="modulepreload">; the polyfill would cost ~0.4 KB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Inline constants across modules (the route path table, for one) instead of keeping them as variables.
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', test: isEagerModule },
            { name: 'media', test: /src[\\/](lib|components)[\\/]media[\\/]/ },
            // One chunk per screen feature rather than one per module: every lazy chunk's file name sits in
            // the eager preload table, so fewer chunks keep the first page small. The sign-in screens (on
            // the `/login` budget) and the player (whose engines load per media type) keep finer chunks.
            { name: featureChunkName, test: /src[\\/]features[\\/]/ },
            // Home is the usual landing page: ship its page with the main layout rather than as a second
            // chunk. The rest of features/home (shelves, splash, cookie notice, its API) loads lazily.
            {
              name: 'main-layout',
              test: /src[\\/](app[\\/]main-layout|features[\\/]home[\\/]components[\\/]home-page\.)/,
            },
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
});

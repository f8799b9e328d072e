import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// Rolldown would otherwise split the modules that the entry shares with lazy routes (and with Sentry) into
// many small chunks, each loaded up front; one `app` chunk for the framework and the app shell compresses
// better and saves requests (about 2 KB gzip on `/`). Route screens, the main layout, the boot failure
// screens, Sentry and analytics stay in chunks of their own, loaded only when used. The profile schema
// (domain/profile.ts, with zod) and the time zone list are for the account screen only: not in `app`.
// Shared media code (`src/lib/media`, `src/components/media`: play queue, cards, library calls) serves
// lazy screens and the lazily loaded player only, so Rolldown gives it chunks shared between them.
const EAGER_MODULE =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|packages[\\/]domain[\\/](?!src[\\/](profile|timezones)\.ts)|vite[\\/]preload-helper|src[\\/](lib|components|config|app)[\\/]|src[\\/]features[\\/](errors|menu[\\/]api)[\\/]/;
const NOT_IN_APP_CHUNK =
  /src[\\/](app[\\/](main|main-layout|boot-failure)|lib[\\/](sentry|analytics|event-body))\.|src[\\/](lib|components)[\\/]media[\\/]/;

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
            // Home is the usual landing page: ship it with the main layout rather than as a second chunk.
            { name: 'main-layout', test: /src[\\/](app[\\/]main-layout|features[\\/]home[\\/])/ },
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

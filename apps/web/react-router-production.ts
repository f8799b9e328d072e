import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * React Router's package exports only its development build (remix-run/react-router#12532, #14102): the
 * production build beside it differs in one constant, ENABLE_DEV_WARNINGS, false there, which leaves out
 * the developer warnings (0.6 kB gzip of the entry chunk). The web app's build resolves `react-router` to
 * it (vite.config.ts), and so does the bundle benchmark's bare app, so that its ratio compares like with
 * like. The dev server and the unit tests keep the warnings.
 */
export const REACT_ROUTER_PRODUCTION_ALIAS = {
  find: /^react-router$/,
  replacement: join(
    dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

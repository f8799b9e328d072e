// Bundles the server into dist/main.js. Workspace packages (the TypeScript domain package) are bundled
// in; npm dependencies stay external and load from node_modules (docs/decisions/001).
import { build } from 'esbuild';

await build({
  // The server, the operator's command line (npm run admin), the catalog import command (npm run catalog:import) and the avatar resizer's thread
  // (loaded by URL beside main.js) beside it.
  entryPoints: {
    main: 'src/main.ts',
    'import-catalog': 'src/cli/import-catalog.ts',
    admin: 'src/cli/admin.ts',
    'avatar-worker': 'src/modules/account/avatar-worker.ts',
  },
  // SERVER_OUT_DIR lets parallel work build beside dist (e.g. dist-h1); the folder must sit in apps/server
  // so that node_modules and the repository root resolve the same way.
  outdir: process.env.SERVER_OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@member/domain/profile': '../../packages/domain/src/profile.ts',
    '@member/domain/address': '../../packages/domain/src/address.ts',
    '@member/domain/account-security': '../../packages/domain/src/account-security.ts',
    '@member/domain': '../../packages/domain/src/index.ts',
  },
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

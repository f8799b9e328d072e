// Bundles the server into dist/main.js. Workspace packages (the TypeScript domain package) are bundled
// in; npm dependencies stay external and load from node_modules (docs/decisions/001).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@member/domain/profile': '../../packages/domain/src/profile.ts',
    '@member/domain': '../../packages/domain/src/index.ts',
  },
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

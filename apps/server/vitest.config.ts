import { createRequire } from 'node:module';

import { defineProject } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineProject({
  resolve: {
    // Node resolves `graphql` to its CommonJS build, as mercurius requires it; Vite would pick the ESM
    // build (`module` field) and graphql refuses schema objects from "another realm". Same file as prod.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Integration tests build the app against real databases; scrypt makes sign-in deliberately slow.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

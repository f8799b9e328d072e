// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_FEATURES = 'apps/web/src/features';

const FEATURE_MESSAGE = 'Web features do not import each other: move what they share to components/ or lib/.';

/**
 * Zones by which no web feature imports another. The folders are read here, so a new feature is
 * covered the day it is added.
 */
function webFeatureZones() {
  const features = readdirSync(path.join(import.meta.dirname, WEB_FEATURES), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.map((feature) => ({
    target: `./${WEB_FEATURES}/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `./${WEB_FEATURES}/${other}`),
    message: FEATURE_MESSAGE,
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // Private builds beside dist (SERVER_OUT_DIR, bench builds): see apps/server/build.mjs.
      '**/dist-*/**',
      '**/node_modules/**',
      'coverage/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      // bench/ has its own package.json and dependencies (installed only to run benchmarks) and its own
      // type check (`cd bench && npm install && npm run typecheck`); it is not part of the test suite.
      'bench/**',
      'apps/server/media/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    // import-x needs a resolver of the current interface; without one it throws on some packages (vite).
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // Dependencies point one way (docs/ARCHITECTURE.md, decision 022): the domain package imports no
      // app; server layers go resolvers|routes -> services -> repositories -> db; web shared code
      // never imports a feature and features never import each other. Paths are from this folder,
      // whatever folder ESLint runs in.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ['./apps/server/src/**/*.resolvers.ts', './apps/server/src/**/*.routes.ts'],
              from: './apps/server/src/**/*.repository.ts',
              message: 'Resolvers and routes call services, which call repositories.',
            },
            {
              target: './apps/server/src/**/*.repository.ts',
              from: './apps/server/src/**/*.service.ts',
              message: 'Repositories hold queries; services call them, never the other way.',
            },
            ...webFeatureZones(),
            { target: './packages/domain', from: './apps' },
            { target: './apps/server', from: './apps/web' },
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server/src/db', from: './apps/server/src/modules' },
            { target: './apps/web/src/components', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            { target: './apps/web/src/components', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: './apps/web/src/app' },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: {
      // Tests assert on values they know are present; `!` after a find keeps them short.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by Vitest itself.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  prettier,
);

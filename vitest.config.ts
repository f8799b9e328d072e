import { defineConfig } from 'vitest/config';

// One run covers every workspace: unit tests (domain, web in jsdom) and server integration tests
// against real databases (SQLite always, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Integration tests build the app against real databases; scrypt makes sign-in deliberately slow.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

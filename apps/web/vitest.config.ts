import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Room for the 5 s waits of src/test/setup.ts on a busy CI machine.
    testTimeout: 15_000,
  },
});

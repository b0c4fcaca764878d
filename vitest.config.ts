import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/jest/**', 'node_modules/**'],
    // A long poll that is never advanced would hang; fail fast instead.
    testTimeout: 10_000,
  },
});

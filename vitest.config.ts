import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/perf/**', 'node_modules/**'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

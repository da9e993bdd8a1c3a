import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/perf/**', 'node_modules/**'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
    globalSetup: ['./tests/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Issue 4: line coverage of the framework-free core is enforced in `npm test`.
    coverage: {
      provider: 'v8',
      include: ['widget/core/**/*.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 90 },
    },
  },
});

import { defineConfig } from 'vitest/config';
import { phonePlans } from './scripts/phone-plans.js';

export default defineConfig({
  // The phone rules' plans are modules made at build time (scripts/phone-plans.ts), here as in vite.config.ts.
  plugins: [phonePlans()],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/perf/**', 'node_modules/**'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
    globalSetup: ['./tests/support/global-setup.ts'],
    // Most test time is waiting (timers scaled by the mock, a browser drawing, sockets), not CPU:
    // three files at once on two cores takes `npm test` from about 460 s to about 210 s here.
    // Tests with time budgets compare against a baseline measured beside them, not a constant.
    maxWorkers: 3,
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

import { defineConfig } from 'vitest/config';
import { phonePlans } from './scripts/phone-plans.js';
import LongestFirst from './tests/support/longest-first.js';
import { TEST_MS } from './tests/support/patience.js';

/**
 * Three projects, told apart by what their tests need before they can run, so a test waits only
 * for what it uses: `npx vitest run tests/unit/core/store.test.ts` builds nothing and starts no
 * browser. `npm test` runs all three side by side in one pool of workers.
 * - node: the code under test imported in-process (unit, contract, integration, the core's
 *   hardening); nothing built.
 * - cli: the `mock-chat` bin and the `chat-widget/contract` package as users run them, from
 *   build/ (compiled once per run: tests/support/setup-node-build.ts).
 * - browser: the built widget in real Chromium (built and started once per run:
 *   tests/support/setup-browser.ts).
 */
const BROWSER = ['tests/e2e/**/*.test.ts', 'tests/hardening/browser/**/*.test.ts'];
const CLI = ['tests/cli/**/*.test.ts', 'tests/hardening/mock-server/**/*.test.ts'];

export default defineConfig({
  // The phone rules' plans are modules made at build time (scripts/phone-plans.ts), here as in vite.config.ts.
  plugins: [phonePlans()],
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // Longest file first across all projects (vitest's own order runs the projects in name order).
    sequence: { sequencer: LongestFirst },
    // Most test time is waiting (timers scaled by the mock, a browser drawing, sockets), not CPU:
    // three files at once on two cores takes `npm test` from about 460 s to about 210 s here.
    maxWorkers: 3,
    // Hang detectors, sized for a busy machine (tests/support/patience.ts); never a judgement of speed.
    testTimeout: TEST_MS,
    hookTimeout: TEST_MS,
    // Line coverage of the framework-free core is enforced in `npm test`.
    coverage: {
      provider: 'v8',
      include: ['widget/core/**/*.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 90 },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: [...BROWSER, ...CLI, 'tests/perf/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: { name: 'cli', include: CLI, globalSetup: ['./tests/support/setup-node-build.ts'] },
      },
      {
        extends: true,
        test: { name: 'browser', include: BROWSER, globalSetup: ['./tests/support/setup-browser.ts'] },
      },
    ],
  },
});

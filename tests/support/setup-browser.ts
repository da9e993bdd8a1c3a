/**
 * Once per run of the `browser` project (vitest.config.ts), before its files:
 * - builds the widget from this working tree into a folder of its own under .tmp/ (about a
 *   second), which every browser test, budget and bundle check of the run reads (never a stale
 *   dist/widget/);
 * - starts one system Chromium as a browser server; each test file connects to it (about
 *   50 ms instead of a launch) and opens contexts of its own, so files share the process but
 *   nothing else.
 * Both are handed to the test files with `provide` (read with `inject`, see run-resources.ts)
 * and removed when the run ends.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildWidget } from '../e2e/build-widget.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const widget = await buildWidget();
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('widgetRoot', widget.dir);
  project.provide('browserWSEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
    widget.remove();
  };
}

/**
 * Once per `npm test`, before any test file:
 * - compiles the Node side (contract library, mock-server, cli) into build/, so every test that
 *   runs the real `mock-chat` bin runs this working tree's code (incremental: about 2 s);
 * - builds the widget from this working tree into a folder of its own under .tmp/ (about a
 *   second), which every browser test, budget and bundle check of the run reads (never a stale
 *   dist/widget/);
 * - starts one system Chromium as a browser server; each test file connects to it (about
 *   50 ms instead of a launch) and opens contexts of its own, so files share the process but
 *   nothing else.
 * Both are handed to the test files with `provide` (read with `inject`, see run-resources.ts)
 * and removed when the run ends.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildWidget } from '../e2e/build-widget.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = path.join(import.meta.dirname, '../..');
  execFileSync(process.execPath, [path.join(root, 'scripts/build-node.mjs')], { cwd: root, stdio: 'inherit' });
  const widget = await buildWidget();
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('widgetRoot', widget.dir);
  project.provide('browserWSEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
    widget.remove();
  };
}

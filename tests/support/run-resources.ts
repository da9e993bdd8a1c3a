/**
 * What the browser tests of a run share (tests/support/setup-browser.ts): the widget built once
 * from this working tree, and one Chromium every test file connects to. Outside a vitest run
 * (the benchmarks, run with tsx) there is no run to share: the caller builds and launches its own.
 */
import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { type BuiltWidget, buildWidget } from '../e2e/build-widget.js';

declare module 'vitest' {
  export interface ProvidedContext {
    widgetRoot: string;
    browserWSEndpoint: string;
  }
}

export interface RunResources {
  widgetRoot: string;
  browserWSEndpoint: string;
}

/** The run's shared widget build and browser, or null outside a vitest run. */
export function runResources(): RunResources | null {
  try {
    const widgetRoot = inject('widgetRoot');
    const browserWSEndpoint = inject('browserWSEndpoint');
    return widgetRoot && browserWSEndpoint ? { widgetRoot, browserWSEndpoint } : null;
  } catch {
    return null;
  }
}

/** A connection to the run's Chromium; closing it leaves the browser to the other files. */
export function connectToRunBrowser(resources: RunResources): Promise<Browser> {
  return chromium.connect(resources.browserWSEndpoint);
}

/** The run's widget build (not removed by the caller), or, outside a run, a fresh one of its own. */
export async function widgetBuild(): Promise<BuiltWidget> {
  const shared = runResources();
  return shared === null ? buildWidget() : { dir: shared.widgetRoot, remove: () => {} };
}

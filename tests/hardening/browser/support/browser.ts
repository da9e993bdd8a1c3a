/**
 * Small harness for the hardening browser tests (XSS, CSP, hostile host page) and the
 * browser benchmarks: the widget built from this working tree (tests/e2e/build-widget.ts),
 * the system Chromium, and one mock contact centre per page with options the e2e harness
 * does not expose (a scenario object, a page root, page headers such as a CSP).
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type MockServer, type MockServerOptions, startMockServer } from '../../../../mock-server/index.js';
import { launchWithWidget } from '../../../e2e/harness.js';
import { WAIT_MS } from '../../../support/patience.js';

export const PAGES_ROOT = path.join(import.meta.dirname, '../pages');

export interface Chromium {
  browser: Browser;
  widgetRoot: string;
  close(): Promise<void>;
}

/** Builds the widget into .tmp/ and launches the system Chromium (the e2e harness's launch). */
export async function launchChromium(extraArgs: string[] = []): Promise<Chromium> {
  const { browser, widgetRoot } = await launchWithWidget(extraArgs);
  return {
    browser,
    widgetRoot,
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}

/**
 * One Chromium for the calling test file, closed after its tests (as the e2e harness's
 * browserPerFile). Call it at the top of a file; the returned function opens a page.
 */
export function chromiumPerFile(): (options: OpenOptions) => Promise<Opened> {
  let launched: Chromium | undefined;
  beforeAll(async () => {
    launched = await launchChromium();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return (options) => {
    if (launched === undefined) throw new Error('chromiumPerFile: open pages inside tests, after the browser launched');
    return openPage(launched, options);
  };
}

export interface OpenOptions extends Omit<MockServerOptions, 'widgetRoot' | 'port' | 'host'> {
  /** Path and query of the page, default '/'. */
  path?: string;
  viewport?: { width: number; height: number };
  /** Scripts run in the page before any of its own (page.addInitScript). */
  initScripts?: string[];
  /** Do not navigate yet (the caller wants to attach listeners first). */
  noGoto?: boolean;
}

export interface Opened {
  server: MockServer;
  context: BrowserContext;
  page: Page;
  url: string;
  /** Console errors and uncaught page errors. */
  errors: string[];
  close(): Promise<void>;
}

export async function openPage(chromium: Chromium, options: OpenOptions): Promise<Opened> {
  const { path: pagePath, viewport, initScripts, noGoto, ...serverOptions } = options;
  const server = await startMockServer({
    speed: 10,
    // The widget's own frames are held to the strict contract in its tests.
    profile: 'strict',
    ...serverOptions,
    port: 0,
    host: '127.0.0.1',
    widgetRoot: chromium.widgetRoot,
  });
  const context = await chromium.browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 } });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  for (const script of initScripts ?? []) await page.addInitScript({ content: script });
  const url = `${server.url}${pagePath ?? '/'}`;
  if (!noGoto) await page.goto(url);
  return {
    server,
    context,
    page,
    url,
    errors,
    async close() {
      await context.close().catch(() => undefined);
      await server.close();
    },
  };
}

/** The widget's shadow root host, as the embed creates it. */
export const HOST_SELECTOR = '#chat-widget-host';

/** The floating button inside the shadow root. */
export function fab(page: Page) {
  return page.locator('.cw-fab');
}

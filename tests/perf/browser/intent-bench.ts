/**
 * Issue 14, nothing heavy before intent, on the demo page (happy-path: chat available) in real
 * Chromium, served by mock-chat as a CDN serves it (compressed, cacheable):
 * - bytes before intent: the widget's own responses (its files and its availability call),
 *   their encoded (gzip: the context asks for gzip only) body sizes from Resource Timing, once
 *   the button shows, the network is idle and 4 s have passed, nobody touching the page;
 * - bytes after open: the same after a pointer over the button, a click and the dialog's
 *   first field interactive (everything the chat needs to open: issue 24 budgets it), and
 *   after the visitor has filled the pre-chat form as a visitor does, when the form has
 *   fetched its country's phone and postal code rules and enabled its button;
 * - click to dialog interactive with prefetch (pointer over the button, its chat loaded, then
 *   the click) and without (a plain click: the chat loads because of it), median of 3 loads
 *   each, each on a new origin (a first visit).
 */
import type { Page } from 'playwright-core';
import { type Chromium, openPage } from '../../hardening/browser/support/browser.js';
import { clickToInteractive } from './host-cost-bench.js';
import { median } from './page-tools.js';

export interface IntentFigures {
  beforeIntentBytes: number;
  beforeIntentFiles: string[];
  afterOpenBytes: number;
  afterOpenRequests: number;
  afterOpenFiles: string[];
  /** After the pre-chat form is filled and valid: what the form's rules added, and the total. */
  afterFormBytes: number;
  afterFormFiles: string[];
  clickWithPrefetchMs: number[];
  clickWithoutPrefetchMs: number[];
  clickWithPrefetchMedianMs: number;
  clickWithoutPrefetchMedianMs: number;
}

const OWN = /\/widget\/|\/conversation\/check-availability-v2$/;
/** tsx (esbuild keepNames) wraps named functions in page.evaluate callbacks with __name(). */
const NAME_SHIM = `if (!('__name' in window)) Object.defineProperty(window, '__name', { value: (f) => f, enumerable: false });`;

async function widgetResponses(page: Page): Promise<{ name: string; bytes: number }[]> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name,
      bytes: (entry as PerformanceResourceTiming).encodedBodySize,
    })),
  );
  return entries.filter((entry) => OWN.test(new URL(entry.name).pathname));
}

const described = (entry: { name: string; bytes: number }) =>
  `${new URL(entry.name).pathname} ${(entry.bytes / 1024).toFixed(2)} KiB`;

async function opened(chromium: Chromium) {
  const page = await openPage(chromium, { scenario: 'happy-path', speed: 10, noGoto: true, initScripts: [NAME_SHIM] });
  await page.context.setExtraHTTPHeaders({ 'Accept-Encoding': 'gzip' });
  await page.page.goto(page.url);
  await page.page.locator('.cw-fab').waitFor();
  return page;
}

export async function intentBench(chromium: Chromium, runs = 3, log: (line: string) => void = () => {}) {
  const first = await opened(chromium);
  let beforeIntentBytes = 0;
  let beforeIntentFiles: string[] = [];
  let afterOpenBytes = 0;
  let afterOpenRequests = 0;
  let afterOpenFiles: string[] = [];
  let afterFormBytes = 0;
  let afterFormFiles: string[] = [];
  try {
    const { page } = first;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(4000);
    const before = await widgetResponses(page);
    beforeIntentBytes = before.reduce((sum, entry) => sum + entry.bytes, 0);
    beforeIntentFiles = before.map(described);
    log(`  before intent: ${beforeIntentFiles.join(', ')}`);
    await page.locator('.cw-fab').hover();
    await page.locator('.cw-fab').click();
    const dialog = page.getByRole('dialog', { name: 'Question Center' });
    await dialog.getByLabel('First Name').waitFor();
    const after = await widgetResponses(page);
    afterOpenBytes = after.reduce((sum, entry) => sum + entry.bytes, 0);
    afterOpenRequests = after.length;
    afterOpenFiles = after.map(described);
    log(`  after open: ${afterOpenFiles.join(', ')}`);
    // A visitor filling the form: its country's rules come in with the first phone or postal edit.
    await dialog.getByLabel('First Name').fill('Ada');
    await dialog.getByLabel('Email Address').fill('ada@example.com');
    await dialog.getByLabel('Phone Number').fill('2025550143');
    await dialog.getByLabel('Postal Code').fill('94105');
    // The button is enabled once the form is valid, which needs the rules in.
    await dialog.getByRole('button', { name: 'Start chat', disabled: false }).waitFor();
    const filled = await widgetResponses(page);
    afterFormBytes = filled.reduce((sum, entry) => sum + entry.bytes, 0);
    afterFormFiles = filled.filter((entry) => !after.some((seen) => seen.name === entry.name)).map(described);
    log(`  the form's rules: ${afterFormFiles.join(', ')}`);
  } finally {
    await first.close();
  }

  const withPrefetch: number[] = [];
  const withoutPrefetch: number[] = [];
  for (let i = 0; i < runs; i++) {
    const hovered = await opened(chromium);
    try {
      await hovered.page.locator('.cw-fab').hover();
      await hovered.page.locator('.cw-root > div').waitFor({ state: 'attached' });
      await hovered.page.waitForTimeout(500);
      withPrefetch.push(await clickToInteractive(hovered.page));
    } finally {
      await hovered.close();
    }
    const plain = await opened(chromium);
    try {
      await plain.page.waitForTimeout(500);
      withoutPrefetch.push(await clickToInteractive(plain.page));
    } finally {
      await plain.close();
    }
    log(
      `  click to dialog, load ${i + 1}: ${withPrefetch.at(-1)?.toFixed(0)} ms prefetched, ${withoutPrefetch.at(-1)?.toFixed(0)} ms not`,
    );
  }
  const figures: IntentFigures = {
    beforeIntentBytes,
    beforeIntentFiles,
    afterOpenBytes,
    afterOpenRequests,
    afterOpenFiles,
    afterFormBytes,
    afterFormFiles,
    clickWithPrefetchMs: withPrefetch,
    clickWithoutPrefetchMs: withoutPrefetch,
    clickWithPrefetchMedianMs: median(withPrefetch),
    clickWithoutPrefetchMedianMs: median(withoutPrefetch),
  };
  return figures;
}

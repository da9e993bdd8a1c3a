/**
 * Nothing heavy before intent, on the demo page in real Chromium against mock-chat (which
 * serves the widget compressed and cacheable, as a CDN does):
 * - with chat available and no visitor action, the page requests embed.js and the start chunk
 *   only: no React, no phone rules, no core, no views, and at most 10 KiB gzip in all (the
 *   widget's files and its availability call);
 * - pointer over the button loads the chat, so a click opens the real dialog at once;
 * - a click before the chat is in shows the skeleton dialog at once, which the real one replaces;
 * - a resumed chat loads at once, without any action.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_READS,
  availabilityRead,
  browserPerFile,
  chatButton,
  type Demo,
  dialog,
  eventually,
  fillPreChatForm,
} from './harness.js';

const demo = browserPerFile();
const KIB = 1024;
const HEAVY = /\/widget\/chunks\/(react|phone[\w-]*|chat|mount)-[\w-]{8}\.js$/;

interface Loaded {
  name: string;
  encodedBodySize: number;
}

function loaded(page: Page): Promise<Loaded[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({ name: entry.name, encodedBodySize: (entry as PerformanceResourceTiming).encodedBodySize })),
  );
}

/** The widget's own requests: its files and its REST calls. */
const widgetOwn = (url: string) => /\/widget\/|\/conversation\/check-availability-v2$/.test(new URL(url).pathname);

const AFTER_IDLE = '/?after-idle';

/**
 * Every URL the page requested, nobody touching it, until the point after which the start
 * chunk does nothing more unasked: the button drawn, the availability answer acted on (the
 * moment a prefetch would be scheduled), then the page's next idle moment (when an
 * `options.prefetch: 'idle'` widget starts fetching the chat: idle callbacks run in the order
 * they were asked for). A request the page makes in that idle callback closes the list: Playwright
 * reports a page's requests in the order it made them, so every earlier one is in. Nothing here
 * waits a fixed time; the prefetch control below shows the point is late enough.
 */
async function requestedUntilIdle({ page, requests }: Demo): Promise<string[]> {
  await chatButton(page).waitFor();
  await availabilityRead(page);
  const closing = page.waitForRequest((request) => request.url().endsWith(AFTER_IDLE));
  await page.evaluate(
    (url) =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => {
          void fetch(url);
          resolve();
        }),
      ),
    AFTER_IDLE,
  );
  await closing;
  return requests.slice(
    0,
    requests.findIndex((url) => url.endsWith(AFTER_IDLE)),
  );
}

describe('nothing heavy before intent', () => {
  it('no action until the page is idle: no React, phone rules, core or views; at most 10 KiB gzip (and with prefetch idle, the chat)', async () => {
    const quiet = await demo({
      scenario: 'happy-path',
      headers: { 'Accept-Encoding': 'gzip' },
      initScripts: [AVAILABILITY_READS],
    });
    const requested = (await requestedUntilIdle(quiet)).filter(widgetOwn);
    expect(requested.filter((url) => HEAVY.test(url))).toEqual([]);
    expect(requested.some((url) => /\/widget\/chunks\/start-/.test(url))).toBe(true);
    // Every request the widget made has finished, so the bytes count all of them.
    const entries = (await loaded(quiet.page)).filter((entry) => widgetOwn(entry.name));
    expect(new Set(entries.map((entry) => entry.name))).toEqual(new Set(requested));
    const bytes = entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0);
    console.log(`before intent: ${entries.length} requests, ${(bytes / KIB).toFixed(2)} KiB gzip (budget 10 KiB)`);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(10 * KIB);

    // The control: at the same point, options.prefetch 'idle' has begun to fetch the chat, unasked.
    const idle = await demo({
      scenario: 'happy-path',
      query: { 'opt.prefetch': 'idle' },
      initScripts: [AVAILABILITY_READS],
    });
    expect((await requestedUntilIdle(idle)).some((url) => HEAVY.test(url))).toBe(true);
    const names = await eventually(
      async () => idle.requests,
      (list) => list.some((url) => /\/chunks\/react-/.test(url)) && list.some((url) => /\/chunks\/mount-/.test(url)),
    );
    expect(names.some((url) => /\/chunks\/mount-/.test(url))).toBe(true);
  });

  it('pointer over the button loads the chat; the click then opens the real dialog, with no skeleton', async () => {
    const { page, errors } = await demo({ scenario: 'happy-path' });
    const button = chatButton(page);
    await button.hover();
    // Handed over: the views' container sits beside the button in the widget's root.
    await page.locator('.cw-root > div').waitFor({ state: 'attached' });
    expect((await loaded(page)).some((entry) => HEAVY.test(entry.name))).toBe(true);
    await page.evaluate(() => {
      const root = document.getElementById('chat-widget-host')?.shadowRoot?.querySelector('.cw-root');
      const seen = { skeleton: false };
      Object.defineProperty(window, '__seen', { value: seen });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if ((node as Element).classList?.contains('cw-skeleton')) seen.skeleton = true;
      }).observe(root as Node, { childList: true });
    });
    await button.click();
    await dialog(page).getByLabel('First Name').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __seen: { skeleton: boolean } }).__seen.skeleton)).toBe(
      false,
    );
    expect(errors).toEqual([]);
  });

  it('a click before the chat is in shows the skeleton at once; Escape closes it; the real dialog replaces it', async () => {
    const { page } = await demo({ scenario: 'happy-path' });
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/widget\/chunks\/react-[\w-]{8}\.js$/, (route) => {
      held.push(() => route.continue());
    });
    const button = chatButton(page);
    await button.click();
    const skeleton = page.getByRole('dialog', { name: 'Question Center' });
    await skeleton.getByText('Loading…').waitFor();
    expect(await skeleton.getAttribute('aria-modal')).toBe('true');
    expect(
      await page.evaluate(() =>
        document.getElementById('chat-widget-host')?.shadowRoot?.activeElement?.getAttribute('role'),
      ),
    ).toBe('dialog');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await skeleton.waitFor({ state: 'detached' });
    expect(
      await page.evaluate(() => document.getElementById('chat-widget-host')?.shadowRoot?.activeElement?.className),
    ).toContain('cw-fab');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    await button.click();
    await skeleton.getByText('Loading…').waitFor();
    await eventually(
      async () => held.length,
      (count) => count > 0,
    );
    for (const release of held.splice(0)) await release();
    await fillPreChatForm(page);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await page.locator('.cw-skeleton').count()).toBe(0);
    await dialog(page).getByRole('button', { name: 'Close chat' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`the skeleton has the real dialog's box, so the hand-over does not jump (${viewport.width}×${viewport.height})`, async () => {
      const { page } = await demo({ scenario: 'happy-path', viewport });
      const held: (() => Promise<void>)[] = [];
      await page.route(/\/widget\/chunks\/react-[\w-]{8}\.js$/, (route) => {
        held.push(() => route.continue());
      });
      await chatButton(page).click();
      await page.locator('.cw-skeleton').getByText('Loading…').waitFor();
      const skeletonBox = await page.locator('.cw-skeleton').boundingBox();
      await eventually(
        async () => held.length,
        (count) => count > 0,
      );
      for (const release of held.splice(0)) await release();
      await page.locator('.cw-dialog').waitFor();
      expect(await page.locator('.cw-skeleton').count()).toBe(0);
      expect(await page.locator('.cw-dialog').boundingBox()).toEqual(skeletonBox);
    });
  }

  it('a resumed chat loads the chat at once, with no action', async () => {
    const { page } = await demo({ scenario: 'happy-path' });
    await chatButton(page).click();
    await fillPreChatForm(page);
    await dialog(page).getByRole('button', { name: 'Start chat' }).click();
    await page.getByText('An agent has joined the chat').first().waitFor();
    await page.reload();
    await page.getByText('Transferring chat session from previous page or tab.').waitFor();
    await dialog(page).getByRole('textbox', { name: 'Type message' }).waitFor();
    expect((await loaded(page)).some((entry) => /\/chunks\/react-/.test(entry.name))).toBe(true);
  });
});

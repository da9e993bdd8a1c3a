/**
 * Issue 24, a constant cost per message, in real Chromium on the demo page (env LONG_CHAT_FLOODS,
 * default 3, sets the floods): a chat of 20,000
 * agent messages (the widget's own socket handed the frames, as render-bench does), then a
 * flood of 50,000 on a fresh page.
 * - at 20,000: the widget's DOM nodes (every node of its shadow root, text included) and
 *   elements, the JS heap after GC, appending one message vs appending the 18th (medians of
 *   10, each timed alone from the hand-over to laid out), and re-opening the minimised chat
 *   (click on the button to the newest message drawn and laid out; median of REOPENS);
 * - the flood: 50,000 messages handed over FLOOD_BATCH per task as fast as the page takes
 *   them; the longest gap between animation frames in the FLOOD_AFTER_MS after the last one
 *   (and the median while it lasts, context), the heap after GC, and the visitor typing a
 *   message and seeing it drawn; FLOODS times on fresh pages, the longest frames' median
 *   budgeted (as render-bench's resume: one stall of a shared machine is not the widget's).
 */
import type { CDPSession, Page } from 'playwright-core';
import { type Chromium, openPage } from '../../hardening/browser/support/browser.js';
import { median, SOCKET_TAP, startChat } from './page-tools.js';
import { deliver, quiet } from './render-bench.js';

export const LONG_CHAT = 20_000;
export const FLOOD = 50_000;
/**
 * The stated ceiling of the page's JS heap after GC with a chat at the transcript cap (5,000
 * messages kept, about 7 MB measured): a chat can never hold more, whatever its length.
 */
export const LONG_CHAT_HEAP_CEILING = 20 * 1024 * 1024;
const FLOOD_BATCH = 100;
const FLOOD_AFTER_MS = 2_000;
const REOPENS = 5;
/** Scrolls to the top of what is drawn, each drawing older messages: the reading window at its fullest. */
const READ_UP = 10;
/** Floods on fresh pages: the longest frame after each is budgeted as their median (one stall of a shared machine is noise). */
const FLOODS = Number(process.env.LONG_CHAT_FLOODS ?? 3);

export interface LongChatFigures {
  domNodes: number;
  domElements: number;
  /** The most nodes while the visitor scrolls up through READ_UP screens of older messages. */
  domNodesReading: number;
  heapBytes: number;
  /** Medians of 10: appends 13 to 22, and the last 10 of the 20,000. */
  appendEarlyMs: number;
  appendLateMs: number;
  reopenMs: number;
  reopenRuns: number[];
  flood: {
    /** From the first frame handed over to the last. */
    handOverMs: number;
    /** Median gap between animation frames while the flood was handed over (context). */
    medianFrameDuringMs: number;
    /** Longest gap between animation frames in the FLOOD_AFTER_MS after the last frame: median of the floods, and each. */
    longestFrameAfterMs: number;
    longestFrameAfterRuns: number[];
    /** Gaps over 50 ms after the end, in all floods. */
    framesOver50: number;
    framesAfter: number;
    /** From the last frame handed over to the newest message drawn. */
    caughtUpMs: number;
    heapBytes: number;
    domNodes: number;
    /** A message typed after the flood: Enter to it drawn as the newest (NaN: never). */
    typedMs: number;
  };
}

async function countNodes(page: Page): Promise<{ nodes: number; elements: number }> {
  return page.evaluate(() => {
    const root = document.getElementById('chat-widget-host')?.shadowRoot;
    if (!root) return { nodes: 0, elements: 0 };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
    let nodes = 0;
    while (walker.nextNode()) nodes++;
    return { nodes, elements: root.querySelectorAll('*').length };
  });
}

/** Minimise, then time the click on the button to the newest message drawn and laid out. */
async function reopen(page: Page, newest: number): Promise<number> {
  await page.getByRole('button', { name: 'Minimize chat' }).click();
  await page.locator('.cw-fab').waitFor({ state: 'visible' });
  return page.evaluate(
    (n) =>
      new Promise<number>((resolve, reject) => {
        const root = document.getElementById('chat-widget-host')?.shadowRoot;
        const fab = root?.querySelector<HTMLElement>('.cw-fab');
        if (!root || !fab) throw new Error('no button');
        const timer = setTimeout(
          () => reject(new Error('the re-opened chat did not draw its newest message in 30 s')),
          30_000,
        );
        let t0 = 0;
        const check = () => {
          const last = [...root.querySelectorAll('.cw-dialog .cw-msg')].at(-1);
          if (!last?.textContent?.includes(`number ${n}:`)) return false;
          void root.querySelector('.cw-log')?.scrollHeight;
          clearTimeout(timer);
          observer.disconnect();
          resolve(performance.now() - t0);
          return true;
        };
        const observer = new MutationObserver(check);
        observer.observe(root, { childList: true, subtree: true });
        t0 = performance.now();
        fab.click();
        check();
      }),
    newest,
  );
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

async function longChat(chromium: Chromium, log: (line: string) => void) {
  const measured = new Set<number>();
  for (let n = 13; n <= 22; n++) measured.add(n);
  for (let n = LONG_CHAT - 9; n <= LONG_CHAT; n++) measured.add(n);
  const opened = await openPage(chromium, { scenario: quiet(0), speed: 10, initScripts: [SOCKET_TAP] });
  try {
    const { page } = opened;
    await startChat(page, /Hello from Sam/);
    const cdp = await opened.context.newCDPSession(page);
    const costs: Record<number, number> = {};
    for (let k = 0; k < LONG_CHAT / 1000; k++) {
      Object.assign(costs, await deliver(page, k * 1000 + 1, (k + 1) * 1000, measured));
      if ((k + 1) % 5 === 0) log(`  ${(k + 1) * 1000} messages delivered`);
    }
    const { nodes, elements } = await countNodes(page);
    const heapBytes = await heapAfterGc(cdp);
    log(`  ${LONG_CHAT} messages: ${nodes} nodes (${elements} elements), heap ${(heapBytes / 1048576).toFixed(1)} MB`);
    // The visitor scrolls up: the reading window fills (at most four blocks) beside the newest.
    let domNodesReading = nodes;
    for (let i = 0; i < READ_UP; i++) {
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            const log = document.getElementById('chat-widget-host')?.shadowRoot?.querySelector('.cw-log');
            if (log) log.scrollTop = 0;
            requestAnimationFrame(() => requestAnimationFrame(resolve));
          }),
      );
      domNodesReading = Math.max(domNodesReading, (await countNodes(page)).nodes);
    }
    log(`  scrolled up ${READ_UP} times: at most ${domNodesReading} nodes`);
    await page.evaluate(() => {
      const log = document.getElementById('chat-widget-host')?.shadowRoot?.querySelector('.cw-log');
      if (log) log.scrollTop = log.scrollHeight;
    });
    const reopenRuns: number[] = [];
    for (let i = 0; i < REOPENS; i++) reopenRuns.push(await reopen(page, LONG_CHAT));
    log(`  re-open: ${reopenRuns.map((v) => v.toFixed(1)).join(', ')} ms`);
    await cdp.detach();
    const pick = (from: number, to: number) =>
      median(Object.entries(costs).flatMap(([n, ms]) => (Number(n) >= from && Number(n) <= to ? [ms] : [])));
    return {
      domNodes: nodes,
      domElements: elements,
      domNodesReading,
      heapBytes,
      appendEarlyMs: pick(13, 22),
      appendLateMs: pick(LONG_CHAT - 9, LONG_CHAT),
      reopenMs: median(reopenRuns),
      reopenRuns,
    };
  } finally {
    await opened.close();
  }
}

type FloodRun = Omit<LongChatFigures['flood'], 'longestFrameAfterRuns'>;

async function flood(chromium: Chromium, log: (line: string) => void): Promise<FloodRun> {
  const opened = await openPage(chromium, { scenario: quiet(0), speed: 10, initScripts: [SOCKET_TAP] });
  try {
    const { page } = opened;
    await startChat(page, /Hello from Sam/);
    const cdp = await opened.context.newCDPSession(page);
    const timing = await page.evaluate(
      ({ count, batch, afterMs }) =>
        new Promise<{
          handOverMs: number;
          medianFrameDuringMs: number;
          longestFrameAfterMs: number;
          framesOver50: number;
          framesAfter: number;
          caughtUpMs: number;
        }>((resolve, reject) => {
          const w = window as unknown as { __deliver(texts: string[]): void };
          const root = document.getElementById('chat-widget-host')?.shadowRoot;
          if (!root) throw new Error('no widget');
          const base = Date.now();
          const frame = (n: number) =>
            JSON.stringify({
              apiVersion: '1.0',
              type: 'notification',
              body: {
                method: 'newMessage',
                displayName: 'Sam',
                timestamp: base + n,
                senderType: 'live_agent',
                type: 'text',
                message: `Agent message number ${n}: the range is 350 miles and charging takes 30 minutes.`,
              },
            });
          const frames: number[] = [];
          let stopAt = Number.POSITIVE_INFINITY;
          let endedAt = Number.NaN;
          let caughtUpAt = Number.NaN;
          const onFrame = (now: number) => {
            frames.push(now);
            if (Number.isNaN(caughtUpAt) && !Number.isNaN(endedAt)) {
              const last = [...root.querySelectorAll('.cw-msg')].at(-1);
              if (last?.textContent?.includes(`number ${count}:`)) caughtUpAt = now;
            }
            if (now < stopAt) requestAnimationFrame(onFrame);
            else finish();
          };
          const startedAt = performance.now();
          requestAnimationFrame(onFrame);
          const timer = setTimeout(() => reject(new Error('flood: no end in 10 minutes')), 600_000);
          const channel = new MessageChannel();
          let next = 1;
          channel.port1.onmessage = () => {
            const texts: string[] = [];
            for (let i = 0; i < batch && next <= count; i++, next++) texts.push(frame(next));
            w.__deliver(texts);
            if (next <= count) {
              channel.port2.postMessage(null);
              return;
            }
            channel.port1.close();
            endedAt = performance.now();
            stopAt = endedAt + afterMs;
          };
          channel.port2.postMessage(null);
          const gaps = (from: number, to: number) => {
            const inside = frames.filter((t) => t >= from && t <= to);
            const out: number[] = [];
            for (let i = 1; i < inside.length; i++) out.push((inside[i] as number) - (inside[i - 1] as number));
            // The first frame after `from` may be the one the last task held up: its gap counts too.
            const before = frames.filter((t) => t < from).at(-1);
            if (before !== undefined && inside[0] !== undefined && from !== startedAt) out.unshift(inside[0] - before);
            return out;
          };
          const finish = () => {
            clearTimeout(timer);
            const during = gaps(startedAt, endedAt).sort((a, b) => a - b);
            const after = gaps(endedAt, stopAt);
            resolve({
              handOverMs: endedAt - startedAt,
              medianFrameDuringMs: during[Math.floor(during.length / 2)] ?? Number.NaN,
              longestFrameAfterMs: after.length ? Math.max(...after) : Number.NaN,
              framesOver50: after.filter((gap) => gap >= 50).length,
              framesAfter: after.length,
              caughtUpMs: caughtUpAt - endedAt,
            });
          };
        }),
      { count: FLOOD, batch: FLOOD_BATCH, afterMs: FLOOD_AFTER_MS },
    );
    log(
      `  flood of ${FLOOD}: handed over in ${timing.handOverMs.toFixed(0)} ms, caught up ${timing.caughtUpMs.toFixed(0)} ms after; longest frame after ${timing.longestFrameAfterMs.toFixed(1)} ms (${timing.framesAfter} frames)`,
    );
    const heapBytes = await heapAfterGc(cdp);
    const { nodes } = await countNodes(page);
    await cdp.detach();
    // The visitor can still type: a message sent with Enter is drawn as the newest.
    const composer = page.getByRole('textbox', { name: 'Type message' });
    await composer.fill('Still here after the flood');
    const typedMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const root = document.getElementById('chat-widget-host')?.shadowRoot;
          const input = root?.querySelector<HTMLTextAreaElement>('textarea');
          if (!root || !input) {
            resolve(Number.NaN);
            return;
          }
          const timer = setTimeout(() => resolve(Number.NaN), 10_000);
          const t0 = performance.now();
          const observer = new MutationObserver(() => {
            const last = [...root.querySelectorAll('.cw-msg')].at(-1);
            if (!last?.textContent?.includes('Still here after the flood')) return;
            observer.disconnect();
            clearTimeout(timer);
            resolve(performance.now() - t0);
          });
          observer.observe(root, { childList: true, subtree: true, characterData: true });
          input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
        }),
    );
    return { ...timing, heapBytes, domNodes: nodes, typedMs };
  } finally {
    await opened.close();
  }
}

export async function longChatBench(
  chromium: Chromium,
  log: (line: string) => void = () => {},
): Promise<LongChatFigures> {
  const long = await longChat(chromium, log);
  const runs: FloodRun[] = [];
  for (let i = 0; i < FLOODS; i++) runs.push(await flood(chromium, log));
  const longest = runs.map((run) => run.longestFrameAfterMs);
  const mid = runs.find((run) => run.longestFrameAfterMs === median(longest)) ?? (runs[0] as FloodRun);
  return {
    ...long,
    flood: {
      ...mid,
      longestFrameAfterMs: median(longest),
      longestFrameAfterRuns: longest,
      framesOver50: runs.reduce((sum, run) => sum + run.framesOver50, 0),
      heapBytes: Math.max(...runs.map((run) => run.heapBytes)),
      typedMs: Math.max(...runs.map((run) => run.typedMs)),
    },
  };
}

/** `npm run bench:long-chat`: this benchmark alone, its figures as JSON. */
if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const { launchChromium } = await import('../../hardening/browser/support/browser.js');
  const chromium = await launchChromium();
  try {
    console.log(JSON.stringify(await longChatBench(chromium, console.log), null, 2));
  } finally {
    await chromium.close();
  }
}

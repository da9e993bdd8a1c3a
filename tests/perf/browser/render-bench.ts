/**
 * Issue 6 item 2, render scaling, in real Chromium on the demo page with the built widget.
 *
 * Append cost and memory: a chat starts against the mock (agent Sam greets, then the
 * scenario sends nothing more); then 5,000 agent newMessage frames are handed to the
 * widget's own WebSocket (SOCKET_TAP), through the same validation, core and React path as
 * frames from a server. The cost of appending message n is measured in the page: from
 * dispatching the frame until the message is in the DOM and layout is done (a macrotask
 * after the dispatch, a posted message rather than setTimeout, whose nested-timer clamp
 * would add 4 ms, which follows React's synchronous store update; then a forced layout).
 * "The 10th" is the median of messages 6 to 15, "the 1,000th" the median of 996 to 1,005
 * (medians damp the neighbours' noise). Between samples frames arrive 25 per task.
 * Memory: JS heap after a full GC (CDP HeapProfiler.collectGarbage, Runtime.getHeapUsage) at
 * 1,000 and every 1,000 messages to 5,000; flat means the heap per added message does not
 * grow (last 1,000 vs second 1,000) and stays small.
 *
 * Resume: a second chat where the mock's agent sends 2,000 messages; then the page reloads,
 * the widget renews with the full transcript and the mock replays 2,000 newMessage frames.
 * Measured in the page from the first replayed frame's arrival to the first animation
 * frame in which all 2,000 are in the DOM (with layout forced there).
 */
import type { Page } from 'playwright-core';
import { type Chromium, openPage } from '../../hardening/browser/support/browser.js';
import { agentMessage, median, SOCKET_TAP, startChat } from './page-tools.js';

export interface RenderFigures {
  append10thMs: number;
  append1000thMs: number;
  append5000thMs: number;
  heapAt1000: number;
  heapAt5000: number;
  heapPerMessageEarly: number;
  heapPerMessageLate: number;
  heapSeries: { messages: number; bytes: number; domNodes: number }[];
  resume2000Ms: number;
  /** First to last replayed frame's arrival (the server's and the socket's share). */
  resumeArrivalMs: number;
  resumeRendered: number;
}

const quiet = (sayCount: number) => ({
  name: sayCount ? 'bench-resume' : 'bench-quiet',
  story: 'Sam joins and greets; the benchmark supplies the rest.',
  availability: { success: true, metrics: { EWT: '30', ResourceStaffedCount: '3' }, maxAttempts: 1 },
  agents: { sam: { id: 'agent-7', name: 'Sam', role: 'active_participant', senderType: 'live_agent' } },
  conversation: [
    { expect: 'requestChat' },
    { send: 'requestChat', body: { intrinsics: { name: '{{customerName}}' } } },
    { join: 'sam' },
    { say: { agent: 'sam', text: 'Hello from Sam, ready for the benchmark.' } },
    ...Array.from({ length: sayCount }, (_, i) => ({
      say: { agent: 'sam', text: `Transcript line ${i + 1}: the range is 350 miles and charging takes 30 minutes.` },
    })),
  ],
});

/** Hands frames first..last to the socket; measures each one in `measured` alone. */
async function deliver(
  page: Page,
  first: number,
  last: number,
  measured: Set<number>,
): Promise<Record<number, number>> {
  const frames: [number, string][] = [];
  const base = Date.now();
  for (let n = first; n <= last; n++) frames.push([n, agentMessage(n, base + n)]);
  return page.evaluate(
    async ({ frames, measured }) => {
      const w = window as unknown as { __deliver(texts: string[]): void };
      const root = document.getElementById('chat-widget-host')?.shadowRoot;
      const log = root?.querySelector('.cw-log');
      if (!root || !log) throw new Error('no message list');
      // A macrotask without setTimeout's 4 ms clamp on nested timers: a posted message.
      const channel = new MessageChannel();
      const tick = () =>
        new Promise((resolve) => {
          channel.port1.onmessage = resolve;
          channel.port2.postMessage(null);
        });
      // The widget redraws at most once per animation frame; after two frames the batch is drawn
      // and the next change is drawn at once, so the measured append is timed alone.
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const costs: Record<number, number> = {};
      let batch: string[] = [];
      for (const [n, text] of frames) {
        if (measured.includes(n)) {
          if (batch.length) w.__deliver(batch);
          batch = [];
          await tick();
          await frame();
          await frame();
          const before = root.querySelectorAll('.cw-msg').length;
          const t0 = performance.now();
          w.__deliver([text]);
          await tick();
          void log.scrollHeight;
          costs[n] = performance.now() - t0;
          if (root.querySelectorAll('.cw-msg').length !== before + 1) throw new Error(`message ${n} not rendered`);
          continue;
        }
        batch.push(text);
        if (batch.length === 25) {
          w.__deliver(batch);
          batch = [];
          await tick();
        }
      }
      if (batch.length) w.__deliver(batch);
      await tick();
      return costs;
    },
    { frames, measured: [...measured] },
  );
}

export async function renderBench(chromium: Chromium, log: (line: string) => void = () => {}): Promise<RenderFigures> {
  const measured = new Set<number>();
  for (let n = 6; n <= 15; n++) measured.add(n);
  for (let n = 996; n <= 1005; n++) measured.add(n);
  for (let n = 4991; n <= 5000; n++) measured.add(n);

  const opened = await openPage(chromium, { scenario: quiet(0), speed: 10, initScripts: [SOCKET_TAP] });
  const heapSeries: RenderFigures['heapSeries'] = [];
  const costs: Record<number, number> = {};
  try {
    const { page } = opened;
    await startChat(page, /Hello from Sam/);
    const cdp = await opened.context.newCDPSession(page);
    const heap = async (messages: number) => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const domNodes = await page.evaluate(
        () => document.getElementById('chat-widget-host')?.shadowRoot?.querySelectorAll('*').length ?? 0,
      );
      heapSeries.push({ messages, bytes: usedSize, domNodes });
      log(`  ${messages} messages: heap ${(usedSize / 1024 / 1024).toFixed(1)} MB, ${domNodes} widget elements`);
    };
    for (let k = 0; k < 5; k++) {
      Object.assign(costs, await deliver(page, k * 1000 + 1, (k + 1) * 1000, measured));
      await heap((k + 1) * 1000);
    }
    await cdp.detach();
  } finally {
    await opened.close();
  }
  const pick = (from: number, to: number) =>
    median(Object.entries(costs).flatMap(([n, ms]) => (Number(n) >= from && Number(n) <= to ? [ms] : [])));
  const bytesAt = (m: number) => heapSeries.find((h) => h.messages === m)?.bytes ?? Number.NaN;

  // Resume a 2,000-message transcript after a refresh.
  const resume = await openPage(chromium, {
    scenario: quiet(2000),
    speed: 10,
    transcriptLimit: 5000,
    initScripts: [SOCKET_TAP],
  });
  let resume2000Ms = Number.NaN;
  let resumeRendered = 0;
  let resumeArrivalMs = Number.NaN;
  try {
    const { page } = resume;
    await startChat(page, /Hello from Sam/);
    await page.getByText(/Transcript line 2000:/).waitFor({ timeout: 60_000 });
    await page.addInitScript(`
      (() => {
        const wanted = 2000;
        window.__resume = { rendered: 0, ms: NaN };
        const loop = () => {
          const root = document.getElementById('chat-widget-host')?.shadowRoot;
          const sockets = window.__sockets || [];
          const ws = sockets[sockets.length - 1];
          const count = root ? root.querySelectorAll('.cw-msg--agent').length : 0;
          if (ws && ws.__firstNewMessageAt && count >= wanted) {
            void root.querySelector('.cw-log')?.scrollHeight;
            window.__resume = { rendered: count, ms: performance.now() - ws.__firstNewMessageAt, arrivalMs: ws.__lastNewMessageAt - ws.__firstNewMessageAt };
            return;
          }
          window.__resume.rendered = count;
          requestAnimationFrame(loop);
        };
        requestAnimationFrame(loop);
      })();
    `);
    await page.reload();
    const result = await page
      .waitForFunction(
        () => {
          const r = (window as unknown as { __resume?: { rendered: number; ms: number } }).__resume;
          return r && !Number.isNaN(r.ms) ? r : null;
        },
        undefined,
        { timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<{ rendered: number; ms: number; arrivalMs: number }>)
      .catch(async () => {
        const r = await page.evaluate(() => (window as unknown as { __resume: { rendered: number } }).__resume);
        throw new Error(`resume: only ${r.rendered} agent messages rendered after 30 s`);
      });
    resume2000Ms = result.ms;
    resumeArrivalMs = result.arrivalMs;
    resumeRendered = result.rendered;
  } finally {
    await resume.close();
  }

  return {
    append10thMs: pick(6, 15),
    append1000thMs: pick(996, 1005),
    append5000thMs: pick(4991, 5000),
    heapAt1000: bytesAt(1000),
    heapAt5000: bytesAt(5000),
    heapPerMessageEarly: (bytesAt(2000) - bytesAt(1000)) / 1000,
    heapPerMessageLate: (bytesAt(5000) - bytesAt(4000)) / 1000,
    heapSeries,
    resume2000Ms,
    resumeArrivalMs,
    resumeRendered,
  };
}

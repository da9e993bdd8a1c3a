/**
 * Issue 6 item 1, host-page cost, in real Chromium on the demo page (happy-path).
 *
 * - Long tasks during load: PerformanceObservers for 'longtask' and 'long-animation-frame'
 *   are installed before any page script (addInitScript, buffered); the page loads and is
 *   watched until 2 s after the chat button shows (availability answered; the chat itself
 *   loads on intent only, so the slowed-CPU load below hovers the button to load it).
 *   The budgeted figure is the long-task time caused by the widget: the time its own scripts
 *   (/widget/embed.js and its chunks, with the style and layout they force) ran inside long
 *   animation frames, as the browser attributes it (LoAF script entries, those of 5 ms or
 *   more). The mean over the loads is budgeted; the worst load is printed (one load can
 *   stall on a shared machine). Every long task of the page, the host's
 *   included, is printed beside it, with and without the widget (/widget/embed.js answered
 *   with an empty module, loaded alternately): on this shared 2-core machine the plain page
 *   alone has long tasks of 50-70 ms in some loads (its first layout, context creation).
 *   Each load is a new context on a new mock server (a new origin: no HTTP or code cache),
 *   so every measured load is a first visit; one warm-up pair is discarded.
 * - CLS: the sum of 'layout-shift' entries (without recent input) over the same window, with
 *   the widget: the button must not move anything.
 * - Click to interactive: once the button shows and the pointer has been over it (the chat
 *   loads on that intent, issue 14), the time in the page from clicking it to
 *   the dialog being interactive: its first text field present and focusable, one frame
 *   rendered, and the main thread free again (a posted message delivered). The first open
 *   (cold: the form's code runs for the first time) is the budgeted figure; the median of
 *   later opens is shown beside it.
 */
import { type Chromium, openPage } from '../../hardening/browser/support/browser.js';
import { median } from './page-tools.js';

export interface HostCostFigures {
  runs: number;
  /** Every long task of the page, whoever caused it, per load with the widget and without. */
  longTaskMsWith: number[];
  longTaskMsWithout: number[];
  /** Per load: the widget's scripts' time inside long animation frames. */
  widgetLongTaskMsPerLoad: number[];
  /** The mean of those. */
  widgetLongTaskMs: number;
  /** The longest single widget script in a long frame, over all loads. */
  worstWidgetScript: { duration: number; invoker: string } | null;
  /** One load on a CPU slowed slowCpu times (CDP throttling), for context. */
  widgetLongTaskMsSlowCpu: number;
  slowCpu: number;
  cls: number;
  clickToInteractiveColdMs: number;
  clickToInteractiveWarmMs: number;
}

const OBSERVERS = `
(() => {
  const out = { longTasks: [], shifts: [], supported: PerformanceObserver.supportedEntryTypes };
  Object.defineProperty(window, '__perf', { value: out, enumerable: false });
  if (!('__name' in window)) Object.defineProperty(window, '__name', { value: (f) => f, enumerable: false });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) out.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) out.shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
  out.frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      out.frames.push({
        duration: e.duration,
        scripts: e.scripts.map((s) => ({ url: s.sourceURL, duration: s.duration, invoker: s.invoker })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
})();
`;

type PerfOut = {
  longTasks: { start: number; duration: number }[];
  shifts: number[];
  supported: string[];
  frames: { duration: number; scripts: { url: string; duration: number; invoker: string }[] }[];
};

/** CDP CPU throttling of the slow-device load. */
const SLOW_CPU = 4;

/** The widget's scripts: the loader and every chunk beside it. */
const isWidgetScript = (url: string) => new URL(url, 'http://x/').pathname.startsWith('/widget/');

export interface LoadFigures {
  /** Every long task of the page, whoever caused it. */
  longTaskMs: number;
  /** Time the widget's own scripts ran inside long animation frames (LoAF attribution). */
  widgetMs: number;
  /** The longest of those widget scripts, and what invoked it. */
  worstWidgetScript: { duration: number; invoker: string } | null;
  cls: number;
  /** On the slowed load: the control script (120 ms of known URL) was attributed in a long frame. */
  controlAttributed: boolean;
}

/** The slowed load's control: a script the page did not have, holding the main thread 120 ms. */
const CONTROL_SCRIPT = '/__bench/long-frame-control.js';

async function loadOnce(chromium: Chromium, withWidget: boolean, cpuSlowdown = 1): Promise<LoadFigures> {
  const opened = await openPage(chromium, {
    scenario: 'happy-path',
    speed: 10,
    initScripts: [OBSERVERS],
    noGoto: true,
  });
  try {
    const { page } = opened;
    if (cpuSlowdown !== 1) {
      const cdp = await opened.context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    if (!withWidget) {
      await page.route('**/widget/embed.js', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export {};' }),
      );
    }
    await page.goto(opened.url);
    if (withWidget) await page.locator('.cw-fab').waitFor();
    else await page.waitForLoadState('load');
    // On the slowed CPU the visitor reaches for the button: the chat (React, the views) loads in
    // its steps, and its evaluation must be attributed to the widget.
    if (withWidget && cpuSlowdown !== 1) {
      await page.locator('.cw-fab').hover();
      await page.locator('.cw-root > div').waitFor({ state: 'attached', timeout: 30_000 });
    }
    await page.waitForTimeout(2000);
    // The control that the attribution works: a script of known URL that holds the main thread
    // 120 ms must be named in a long frame. (The widget's own evaluation no longer makes one on
    // every slowed load, so it cannot be the proof.)
    if (cpuSlowdown !== 1) {
      await page.route(`**${CONTROL_SCRIPT}`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/javascript',
          body: 'const end = performance.now() + 120; while (performance.now() < end) {}',
        }),
      );
      await page.addScriptTag({ url: CONTROL_SCRIPT });
      await page
        .waitForFunction(
          (control) =>
            (window as unknown as { __perf: PerfOut }).__perf.frames.some((f) =>
              f.scripts.some((script) => script.url.includes(control)),
            ),
          CONTROL_SCRIPT,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
    }
    const perf = await page.evaluate(() => (window as unknown as { __perf: PerfOut }).__perf);
    for (const type of ['longtask', 'layout-shift', 'long-animation-frame']) {
      if (!perf.supported.includes(type)) throw new Error(`this Chromium does not report '${type}' entries`);
    }
    const widgetScripts = perf.frames.flatMap((f) => f.scripts.filter((script) => isWidgetScript(script.url)));
    const worst = widgetScripts.reduce<LoadFigures['worstWidgetScript']>(
      (top, script) => (top && top.duration >= script.duration ? top : script),
      null,
    );
    return {
      controlAttributed: perf.frames.some((f) => f.scripts.some((script) => script.url.includes(CONTROL_SCRIPT))),
      longTaskMs: perf.longTasks.reduce((sum, t) => sum + t.duration, 0),
      widgetMs: widgetScripts.reduce((sum, script) => sum + script.duration, 0),
      worstWidgetScript: worst && { duration: worst.duration, invoker: worst.invoker },
      cls: perf.shifts.reduce((sum, v) => sum + v, 0),
    };
  } finally {
    await opened.close();
  }
}

/** Clicks the button in the page and waits until the dialog is interactive; milliseconds. */
export async function clickToInteractive(page: import('playwright-core').Page): Promise<number> {
  return page.evaluate(async () => {
    const root = document.getElementById('chat-widget-host')?.shadowRoot;
    const button = root?.querySelector<HTMLButtonElement>('.cw-fab');
    if (!root || !button) throw new Error('no chat button');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const idle = () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
    const t0 = performance.now();
    button.click();
    for (;;) {
      const field = root.querySelector<HTMLInputElement>('[role="dialog"] input:not([type="hidden"])');
      if (field && !field.disabled && field.getClientRects().length > 0) {
        field.focus();
        if (root.activeElement === field) break;
      }
      await frame();
    }
    await frame();
    await idle();
    return performance.now() - t0;
  });
}

export async function hostCostBench(chromium: Chromium, runs = 5, log: (line: string) => void = () => {}) {
  const withTimes: number[] = [];
  const withoutTimes: number[] = [];
  const widgetTimes: number[] = [];
  let worstScript: LoadFigures['worstWidgetScript'] = null;
  let cls = 0;
  // One discarded pair first: the first page of a freshly started browser pays the
  // browser's own start-up (its first loads showed 50-155 ms long tasks, with or without the widget).
  await loadOnce(chromium, false);
  await loadOnce(chromium, true);
  for (let i = 0; i < runs; i++) {
    const without = await loadOnce(chromium, false);
    const withW = await loadOnce(chromium, true);
    withoutTimes.push(without.longTaskMs);
    withTimes.push(withW.longTaskMs);
    widgetTimes.push(withW.widgetMs);
    if (withW.worstWidgetScript && withW.worstWidgetScript.duration > (worstScript?.duration ?? -1)) {
      worstScript = withW.worstWidgetScript;
    }
    cls = Math.max(cls, withW.cls);
    log(
      `  load ${i + 1}: widget scripts in long frames ${withW.widgetMs.toFixed(0)} ms; all long tasks ${withW.longTaskMs.toFixed(0)} ms with the widget, ${without.longTaskMs.toFixed(0)} ms without; CLS ${withW.cls}`,
    );
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  // A slower device (the widget's share printed; 0 is a fine answer), and the proof that the
  // attribution sees scripts at all: the control script must be named in a long frame.
  const slow = await loadOnce(chromium, true, SLOW_CPU);
  log(`  load on a ${SLOW_CPU}x slower CPU: widget scripts in long frames ${slow.widgetMs.toFixed(0)} ms`);
  if (!slow.controlAttributed)
    throw new Error('a 120 ms script of known URL was not attributed to a long frame: the LoAF observer is broken');

  const opened = await openPage(chromium, { scenario: 'happy-path', speed: 10, initScripts: [OBSERVERS] });
  let cold = Number.NaN;
  const warm: number[] = [];
  try {
    const { page } = opened;
    await page.locator('.cw-fab').waitFor();
    // Issue 14: the chat loads on intent; a pointer over the button comes before its click.
    await page.locator('.cw-fab').hover();
    await page.locator('.cw-root > div').waitFor({ state: 'attached' });
    await page.waitForTimeout(1000);
    cold = await clickToInteractive(page);
    for (let i = 0; i < 5; i++) {
      await page.getByRole('button', { name: 'Close chat' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.waitForTimeout(700);
      warm.push(await clickToInteractive(page));
    }
  } finally {
    await opened.close();
  }
  const figures: HostCostFigures = {
    runs,
    longTaskMsWith: withTimes,
    longTaskMsWithout: withoutTimes,
    widgetLongTaskMsPerLoad: widgetTimes,
    widgetLongTaskMs: mean(widgetTimes),
    worstWidgetScript: worstScript,
    widgetLongTaskMsSlowCpu: slow.widgetMs,
    slowCpu: SLOW_CPU,
    cls,
    clickToInteractiveColdMs: cold,
    clickToInteractiveWarmMs: median(warm),
  };
  return figures;
}

/**
 * Real-browser harness: one system Chromium per test file, one mock contact centre per test
 * (its own port, its own scenario), the built widget on the demo page, axe-core injected on
 * demand, and a screenshot of each test's key view under test-results/screenshots/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Frame, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type MockServer as MockChatServer, startMockServer } from '../../mock-server/index.js';
import english from '../../widget/ui/i18n/launcher-texts/en.js';
import { LAUNCHER_TEXT_LOADERS } from '../../widget/ui/i18n/launcher-texts.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';
import { WAIT_MS } from '../support/patience.js';
import { connectToRunBrowser, runResources } from '../support/run-resources.js';
import { buildWidget } from './build-widget.js';

const ROOT = join(import.meta.dirname, '../..');
const SCREENSHOTS = join(ROOT, 'test-results/screenshots');
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export { CHROMIUM_ARGS };

/** The widget built from this working tree for this run (see build-widget.ts). */
let widgetRoot: string | undefined;

/** The run's Chromium and widget build (see launchWithWidget), for a file of demo pages. */
export async function launchBrowser(): Promise<Browser> {
  const launched = await launchWithWidget();
  widgetRoot = launched.widgetRoot;
  return launched.browser;
}

/**
 * The widget built from this working tree and the system Chromium. Inside `npm test` both are
 * the run's (tests/support/setup-browser.ts): the browser is a connection to the one Chromium
 * the run started, and closing it leaves that to the other files. Outside a test run (the
 * benchmarks) the widget is built into a folder of its own and a Chromium launched (extra
 * flags allowed), both gone when the browser closes.
 */
export async function launchWithWidget(extraArgs: string[] = []): Promise<{ browser: Browser; widgetRoot: string }> {
  const shared = extraArgs.length === 0 ? runResources() : null;
  if (shared !== null) return { browser: await connectToRunBrowser(shared), widgetRoot: shared.widgetRoot };
  const built = await buildWidget();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
  browser.on('disconnected', () => built.remove());
  return { browser, widgetRoot: built.dir };
}

/**
 * One Chromium for the calling test file, closed with every demo it opened. Call it at the
 * top of a file; use the returned function inside tests to open a demo page.
 */
export function browserPerFile(): (options: DemoOptions) => Promise<Demo> {
  let browser: Browser | undefined;
  const demos: Demo[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(demos.map((demo) => demo.close()));
    await browser?.close();
  });
  return async (options) => {
    if (browser === undefined) throw new Error('browserPerFile: open demos inside tests, after the browser launched');
    const opened = await openDemo(browser, options);
    demos.push(opened);
    return opened;
  };
}

/** The mock contact centre of one test: its address, what it received (verification API), close. */
export type MockServer = Pick<MockChatServer, 'url' | 'port' | 'close' | 'sessions' | 'waitFor'>;

/** The client frames with this body.method the mock received, in every session, in order. */
export function receivedFrames(
  sessions: ReturnType<MockServer['sessions']>,
  method: string,
): { body: Record<string, unknown> }[] {
  return sessions.flatMap((session) =>
    session.received
      .map((entry) => entry.frame as { body?: Record<string, unknown> })
      .filter((frame): frame is { body: Record<string, unknown> } => frame.body?.method === method),
  );
}

/** Switches the mock's running scenario (POST /__mock/scenario), e.g. to let a retried callback through. */
export async function switchScenario(server: MockServer, name: string): Promise<void> {
  const response = await fetch(`${server.url}/__mock/scenario`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`switching the mock to ${name}: HTTP ${response.status}`);
}

export interface DemoOptions {
  scenario: string;
  /** Demo path: '/', '/energy' or '/trips'. */
  path?: string;
  /** Query string the demo's page-config.js turns into window.chatWidgetConfig. */
  query?: Record<string, string>;
  viewport?: { width: number; height: number };
  /** Speed factor of the scenario's scripted delays (higher is faster). */
  speed?: number;
  /** Extra request headers for every request of the page (e.g. Accept-Encoding: gzip). */
  headers?: Record<string, string>;
  /** Scripts run in the page before any of its own (e.g. AVAILABILITY_READS). */
  initScripts?: string[];
  /** The page's timers on Playwright's clock from the start, for `page.clock.runFor`. */
  fakeClock?: boolean;
}

export interface Demo {
  server: MockServer;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /** The URL of every request the first page made, from its navigation on (works under a fake clock, unlike Resource Timing). */
  requests: string[];
  /** Opens another tab in the same context (same storage), on the same demo URL. */
  openTab(): Promise<Page>;
  close(): Promise<void>;
}

export function demoUrl(server: MockServer, options: Pick<DemoOptions, 'path' | 'query'>): string {
  const query = new URLSearchParams(options.query ?? {}).toString();
  return `${server.url}${options.path ?? '/'}${query ? `?${query}` : ''}`;
}

/** Collects the page's console errors, and prints them at once so a failing wait is explainable. */
function watchErrors(page: Page, errors: string[]): void {
  const report = (text: string) => {
    errors.push(text);
    console.error(`[browser] ${text}`);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') report(message.text());
  });
  page.on('pageerror', (error) => report(String(error)));
}

/** Starts a mock server with the scenario and opens the demo page in a fresh context. */
export async function openDemo(browser: Browser, options: DemoOptions): Promise<Demo> {
  const server = (await startMockServer({
    scenario: options.scenario,
    port: 0,
    host: '127.0.0.1',
    speed: options.speed ?? 10,
    // The widget's own frames are held to the strict contract in its tests.
    profile: 'strict',
    ...(widgetRoot ? { widgetRoot } : {}),
  })) as MockServer;
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.headers ? { extraHTTPHeaders: options.headers } : {}),
  });
  // Fail a stuck wait inside the test's own timeout, with what it waited for (tests/support/patience.ts).
  context.setDefaultTimeout(WAIT_MS);
  const errors: string[] = [];
  const page = await context.newPage();
  watchErrors(page, errors);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  for (const script of options.initScripts ?? []) await page.addInitScript({ content: script });
  if (options.fakeClock === true) await page.clock.install();
  const url = demoUrl(server, options);
  await page.goto(url);
  return {
    server,
    context,
    page,
    errors,
    requests,
    async openTab() {
      const tab = await context.newPage();
      watchErrors(tab, errors);
      await tab.goto(url);
      return tab;
    },
    async close() {
      await context.close().catch(() => undefined);
      await server.close();
    },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The button's names in every UI language ('Open chat', 'Öffnen Sie den Chat', '打开聊天', ...). */
const LAUNCHER_NAMES = new RegExp(
  `^(?:${[
    english,
    ...(await Promise.all(Object.values(LAUNCHER_TEXT_LOADERS).map((load) => load())).then((all) =>
      all.map((m) => m.default),
    )),
  ]
    .flatMap((texts) => [texts.openChat, texts.openCallback])
    .map(escapeRegExp)
    .join('|')})`,
);

/**
 * The floating button, found the way a visitor finds it: by its name, in the page's language
 * (the launcher's own texts, widget/ui/i18n/launcher-texts/).
 */
export function chatButton(page: Page | Frame): Locator {
  return page.getByRole('button', { name: LAUNCHER_NAMES }).and(page.locator('.cw-fab'));
}

/**
 * The 'Question Center' dialog, the real one: a click before the chat's code is in shows a
 * skeleton of the same name first (`.cw-skeleton`, issue 14), which this waits past.
 */
export function dialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Question Center' }).and(page.locator('.cw-dialog'));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Where the view gallery goes (widget/ui/README.md names it): one folder per look and language. */
export const VIEW_SCREENSHOTS = join(SCREENSHOTS, 'views');

/** A view at its viewport, as test-results/screenshots/views/<folder>/<name>-<width>x<height>.png. */
export async function viewScreenshot(page: Page, folder: string, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  const dir = join(VIEW_SCREENSHOTS, folder);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}-${size.width}x${size.height}.png`), caret: 'hide' });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core on the whole page (open shadow roots included); returns serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n: any) => n.target.join(' ')),
      }));
  });
}

/** Fills the pre-chat form the way a visitor does: by the fields' labels. */
export async function fillPreChatForm(page: Page): Promise<void> {
  const form = dialog(page);
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Email Address').fill('ada@example.com');
  await form.getByLabel('Phone Number').fill('2025550143');
  await form.getByLabel('Postal Code').fill('94105');
}

/** From the button to 'An agent has joined the chat'. */
export async function startChat(page: Page): Promise<void> {
  await chatButton(page).click();
  await fillPreChatForm(page);
  await dialog(page).getByRole('button', { name: 'Start chat' }).click();
  await page.getByText('An agent has joined the chat').first().waitFor();
}

/** What the server sends the page's chat socket, held while the test does something first. */
export interface HeldAnswers {
  /** From now on, what the server sends waits in the test (pongs excepted: the socket stays alive). */
  hold(): void;
  /**
   * Hands the page what waited, in order, and lets the rest through; with `through`, only up to
   * the first frame of that notification method (waited for or yet to come), and holds on after it.
   */
  release(through?: string): void;
}

/**
 * The page's chat socket through the test (call before the chat starts), which can hold what
 * the server sends, so that a view that lasts as long as a scripted delay (the loader until the
 * confirmation, the queue until the agent joins) or that needs an answer to come after the
 * visitor has scrolled up or minimized (the new-messages pill, the unread badge) does not
 * depend on how fast a busy machine runs the test: the order is the test's.
 */
export async function heldAnswers(page: Page): Promise<HeldAnswers> {
  let holding = false;
  /** While holding, frames still pass until one of this method has (release with `through`). */
  let passUntil: string | null = null;
  const held: { method: unknown; send: () => void }[] = [];
  const methodOf = (message: string | Buffer) => {
    try {
      return (JSON.parse(String(message)) as { type?: unknown; body?: { method?: unknown } }).body?.method;
    } catch {
      return undefined;
    }
  };
  await page.routeWebSocket(/\/chat(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const method = methodOf(message);
      if (!holding || method === 'pong' || passUntil !== null) {
        socket.send(message);
        if (method === passUntil) passUntil = null;
      } else held.push({ method, send: () => socket.send(message) });
    });
  });
  return {
    hold() {
      holding = true;
      passUntil = null;
    },
    release(through) {
      while (held.length > 0) {
        const next = held.shift() as (typeof held)[number];
        next.send();
        if (through !== undefined && next.method === through) return;
      }
      // Not here yet: what comes passes until it has.
      if (through === undefined) holding = false;
      else passUntil = through;
    },
  };
}

/**
 * Scrolls the transcript to its top as a reader would, once `shown` (the visitor's own message,
 * which brings the list down when it is drawn) is in it, and returns after the widget has seen
 * the scroll (two animation frames: scroll events run before the next one).
 */
export async function scrollLogToTop(page: Page, shown: string): Promise<void> {
  const log = page.locator('.cw-log');
  await log.getByText(shown).first().waitFor();
  await log.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        el.scrollTop = 0;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/** Sends a message with Enter, as a visitor does. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const input = dialog(page).getByRole('textbox', { name: 'Type message' });
  await input.fill(text);
  await input.press('Enter');
}

/** The transcript's text lines (role log items), in order. */
export async function transcript(page: Page): Promise<string[]> {
  return page.getByRole('log').getByRole('listitem').allInnerTexts();
}

/**
 * Shows every part of a long transcript in turn (issue 24: only the newest messages and the ones
 * scrolled up to are in the DOM): 'Show later messages' until what is drawn reaches the newest,
 * then `visit`, then 'Show earlier messages' and `visit` again, until the first kept message is
 * drawn. From the keyboard, as a screen reader user would (a page on a fake clock may see no
 * scroll events, and scrolling near the top draws older messages by itself).
 */
export async function visitWholeTranscript(page: Page, visit: () => Promise<void>): Promise<void> {
  const more = page.locator('.cw-log > .cw-log__more');
  // What is drawn must join the newest first: 'Show later messages' until nothing is left out between.
  const later = page.locator('.cw-log__gap .cw-log__more');
  while ((await later.count()) > 0) await later.press('Enter');
  await visit();
  while ((await more.count()) > 0) {
    await more.press('Enter');
    await visit();
  }
}

/** Every message of the transcript, drawn or not: each once, by its place in the chat (aria-posinset), in order. */
export async function wholeTranscript(page: Page): Promise<{ position: number; kind: string; text: string }[]> {
  const seen = new Map<number, { position: number; kind: string; text: string }>();
  await visitWholeTranscript(page, async () => {
    const drawn = await page.locator('[role="log"] [role="listitem"]').evaluateAll((items) =>
      items.map((item) => ({
        position: Number(item.getAttribute('aria-posinset')),
        kind: /cw-msg--(\w+)/.exec(item.className)?.[1] ?? '',
        text: item.textContent ?? '',
      })),
    );
    for (const message of drawn) seen.set(message.position, message);
  });
  return [...seen.values()].sort((x, y) => x.position - y.position);
}

/**
 * Polls until the condition holds or the timeout passes; returns the last value. For waiting on
 * something that must happen (a line, a request); absence is never proved by letting it time out.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = WAIT_MS,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/**
 * An init script (DemoOptions.initScripts) that counts the availability answers the page has
 * acted on. The widget decides on an answer (draw the button or not, poll again, prefetch) in
 * the continuation of its `response.json()`, all in one go; a task queued when that JSON is
 * read runs after it.
 */
export const AVAILABILITY_READS = `(() => {
  const json = Response.prototype.json;
  const waits = [];
  let read = 0;
  const done = () => {
    read += 1;
    for (const wait of waits.splice(0)) if (read >= wait.count) wait.resolve(); else waits.push(wait);
  };
  Response.prototype.json = function () {
    const result = json.call(this);
    if (!this.url.includes('check-availability')) return result;
    const after = () => setTimeout(done);
    return result.then((value) => (after(), value), (error) => { after(); throw error; });
  };
  Object.defineProperty(window, '__availabilityRead', {
    value: (count) => new Promise((resolve) => { if (read >= count) resolve(); else waits.push({ count, resolve }); }),
  });
})();`;

/** Resolves once the page has acted on its `count`-th availability answer (needs AVAILABILITY_READS). */
export async function availabilityRead(page: Page, count = 1): Promise<void> {
  await page.evaluate(
    (n) => (window as unknown as { __availabilityRead(n: number): Promise<void> }).__availabilityRead(n),
    count,
  );
}

/** The customer's own messages in the transcript, text only. */
export async function customerMessages(page: Page): Promise<string[]> {
  return page.locator('.cw-msg--customer .cw-msg__text').allInnerTexts();
}

/**
 * The widget core against the real mock contact centre over a real socket: Node's fetch, the
 * `ws` package's WebSocket, and the core's timers on a CoreClock: real time that a test may
 * run ahead (the mock server runs fast with `speed`). Waits are on the core's state (its
 * subscription) and the sockets' events, never on a loop of sleeps.
 */
import { readFileSync } from 'node:fs';
import { afterEach, vi } from 'vitest';
import { WebSocket } from 'ws';
import { type MockServer, startMockServer } from '../../../../mock-server/index.js';
import type { WidgetState } from '../../../../widget/core/chat/state.js';
import type { PageConfig } from '../../../../widget/core/config/page-config.js';
import type { CustomerDetails } from '../../../../widget/core/customer-details.js';
import type { SocketConstructor, StorageLike, WidgetEnvironment } from '../../../../widget/core/env.js';
import { createWidgetCore } from '../../../../widget/core/widget-core.js';
import { Changes } from '../../../support/changes.js';
import { WAIT_MS } from '../../../support/patience.js';
import { CoreClock } from './core-clock.js';

export { CoreClock };

export const customer: CustomerDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+12025550143',
  postalCode: '94105',
  getUpdates: 'Yes',
};

export function sharedStorage(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

export interface Visit {
  server: MockServer;
  core: ReturnType<typeof createWidgetCore>;
  env: WidgetEnvironment & { onError: ReturnType<typeof vi.fn> };
  state(): WidgetState;
  texts(): string[];
  /** Constructed sockets, to drop the network in tests. */
  sockets: WebSocket[];
  /** The core's time: real, and run ahead with `clock.advance(ms)`. */
  clock: CoreClock;
  /**
   * Resolves once the predicate holds, looked at now and after every change of the core's
   * state, every socket event (created, opened, closed), every timer the core sets or clears and
   * every call it has answered; rejects after `timeoutMs`.
   */
  until(predicate: (state: WidgetState) => boolean, timeoutMs?: number): Promise<WidgetState>;
  /**
   * A causal barrier: a ping on the core's open socket, and its pong. Whatever the server sent
   * before the pong has reached the core, and whatever the core sent before the ping has reached
   * the server. For quiet moments: the core takes the pong as an answer to a ping of its own
   * if it has one outstanding.
   */
  roundTrip(timeoutMs?: number): Promise<void>;
}

export interface VisitOptions {
  page?: Partial<PageConfig>;
  storage?: StorageLike;
  server?: MockServer;
  speed?: number;
  /** Capture file of every frame (JSON lines), to check what reached the server. */
  record?: string;
  /** Parts of the environment to replace (e.g. timers or fetch that count what the core does). */
  env?: Partial<Omit<WidgetEnvironment, 'onError'>>;
  /** The clock of an earlier visit of the same browser (a reload, another tab): one time for both. */
  clock?: CoreClock;
}

export async function startServer(scenario: string, speed = 20, record?: string): Promise<MockServer> {
  return startMockServer({ scenario, port: 0, speed, profile: 'strict', ...(record ? { record } : {}) });
}

/** Client frames of a capture file, once the server is closed (the recording is flushed). */
export function recordedClientFrames(file: string): unknown[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { direction: string; frame: unknown })
    .filter((entry) => entry.direction === 'client')
    .map((entry) => entry.frame);
}

export async function visit(scenario: string, options: VisitOptions = {}): Promise<Visit> {
  const server = options.server ?? (await startServer(scenario, options.speed, options.record));
  const clock = options.clock ?? new CoreClock();
  const changes = new Changes();
  // After the core's own handlers: a wait that sees a socket closed sees the core's reaction too.
  const changedSoon = () => queueMicrotask(() => changes.changed());
  const sockets: WebSocket[] = [];
  const Tracked = class extends WebSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
      this.on('open', changedSoon);
      this.on('close', changedSoon);
      changedSoon();
    }
  };
  // Timers set or cleared and calls answered are changes too: a wait may be on what the core has
  // scheduled or asked (the test's own timers or fetch, given in options.env, included).
  const timers = options.env?.timers ?? clock.timers;
  const httpFetch = options.env?.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const noted =
    <A extends unknown[], R>(act: (...args: A) => R) =>
    (...args: A): R => {
      const result = act(...args);
      changedSoon();
      return result;
    };
  const env = {
    now: clock.now,
    random: () => Math.random(),
    storage: options.storage ?? sharedStorage(),
    WebSocket: Tracked as unknown as SocketConstructor,
    location: {
      href: `${server.url}/en_us/models`,
      hostname: '127.0.0.1',
      pathname: '/en_us/models',
      protocol: 'http:',
    },
    userAgent: 'vitest-integration',
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    onError: vi.fn(),
    analytics: vi.fn(),
    onBeforeUnload: () => () => {},
    ...options.env,
    timers: {
      setTimeout: noted(timers.setTimeout),
      clearTimeout: noted(timers.clearTimeout),
      setInterval: noted(timers.setInterval),
      clearInterval: noted(timers.clearInterval),
    },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = httpFetch(input, init);
      answer.then(changedSoon, changedSoon);
      return answer;
    },
  };
  const page: PageConfig = {
    locale: 'en-us',
    chatLite: false,
    triage: false,
    hideOnMobile: false,
    energy: false,
    attributes: {},
    ...options.page,
    options: { apiEndpointsDomain: server.url, ...options.page?.options },
  };
  const core = createWidgetCore(env, page);
  core.subscribe(() => changes.changed());
  const texts = () => core.getSnapshot().chat.messages.map((m) => ('text' in m ? m.text : m.kind));
  return {
    server,
    core,
    env,
    sockets,
    clock,
    state: core.getSnapshot,
    texts,
    until(predicate, timeoutMs = WAIT_MS) {
      return changes.until(
        () => {
          const state = core.getSnapshot();
          return predicate(state) ? state : undefined;
        },
        () =>
          `the state never matched; last state: ${JSON.stringify(
            { ...core.getSnapshot(), flags: undefined },
            null,
            1,
          ).slice(0, 3000)}`,
        timeoutMs,
      );
    },
    roundTrip(timeoutMs = WAIT_MS) {
      const socket = sockets.findLast((candidate) => candidate.readyState === WebSocket.OPEN);
      if (socket === undefined) return Promise.reject(new Error('roundTrip: the core has no open socket'));
      return new Promise((resolve, reject) => {
        const onMessage = (data: unknown) => {
          const frame = JSON.parse(String(data)) as { type?: string; body?: { method?: string } };
          if (frame.type !== 'notification' || frame.body?.method !== 'pong') return;
          done();
          resolve();
        };
        const onClose = () => {
          done();
          reject(new Error('roundTrip: the socket closed before the pong'));
        };
        const done = () => {
          clearTimeout(timer);
          socket.off('message', onMessage);
          socket.off('close', onClose);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`roundTrip: no pong within ${timeoutMs} ms`));
        }, timeoutMs);
        socket.on('message', onMessage);
        socket.on('close', onClose);
        socket.send(JSON.stringify({ apiVersion: '1.0', type: 'request', authToken: '', body: { method: 'ping' } }));
      });
    },
  };
}

export async function leave(visitToEnd: Visit): Promise<void> {
  visitToEnd.core.dispose();
  await visitToEnd.server.close();
}

/** Registers cleanup: every visit opened through the returned function is left after each test. */
export function visits(): (scenario: string, options?: VisitOptions) => Promise<Visit> {
  const open: Visit[] = [];
  afterEach(async () => {
    for (const v of open.splice(0)) await leave(v);
  });
  return async (scenario, options) => {
    const v = await visit(scenario, options);
    open.push(v);
    return v;
  };
}

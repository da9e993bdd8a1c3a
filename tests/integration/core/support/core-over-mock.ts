/**
 * The widget core against the real mock contact centre over a real socket: Node's fetch, the
 * `ws` package's WebSocket, real timers (the mock server runs fast with `speed`).
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
  /** Waits until the predicate holds on the state (polls; real timers). */
  until(predicate: (state: WidgetState) => boolean, timeoutMs?: number): Promise<WidgetState>;
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
  const sockets: WebSocket[] = [];
  const Tracked = class extends WebSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  };
  const env = {
    timers: {
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
      clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (callback: () => void, ms: number) => setInterval(callback, ms),
      clearInterval: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    now: () => Date.now(),
    random: () => Math.random(),
    storage: options.storage ?? sharedStorage(),
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
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
  const texts = () => core.getSnapshot().chat.messages.map((m) => ('text' in m ? m.text : m.kind));
  return {
    server,
    core,
    env,
    sockets,
    state: core.getSnapshot,
    texts,
    async until(predicate, timeoutMs = 10_000) {
      const started = Date.now();
      while (!predicate(core.getSnapshot())) {
        if (Date.now() - started > timeoutMs) {
          throw new Error(
            `state never matched within ${timeoutMs} ms; last state: ${JSON.stringify(
              { ...core.getSnapshot(), flags: undefined },
              null,
              1,
            ).slice(0, 3000)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return core.getSnapshot();
    },
  };
}

export async function leave(visitToEnd: Visit): Promise<void> {
  visitToEnd.core.dispose();
  await visitToEnd.server.close();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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

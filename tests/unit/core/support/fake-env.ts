/** A test environment over vitest's fake timers, an in-memory storage and a scripted socket. */
import { vi } from 'vitest';
import type { NotificationBody } from '../../../../generated/chat-socket.js';
import type { SocketCloseEvent, SocketLike, StorageLike, WidgetEnvironment } from '../../../../widget/core/env.js';

export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: SocketCloseEvent) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static reset(): void {
    FakeSocket.instances = [];
  }

  static last(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (socket === undefined) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.closedWith = code;
    this.readyState = 3;
    this.onclose?.({ code });
  }

  /** Server side: accept the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** Server side: send a raw frame. */
  receiveRaw(value: unknown): void {
    this.onmessage?.({ data: typeof value === 'string' ? value : JSON.stringify(value) });
  }

  notify(body: NotificationBody): void {
    this.receiveRaw({ apiVersion: '1.0', type: 'notification', body });
  }

  /** Server side: acknowledge a request, as the service does for each newMessage. */
  ack(method = 'newMessage'): void {
    this.receiveRaw({ apiVersion: '1.0', type: 'acknowledgement', body: { method } });
  }

  /** Server side: answer a ping. */
  pong(): void {
    this.notify({ method: 'pong' });
  }

  error(code: number, errorMessage: string): void {
    this.receiveRaw({ apiVersion: '1.0', type: 'error', body: { code, errorMessage } });
  }

  /** Server side or network: the socket goes away with a code. */
  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }

  fail(): void {
    this.onerror?.({});
  }

  methods(): string[] {
    return this.sent.map((frame) => (frame as { body: { method: string } }).body.method);
  }
}

export function memoryStore(initial: Record<string, string> = {}): StorageLike & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
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

export type TestEnvironment = WidgetEnvironment & {
  storage: ReturnType<typeof memoryStore>;
  unloadHandlers: (() => string | null)[];
  logger: { info: ReturnType<typeof vi.fn>; warn: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };
  onError: ReturnType<typeof vi.fn> & ((error: Error) => void);
  analytics: ReturnType<typeof vi.fn> & WidgetEnvironment['analytics'];
};

export function testEnvironment(overrides: Partial<WidgetEnvironment> = {}): TestEnvironment {
  const unloadHandlers: (() => string | null)[] = [];
  const env = {
    timers: {
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
      clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (callback: () => void, ms: number) => setInterval(callback, ms),
      clearInterval: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    // The middle of [0, 1): no jitter, so retry delays in tests are exactly retryInterval.
    random: () => 0.5,
    now: () => Date.now(),
    storage: memoryStore(),
    fetch: vi.fn(async () => new Response('{}', { status: 500 })),
    WebSocket: FakeSocket,
    location: {
      href: 'https://www.example.com/en_gb/models',
      hostname: 'www.example.com',
      pathname: '/en_gb/models',
      protocol: 'https:',
    },
    userAgent: 'test-agent/1.0',
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    onError: vi.fn(),
    analytics: vi.fn(),
    onBeforeUnload(handler: () => string | null) {
      unloadHandlers.push(handler);
      return () => {
        unloadHandlers.splice(unloadHandlers.indexOf(handler), 1);
      };
    },
    unloadHandlers,
    ...overrides,
  };
  return env as unknown as TestEnvironment;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

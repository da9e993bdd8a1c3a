/**
 * Everything the core needs from the outside world, injected once. Nothing under
 * widget/core reads a global; `browserEnvironment()` is the only place that does, and tests
 * build their own environment over fake timers, an in-memory storage and a mock socket.
 */

/** Opaque handle of a scheduled timer. */
export type TimerHandle = unknown;

/** One swappable timer provider, so every timer of the core runs under fake timers in tests. */
export interface TimerProvider {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** The part of the Web Storage API the core uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Close event fields the core reads (browser CloseEvent and ws's close event both have them). */
export interface SocketCloseEvent {
  code: number;
  reason?: string;
}

/** The part of a WebSocket the core uses; the browser's and the `ws` package's both fit. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: SocketCloseEvent) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export type SocketConstructor = new (url: string) => SocketLike;

/** WebSocket.OPEN; a constant here so no global is read. */
export const SOCKET_OPEN = 1;

export interface PageLocation {
  href: string;
  hostname: string;
  pathname: string;
  protocol: string;
}

export interface Logger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** An analytics event handed to the sink (the analytics module decides whether it goes out). */
export interface AnalyticsEvent {
  /** e.g. 'chat_started'. */
  name: string;
  detail?: Record<string, unknown>;
}

export interface WidgetEnvironment {
  timers: TimerProvider;
  /** Epoch milliseconds. */
  now(): number;
  /** A number in [0, 1) (Math.random in a browser): the retry jitter. */
  random(): number;
  /** Raw browser storage, or null when the page gives none; the core wraps it (see session/safe-storage). */
  storage: StorageLike | null;
  fetch: typeof fetch;
  WebSocket: SocketConstructor;
  location: PageLocation;
  /** The browser's user-agent string (requestChat deviceType). */
  userAgent: string;
  logger: Logger;
  /** Developer-facing errors that must never break the widget (unknown frames, bad frames). */
  onError(error: Error): void;
  analytics(event: AnalyticsEvent): void;
  /**
   * Registers a beforeunload handler. The handler returns the confirmation text while a chat is
   * active, or null. Returns the unregister function.
   */
  onBeforeUnload(handler: () => string | null): () => void;
}

/**
 * The one place under widget/core that reads browser globals; the embed calls it once and hands
 * the result to createWidgetCore. Timers are looked up at call time, never at import.
 */
import type { SocketConstructor, WidgetEnvironment } from './env.js';

export function browserEnvironment(overrides: Partial<WidgetEnvironment> = {}): WidgetEnvironment {
  const win = window;
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
  } catch {
    // Blocked storage (sandboxed iframe, privacy settings): the core falls back to memory.
    storage = null;
  }
  return {
    timers: {
      setTimeout: (callback, ms) => win.setTimeout(callback, ms),
      clearTimeout: (handle) => win.clearTimeout(handle as number),
      setInterval: (callback, ms) => win.setInterval(callback, ms),
      clearInterval: (handle) => win.clearInterval(handle as number),
    },
    now: () => Date.now(),
    random: () => Math.random(),
    storage,
    fetch: (input, init) => win.fetch(input, init),
    // The DOM's handler types are narrower than SocketLike's structural ones; the runtime shape matches.
    WebSocket: win.WebSocket as unknown as SocketConstructor,
    location: {
      get href() {
        return win.location.href;
      },
      get hostname() {
        return win.location.hostname;
      },
      get pathname() {
        return win.location.pathname;
      },
      get protocol() {
        return win.location.protocol;
      },
    },
    userAgent: win.navigator.userAgent,
    logger: console,
    onError: (error) => console.error(error),
    analytics: () => {},
    onBeforeUnload(handler) {
      const listener = (event: BeforeUnloadEvent) => {
        const text = handler();
        if (text === null) return;
        event.preventDefault();
        event.returnValue = text;
        return text;
      };
      win.addEventListener('beforeunload', listener);
      return () => win.removeEventListener('beforeunload', listener);
    },
    ...overrides,
  };
}

/**
 * The one seam through which form code schedules work, so tests drive it with fake timers
 * and every timer has an owner that can clear it.
 */
export interface TimerProvider {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The host's timers, looked up at call time (never at import) so fake timers installed later still apply. */
export const realTimers: TimerProvider = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Where form code reports failures it swallows (callback and lead errors are only logged). */
export interface Logger {
  error(message: string, ...details: unknown[]): void;
  warn?(message: string, ...details: unknown[]): void;
}

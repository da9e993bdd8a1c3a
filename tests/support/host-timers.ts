/**
 * The host's timers as the core's timer seam: looked up at call time, so vitest's fake timers
 * apply when a test installs them. For tests that drive a forms controller on its own (the
 * core gives its own env.timers).
 */
export const hostTimers = {
  setTimeout: (run: () => void, ms: number): unknown => setTimeout(run, ms),
  clearTimeout: (handle: unknown): void => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

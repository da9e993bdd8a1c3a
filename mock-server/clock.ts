/**
 * Scenario time. Every delay a scenario names is divided by the speed factor (speed 10 =
 * ten times faster), and every timer belongs to a Timers group whose dispose() clears them
 * all, so a closed session or server leaves nothing running.
 *
 * Node fires a setTimeout of 2^31 ms or more (or Infinity, or NaN) after 1 ms. Here any delay
 * that long, `forever`, and whatever a tiny --speed stretches past it mean "never": no timer
 * is set, and a sleep only ends when the group is disposed.
 */

/** The longest delay setTimeout honours (2^31 - 1 ms); anything longer means never. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export class Timers {
  readonly #speed: number;
  readonly #handles = new Set<NodeJS.Timeout>();
  readonly #wakers = new Set<() => void>();
  readonly #onError: (error: unknown) => void;
  #disposed = false;

  constructor(speed: number, onError: (error: unknown) => void = reportTimerError) {
    this.#speed = speed > 0 && Number.isFinite(speed) ? speed : 1;
    this.#onError = onError;
  }

  /** Real milliseconds for scenario seconds; Infinity for never. */
  scale(seconds: number): number {
    const ms = (seconds * 1000) / this.#speed;
    if (Number.isNaN(ms) || ms > LONGEST_TIMER_MS) return Number.POSITIVE_INFINITY;
    return Math.max(0, ms);
  }

  /**
   * Runs fn after scenario seconds (never, for a delay past LONGEST_TIMER_MS); returns a cancel
   * function. A throwing fn is reported to `onError`, never to the process.
   */
  after(seconds: number, fn: () => void): () => void {
    const ms = this.scale(seconds);
    if (this.#disposed || ms === Number.POSITIVE_INFINITY) return () => {};
    const handle = setTimeout(() => {
      this.#handles.delete(handle);
      try {
        fn();
      } catch (error) {
        this.#onError(error);
      }
    }, ms);
    this.#handles.add(handle);
    return () => {
      clearTimeout(handle);
      this.#handles.delete(handle);
    };
  }

  /** Resolves true after scenario seconds, or false at once when the group is disposed. */
  sleep(seconds: number): Promise<boolean> {
    if (this.#disposed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const wake = () => {
        this.#wakers.delete(wake);
        cancel();
        resolve(false);
      };
      const cancel = this.after(seconds, () => {
        this.#wakers.delete(wake);
        resolve(true);
      });
      this.#wakers.add(wake);
    });
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const handle of this.#handles) clearTimeout(handle);
    this.#handles.clear();
    for (const wake of [...this.#wakers]) wake();
  }
}

function reportTimerError(error: unknown): void {
  process.stderr.write(`[mock-chat] a timer failed: ${(error as Error)?.message ?? String(error)}\n`);
}

/** "500ms", "2s", "1.5m", or a number of seconds -> seconds; "forever" -> Infinity. */
export function parseDuration(value: number | string): number {
  if (typeof value === 'number') return value;
  if (value === 'forever') return Number.POSITIVE_INFINITY;
  const match = /^([0-9]+(?:\.[0-9]+)?)(ms|s|m)$/.exec(value.trim());
  if (!match) throw new Error(`not a duration: ${JSON.stringify(value)} (use 500ms, 2s, 1.5m or a number of seconds)`);
  const amount = Number(match[1]);
  return match[2] === 'ms' ? amount / 1000 : match[2] === 'm' ? amount * 60 : amount;
}

/** The longest duration a scenario may name (one day); `forever` is the way to say never. */
export const MAX_DURATION_SECONDS = 86_400;

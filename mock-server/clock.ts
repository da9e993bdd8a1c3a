/**
 * Scenario time. Every delay a scenario names is divided by the speed factor (speed 10 =
 * ten times faster), and every timer belongs to a Timers group whose dispose() clears them
 * all, so a closed session or server leaves nothing running.
 */
export class Timers {
  readonly #speed: number;
  readonly #handles = new Set<NodeJS.Timeout>();
  readonly #wakers = new Set<() => void>();
  #disposed = false;

  constructor(speed: number) {
    this.#speed = speed > 0 && Number.isFinite(speed) ? speed : 1;
  }

  /** Real milliseconds for scenario seconds. */
  scale(seconds: number): number {
    return Math.max(0, (seconds * 1000) / this.#speed);
  }

  /** Runs fn after scenario seconds; returns a cancel function. */
  after(seconds: number, fn: () => void): () => void {
    if (this.#disposed) return () => {};
    const handle = setTimeout(() => {
      this.#handles.delete(handle);
      fn();
    }, this.scale(seconds));
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

/** "500ms", "2s", "1.5m", or a number of seconds -> seconds; "forever" -> Infinity. */
export function parseDuration(value: number | string): number {
  if (typeof value === 'number') return value;
  if (value === 'forever') return Number.POSITIVE_INFINITY;
  const match = /^([0-9]+(?:\.[0-9]+)?)(ms|s|m)$/.exec(value.trim());
  if (!match) throw new Error(`not a duration: ${JSON.stringify(value)} (use 500ms, 2s, 1.5m or a number of seconds)`);
  const amount = Number(match[1]);
  return match[2] === 'ms' ? amount / 1000 : match[2] === 'm' ? amount * 60 : amount;
}

/**
 * The core's clock in the tests over the real mock: real time, which a test can also run ahead
 * (`advance`), as vitest's fake timers do, but for the core alone: the socket and the mock keep
 * real time. A test proves that something does not happen (a retry, another comfort message)
 * by running the core's time past the moment it would happen, instead of sleeping through it.
 * Visits of one browser (a reload, a second tab) share one clock, as they share one storage.
 *
 * `{ followsRealTime: false }` makes a clock that moves only when the test runs it ahead: for a
 * test about how much of the core's time passes (an expiry, a window), so that a slow machine,
 * which stretches real time between two steps, cannot push the core past a deadline.
 */
import type { TimerHandle, TimerProvider } from '../../../../widget/core/env.js';

interface Entry {
  id: number;
  /** On this clock. */
  due: number;
  /** ms between runs of an interval; null for a timeout. */
  every: number | null;
  run: () => void;
}

export class CoreClock {
  /** How far the core's time is ahead of real time (or of its start, when it does not follow real time), ms. */
  #ahead = 0;
  /** Real time, or the moment the clock was made when it moves only by `advance`. */
  readonly #base: () => number;
  readonly #followsRealTime: boolean;
  readonly #entries = new Map<number, Entry>();
  #lastId = 0;
  #wake: ReturnType<typeof setTimeout> | null = null;

  constructor(options: { followsRealTime?: boolean } = {}) {
    const start = Date.now();
    this.#followsRealTime = options.followsRealTime !== false;
    this.#base = this.#followsRealTime ? Date.now : () => start;
  }

  readonly now = (): number => this.#base() + this.#ahead;

  readonly timers: TimerProvider = {
    setTimeout: (run, ms) => this.#add(run, ms, false),
    clearTimeout: (handle) => this.#remove(handle),
    setInterval: (run, ms) => this.#add(run, ms, true),
    clearInterval: (handle) => this.#remove(handle),
  };

  /**
   * Runs the core's time `ms` ahead: every timer due meanwhile fires in order, each at its own
   * moment of the core's time, with the event loop let through between them (what the core
   * sends goes out; what it receives meanwhile arrives in real time).
   */
  async advance(ms: number): Promise<void> {
    const target = this.now() + ms;
    for (let next = this.#next(); next !== undefined && next.due <= target; next = this.#next()) {
      if (next.due > this.now()) this.#ahead += next.due - this.now();
      this.#fire(next);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (target > this.now()) this.#ahead += target - this.now();
    this.#schedule();
  }

  /** Timers the core holds now. */
  get pending(): number {
    return this.#entries.size;
  }

  #add(run: () => void, ms: number, repeat: boolean): TimerHandle {
    const wait = Math.max(0, Number.isFinite(ms) ? ms : 0);
    const id = ++this.#lastId;
    this.#entries.set(id, { id, due: this.now() + wait, every: repeat ? Math.max(1, wait) : null, run });
    this.#schedule();
    return id;
  }

  #remove(handle: unknown): void {
    if (this.#entries.delete(handle as number)) this.#schedule();
  }

  #next(): Entry | undefined {
    let first: Entry | undefined;
    for (const entry of this.#entries.values()) {
      if (first === undefined || entry.due < first.due || (entry.due === first.due && entry.id < first.id)) {
        first = entry;
      }
    }
    return first;
  }

  #fire(entry: Entry): void {
    if (entry.every === null) this.#entries.delete(entry.id);
    else entry.due += entry.every;
    entry.run();
  }

  /**
   * One real timer, for the earliest entry: time also passes by itself. A clock that moves only
   * by `advance` still runs what is due now (a timer of 0 ms), never what is due later.
   */
  #schedule(): void {
    if (this.#wake !== null) clearTimeout(this.#wake);
    this.#wake = null;
    const next = this.#next();
    if (next === undefined || (!this.#followsRealTime && next.due > this.now())) return;
    this.#wake = setTimeout(
      () => {
        this.#wake = null;
        try {
          for (let due = this.#next(); due !== undefined && due.due <= this.now(); due = this.#next()) this.#fire(due);
        } finally {
          this.#schedule();
        }
      },
      Math.max(0, next.due - this.now()),
    );
  }
}

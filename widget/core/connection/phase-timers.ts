/**
 * The timers one phase of the session machine owns. Entering the next phase disposes the bag,
 * so no timer outlives the phase that set it (a retry timer cannot fire into an open socket).
 */
import type { TimerHandle, TimerProvider } from '../env.js';

export interface PhaseTimers {
  timeout(ms: number, run: () => void): () => void;
  interval(ms: number, run: () => void): void;
  dispose(): void;
}

export function createPhaseTimers(timers: TimerProvider): PhaseTimers {
  const timeouts = new Set<TimerHandle>();
  const intervals = new Set<TimerHandle>();
  return {
    timeout(ms, run) {
      const handle = timers.setTimeout(() => {
        timeouts.delete(handle);
        run();
      }, ms);
      timeouts.add(handle);
      return () => {
        if (timeouts.delete(handle)) timers.clearTimeout(handle);
      };
    },
    interval(ms, run) {
      intervals.add(timers.setInterval(run, ms));
    },
    dispose() {
      for (const handle of timeouts) timers.clearTimeout(handle);
      for (const handle of intervals) timers.clearInterval(handle);
      timeouts.clear();
      intervals.clear();
    },
  };
}

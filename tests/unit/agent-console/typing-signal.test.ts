/** The agent's isTyping follows the keyboard: true on the first key, again while typing goes on, false when idle, sent or left. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingSignal, IDLE_MS, REFRESH_MS } from '../../../agent-console/core/typing-signal.js';

const timers = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the typing signal', () => {
  it('sends true once per burst, false after IDLE_MS without a key', () => {
    const sent: boolean[] = [];
    const signal = createTypingSignal((v) => sent.push(v), timers);
    signal.keystroke();
    vi.advanceTimersByTime(IDLE_MS - 1);
    signal.keystroke();
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([true, false]);
    signal.keystroke();
    expect(sent).toEqual([true, false, true]);
    signal.dispose();
  });

  it('sends true again every REFRESH_MS of steady typing, under the widget’s 5 s indicator timeout', () => {
    const sent: boolean[] = [];
    const signal = createTypingSignal((v) => sent.push(v), timers);
    for (let t = 0; t <= REFRESH_MS * 2; t += 500) {
      signal.keystroke();
      vi.advanceTimersByTime(500);
    }
    expect(sent).toEqual([true, true, true]);
    expect(REFRESH_MS).toBeLessThan(5000);
    signal.dispose();
  });

  it('stop() sends false at once, and only after a true; dispose() sends nothing and leaves no timer', () => {
    const sent: boolean[] = [];
    const signal = createTypingSignal((v) => sent.push(v), timers);
    signal.stop();
    expect(sent).toEqual([]);
    signal.keystroke();
    signal.stop();
    expect(sent).toEqual([true, false]);
    vi.advanceTimersByTime(IDLE_MS * 2);
    expect(sent).toEqual([true, false]);
    signal.keystroke();
    signal.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(sent).toEqual([true, false, true]);
  });
});

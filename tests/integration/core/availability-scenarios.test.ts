/**
 * Issue 11's misbehaving availability services, as a visitor meets them: the widget core over
 * the real mock (`slow-availability`, `availability-down`), real sockets and timers, the mock's
 * delays scaled by its speed. The environment's timers and fetch are wrapped to see what the
 * core has scheduled and asked, so "polling stopped" is a fact, not a wait.
 */
import { describe, expect, it, vi } from 'vitest';
import { selectLauncher } from '../../../widget/core/chat/selectors.js';
import type { TimerProvider } from '../../../widget/core/env.js';
import { customer, visits } from './support/core-over-mock.js';

const open = visits();

/** A distinctive poll interval (the core clamps it to at least 1 s), to find the poll's timer. */
const POLL_MS = 1_500;

/** Real timers that remember which timeouts are still pending, by their delay. */
function watchedTimers(): TimerProvider & { pending(ms: number): number } {
  const pending = new Map<unknown, number>();
  return {
    setTimeout(callback, ms) {
      const handle = setTimeout(() => {
        pending.delete(handle);
        callback();
      }, ms);
      pending.set(handle, ms);
      return handle;
    },
    clearTimeout(handle) {
      pending.delete(handle);
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    pending: (ms) => [...pending.values()].filter((delay) => delay === ms).length,
  };
}

/** fetch that counts the availability calls. */
function countingFetch() {
  let calls = 0;
  const counted: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/conversation/check-availability-v2')) calls += 1;
    return fetch(input, init);
  };
  return { fetch: counted, calls: () => calls };
}

describe('a slow availability service (slow-availability: the answer comes after 8 s of scenario time)', () => {
  it('the page does not wait: nothing is offered while it is slow, the button appears when the answer comes, and the chat works', async () => {
    const speed = 20;
    const v = await open('slow-availability', { speed, page: { options: { availabilityPollInterval: POLL_MS } } });
    const started = Date.now();
    v.core.start();
    // start() returned at once; the visitor sees no button yet (hidden until availability is reported).
    expect(v.state().availability).toEqual({ status: 'checking' });
    expect(selectLauncher(v.state()).visible).toBe(false);
    const state = await v.until((s) => s.availability.status !== 'checking');
    expect(Date.now() - started).toBeGreaterThanOrEqual((8_000 / speed) * 0.9);
    // EWT 30 s: "1" minute at least.
    expect(state.availability).toEqual({ status: 'available', waitMinutes: 1 });
    expect(selectLauncher(state).visible).toBe(true);
    v.core.openDialog();
    v.core.startChat(customer);
    await v.until(() => v.texts().includes("Hi Ada, I'm Sam. How can I help?"));
  });
});

describe('a failing availability service (availability-down: the connection is reset)', () => {
  it('nothing is offered, no message is shown, and polling stops after the one failed request', async () => {
    const timers = watchedTimers();
    const counting = countingFetch();
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const v = await open('availability-down', {
      page: { options: { availabilityPollInterval: POLL_MS } },
      env: { timers, fetch: counting.fetch, logger },
    });
    v.core.start();
    const state = await v.until((s) => s.availability.status !== 'checking');
    // Silent: unavailable with no message, and no button.
    expect(state.availability).toEqual({ status: 'unavailable', message: null });
    expect(selectLauncher(state).visible).toBe(false);
    expect(state.statusCard).toBeNull();
    // Stopped: one request made, and no poll scheduled after it.
    expect(counting.calls()).toBe(1);
    expect(timers.pending(POLL_MS)).toBe(0);
    expect(logger.warn).toHaveBeenCalledWith(
      '[chat-widget] availability check failed; polling stopped',
      expect.anything(),
    );
    expect(v.env.onError).not.toHaveBeenCalled();
  });

  it('against unavailable (a working service saying no), the same page keeps polling: the difference is the failure', async () => {
    const timers = watchedTimers();
    const counting = countingFetch();
    const v = await open('unavailable', {
      page: { options: { availabilityPollInterval: POLL_MS } },
      env: { timers, fetch: counting.fetch },
    });
    v.core.start();
    await v.until(() => counting.calls() === 1 && timers.pending(POLL_MS) === 1);
    expect(v.state().availability).toEqual({ status: 'checking' });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgentTypingTimer, createCustomerTypingSignal } from '../../../widget/core/typing/typing.js';
import { testEnvironment } from './support/fake-env.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('typing (section 4, typing)', () => {
  it('§4 typing: the customer signal is sent at most once per timeBetweenMsgs', () => {
    const send = vi.fn(() => true);
    const signal = createCustomerTypingSignal(testEnvironment(), 10_000, send);
    expect(signal.typed()).toBe(true);
    vi.advanceTimersByTime(9_999);
    expect(signal.typed()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.typed()).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    signal.reset();
    expect(signal.typed()).toBe(true);
  });

  it('§4 typing: a signal the socket refused does not start the quiet period', () => {
    let online = false;
    const signal = createCustomerTypingSignal(testEnvironment(), 10_000, () => online);
    expect(signal.typed()).toBe(false);
    online = true;
    expect(signal.typed()).toBe(true);
  });

  it('§4 typing: the agent indicator clears after agentTypingTimeout, restarted by each isTyping', () => {
    const cleared = vi.fn();
    const timer = createAgentTypingTimer(testEnvironment(), 5_000, cleared);
    timer.typing();
    vi.advanceTimersByTime(4_000);
    timer.typing();
    vi.advanceTimersByTime(4_999);
    expect(cleared).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(cleared).toHaveBeenCalledTimes(1);
    timer.typing();
    timer.cancel();
    timer.dispose();
    vi.advanceTimersByTime(10_000);
    expect(cleared).toHaveBeenCalledTimes(1);
  });
});

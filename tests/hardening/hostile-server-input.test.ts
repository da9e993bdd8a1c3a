/**
 * 20,000 malformed, truncated, oversized and wrong-typed server frames into
 * the core during a live chat. No exception escapes, each bad frame is reported once to the
 * error hook, the chat state stays what the valid frames made it, and the core keeps working.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { selectMode } from '../../widget/core/chat/selectors.js';
import { DEFAULTS } from '../../widget/core/config/defaults.js';
import { reportFigure } from '../support/bench-figure.js';
import { type Harness, harness, socket } from '../unit/core/support/core-harness.js';
import { FakeSocket } from '../unit/core/support/fake-env.js';
import { agent, confirmed, joined, said } from '../unit/core/support/frames.js';
import { hostileFrames } from './support/hostile-frames.js';

const HOSTILE_FRAMES = 20_000;
const VALID_EVERY = 200;

/** Wall-clock ms: this file fakes timers and Date only, so performance.now() stays real. */
const wallClock = () => performance.now();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
  FakeSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

async function activeChat(): Promise<Harness> {
  const h = harness();
  h.core.start();
  await vi.advanceTimersByTimeAsync(0);
  h.core.openDialog();
  h.core.startChat({ firstName: 'Ada', email: 'ada@example.com', getUpdates: 'Yes' });
  socket().open();
  socket().notify(confirmed());
  socket().notify(joined(agent));
  await vi.advanceTimersByTimeAsync(0);
  return h;
}

it('20,000 hostile server frames: nothing thrown, each reported once, state consistent, chat still works', async () => {
  const h = await activeChat();
  const live = socket();
  const before = h.core.getSnapshot();
  const agentMessagesBefore = before.chat.messages.filter((m) => m.kind === 'live_agent').length;
  h.env.onError.mockClear();

  const counts = new Map<string, number>();
  let valid = 0;
  const durations: number[] = [];
  const started = wallClock();
  let index = 0;
  for (const frame of hostileFrames(HOSTILE_FRAMES, { seed: 20_261_121, oversizedBytes: 64 * 1024 + 1 })) {
    counts.set(frame.kind, (counts.get(frame.kind) ?? 0) + 1);
    const t0 = wallClock();
    expect(() => live.onmessage?.({ data: frame.data })).not.toThrow();
    durations.push(wallClock() - t0);
    index++;
    if (index % VALID_EVERY === 0) {
      valid++;
      live.notify(said('live_agent', `valid answer ${valid}`, Date.now() + valid));
    }
  }
  const elapsed = wallClock() - started;
  const reported = h.env.onError.mock.calls.length;
  const sorted = [...durations].sort((a, b) => a - b);
  const p99Frame = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
  const slowest = sorted.at(-1) ?? 0;
  reportFigure({
    item: '4',
    figure: `hostile server input: ${HOSTILE_FRAMES} frames into the core (${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}; size limit ${DEFAULTS.maxIncomingFrameBytes} bytes)`,
    value:
      `0 thrown, ${reported} reported, chat still active; ${Math.round(HOSTILE_FRAMES / (elapsed / 1000))} frames/s, ` +
      `p99 ${p99Frame.toFixed(3)} ms per frame (slowest ${slowest.toFixed(2)} ms)`,
    budget: 'none thrown, each reported once, p99 < 16 ms per frame',
    pass: reported === HOSTILE_FRAMES && p99Frame < 16,
  });

  // Each hostile frame reported exactly once, and nothing else reported.
  expect(h.env.onError).toHaveBeenCalledTimes(HOSTILE_FRAMES);
  for (const [error] of h.env.onError.mock.calls) expect(error).toBeInstanceOf(Error);
  expect(Object.fromEntries(counts)).toEqual({
    malformed: HOSTILE_FRAMES / 4,
    truncated: HOSTILE_FRAMES / 4,
    oversized: HOSTILE_FRAMES / 4,
    wrongTyped: HOSTILE_FRAMES / 4,
  });

  // State: exactly the valid frames' effects, the chat still active, the socket untouched.
  const after = h.core.getSnapshot();
  const agentMessages = after.chat.messages.filter((m) => m.kind === 'live_agent');
  expect(agentMessages.length - agentMessagesBefore).toBe(valid);
  expect(agentMessages.at(-1)).toMatchObject({ text: `valid answer ${valid}` });
  expect(after.chat.status).toEqual({ kind: 'active' });
  expect(after.chat.participants).toEqual(before.chat.participants);
  expect(selectMode(after)).toBe('chat');
  expect(live.closedWith).toBeNull();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();

  // The customer can still talk.
  h.core.sendMessage('still here?');
  // (the ping after it proves delivery on a server that does not acknowledge)
  expect(live.sent.at(-2)).toMatchObject({ body: { method: 'newMessage', message: 'still here?' } });
  // The time per frame is the benchmark's to judge (the figure above), not this machine's load.
}, 120_000);

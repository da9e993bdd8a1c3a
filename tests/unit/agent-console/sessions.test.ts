/** The console's session list: the feed's events applied, the rows a person reads, what is said aloud. */
import { describe, expect, it } from 'vitest';
import {
  applyFeedEvent,
  clock,
  EMPTY,
  MAX_FRAMES,
  sessionChanges,
  sessionRows,
  waitingNow,
} from '../../../agent-console/core/sessions.js';
import { at, entry, overview, T0 } from './fixtures.js';

describe('applying the live feed', () => {
  it('a snapshot replaces everything; a session event adds or replaces one; gone removes it', () => {
    let state = applyFeedEvent(EMPTY, { type: 'snapshot', sessions: [overview(2), overview(1)], watched: null });
    expect(state.sessions.map((s) => s.guid)).toEqual([1, 2]);
    state = applyFeedEvent(state, { type: 'session', session: overview(3) });
    state = applyFeedEvent(state, { type: 'session', session: overview(1, { customerName: 'Ada' }) });
    expect(state.sessions.map((s) => [s.guid, s.customerName])).toEqual([
      [1, 'Ada'],
      [2, 'Visitor 2'],
      [3, 'Visitor 3'],
    ]);
    state = applyFeedEvent(state, { type: 'gone', guid: 2 });
    expect(state.sessions.map((s) => s.guid)).toEqual([1, 3]);
  });

  it('keeps the watched session’s frames once each, in order, at most MAX_FRAMES; ignores another session’s', () => {
    const first = entry('client', { method: 'requestChat' });
    let state = applyFeedEvent(EMPTY, {
      type: 'snapshot',
      sessions: [overview(1)],
      watched: { guid: 1, frames: [first] },
    });
    const next = entry('client', { method: 'newMessage', message: 'hi' });
    state = applyFeedEvent(state, { type: 'frames', guid: 1, frames: [first, next] });
    expect(state.frames.map((f) => f.seq)).toEqual([first.seq, next.seq]);
    expect(applyFeedEvent(state, { type: 'frames', guid: 2, frames: [entry('client', {})] })).toBe(state);
    const many = Array.from({ length: MAX_FRAMES + 5 }, () => entry('server', { method: 'ping' }));
    state = applyFeedEvent(state, { type: 'frames', guid: 1, frames: many });
    expect(state.frames).toHaveLength(MAX_FRAMES);
    expect(state.frames.at(-1)).toBe(many.at(-1));
  });
});

describe('the rows of the list', () => {
  it('say who, how long they have waited or who is with them, the scenario, and whether a person is asked for', () => {
    const state = applyFeedEvent(EMPTY, {
      type: 'snapshot',
      watched: null,
      sessions: [
        overview(1, { customerName: 'Ada', queuedSince: at(0) }),
        overview(2, {
          customerName: '  ',
          queuedSince: null,
          controlledBy: 'console',
          participants: [{ id: 'console-agent-1', name: 'Jo', type: 'active_participant' }],
        }),
        overview(3, { customerName: 'Bob', ended: true, controlledBy: 'script', scenario: 'happy-path' }),
      ],
    });
    expect(sessionRows(state, T0 + 83_000)).toEqual([
      expect.objectContaining({
        guid: 2,
        name: 'Visitor',
        status: 'with agent',
        detail: 'with Jo',
        waitingForConsole: false,
      }),
      expect.objectContaining({
        guid: 1,
        name: 'Ada',
        status: 'queued',
        detail: 'waiting 1:23',
        waitingForConsole: true,
      }),
      expect.objectContaining({ guid: 3, name: 'Bob', status: 'ended', detail: 'ended', scenario: 'happy-path' }),
    ]);
  });

  it('writes durations as a person reads them', () => {
    expect([clock(0), clock(59_999), clock(61_000), clock(3_723_000), clock(-5)]).toEqual([
      '0:00',
      '0:59',
      '1:01',
      '1:02:03',
      '0:00',
    ]);
  });
});

describe('what is said to a screen reader', () => {
  it('a new chat, one that waits for a person, one that ended, the watched one’s connection', () => {
    const before = applyFeedEvent(EMPTY, {
      type: 'snapshot',
      sessions: [overview(1, { customerName: 'Ada', controlledBy: 'script' }), overview(2, { customerName: 'Bob' })],
      watched: { guid: 2, frames: [] },
    });
    let after = applyFeedEvent(before, {
      type: 'session',
      session: overview(3, { customerName: 'Cy', queuedSince: at(0) }),
    });
    after = applyFeedEvent(after, {
      type: 'session',
      session: overview(1, { customerName: 'Ada', controlledBy: 'waiting' }),
    });
    after = applyFeedEvent(after, { type: 'session', session: overview(2, { customerName: 'Bob', socket: 'none' }) });
    expect(sessionChanges(before, after, T0 + 5000)).toEqual([
      'Ada waits for a person to join',
      "Bob's connection is closed",
      'New chat: Cy, waiting 0:05 (live-agent); it waits for a person to join',
    ]);
    const ended = applyFeedEvent(after, { type: 'session', session: overview(3, { customerName: 'Cy', ended: true }) });
    expect(sessionChanges(after, ended, T0)).toEqual(['The chat with Cy ended']);
    expect(waitingNow(ended)).toEqual(['Ada waits for a person to join', 'Bob waits for a person to join']);
  });
});

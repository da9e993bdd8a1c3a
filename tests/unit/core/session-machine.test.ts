/**
 * The session machine (issue 10): a model-based test over generated sequences of socket
 * events, and the table rows a reader checks against the state diagram in the core README.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Effect,
  initialMachineState,
  type MachineEvent,
  type MachineState,
  retryDelay,
  transition,
} from '../../../widget/core/connection/session-machine.js';

const config = { maxNumberOfRetries: 5, normalCloseCodes: [1000, 1005] };

function run(events: MachineEvent[], resuming = false): { state: MachineState; effects: Effect[] } {
  let state = initialMachineState(resuming);
  const effects: Effect[] = [];
  for (const event of events) {
    const step = transition(state, event, config);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const socketEvent: fc.Arbitrary<MachineEvent> = fc.oneof(
  { arbitrary: fc.constant({ type: 'opened' as const }), weight: 6 },
  {
    arbitrary: fc.record({
      type: fc.constant('closed' as const),
      code: fc.constantFrom(1000, 1001, 1005, 1006, 1006, 1006, 1009, 1011),
      transferred: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
    }),
    weight: 6,
  },
  { arbitrary: fc.constant({ type: 'connectTimedOut' as const }), weight: 2 },
  { arbitrary: fc.constant({ type: 'livenessLost' as const }), weight: 2 },
  { arbitrary: fc.constant({ type: 'stayedUp' as const }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('retryDue' as const), transferred: fc.constant(false) }), weight: 6 },
  { arbitrary: fc.constant({ type: 'fatalError' as const }), weight: 1 },
  { arbitrary: fc.constant({ type: 'stopRetrying' as const }), weight: 1 },
  { arbitrary: fc.constant({ type: 'closeRequested' as const }), weight: 1 },
  { arbitrary: fc.constant({ type: 'endRequested' as const }), weight: 1 },
);

describe('session machine: model-based (fast-check over socket event sequences)', () => {
  it('property: ended is final and said once; sockets open only from connecting; retries count up by one and never pass the maximum; nothing reopens after a stop', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(socketEvent, { maxLength: 80 }), (resuming, events) => {
        let state = initialMachineState(resuming);
        let step = transition(state, { type: 'connect' }, config);
        state = step.state;
        expect(step.effects).toEqual([{ type: 'openSocket' }]);
        let ended = 0;
        let lastAttempt = 0;
        let stopped = false;
        for (const event of events) {
          const before = state;
          step = transition(state, event, config);
          state = step.state;
          if (before.phase.kind === 'ended') {
            // Absorbing: nothing moves an ended machine.
            expect(step).toEqual({ state: before, effects: [] });
            continue;
          }
          for (const effect of step.effects) {
            switch (effect.type) {
              case 'openSocket':
                expect(state.phase.kind).toBe('connecting');
                expect(stopped).toBe(false);
                break;
              case 'login':
                expect(state.phase.kind).toBe('open');
                // A chat the visitor ended never logs in again: its socket only delivers closeConversation.
                expect(before.ending).toBe(false);
                expect(effect.repeat).toBe(
                  before.everOpened || (before.phase.kind === 'connecting' && before.phase.attempt > 0),
                );
                break;
              case 'reconnecting':
                expect(state.phase).toEqual({ kind: 'backoff', attempt: effect.attempt });
                expect(effect.attempt).toBeLessThanOrEqual(config.maxNumberOfRetries);
                // One more than the count the lost socket carried (0 after a stable socket).
                expect(effect.attempt === lastAttempt + 1 || effect.attempt === 1).toBe(true);
                lastAttempt = effect.attempt;
                break;
              case 'ended':
                ended += 1;
                expect(state.phase).toEqual({ kind: 'ended', close: effect.close });
                break;
              case 'deliverEnd':
                // closeConversation goes out on an open socket, which then closes: the chat is over.
                expect(
                  before.phase.kind === 'open' || (before.phase.kind === 'connecting' && event.type === 'opened'),
                ).toBe(true);
                expect(effect.renew).toBe(before.phase.kind === 'connecting');
                expect(step.effects.map((e) => e.type)).toEqual(['deliverEnd', 'closeSocket', 'ended']);
                break;
              case 'closeSocket':
                break;
            }
          }
          // An ending chat is never taken for a move to another tab (a new chat here writes newer timestamps).
          if (before.ending && state.phase.kind === 'ended') expect(state.phase.close.kind).not.toBe('transferred');
          if (event.type === 'fatalError' || event.type === 'stopRetrying' || event.type === 'closeRequested')
            stopped = true;
          if (state.phase.kind === 'open' && state.phase.stable) lastAttempt = 0;
          // A new chat whose first socket never logged in has nothing to retry.
          if (!before.loggedIn && event.type === 'closed') expect(state.phase.kind).toBe('ended');
          // A normal close of a logged-in socket ends the chat.
          if (event.type === 'closed' && config.normalCloseCodes.includes(event.code) && before.phase.kind === 'open') {
            expect(state.phase.kind).toBe('ended');
          }
        }
        expect(ended).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: a server that never stays up ends the chat after exactly maxNumberOfRetries attempts, whatever its close codes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom<MachineEvent>(
            { type: 'closed', code: 1006, transferred: false },
            { type: 'livenessLost' },
            { type: 'connectTimedOut' },
          ),
          {
            minLength: 40,
            maxLength: 40,
          },
        ),
        (failures) => {
          let state = initialMachineState(true);
          state = transition(state, { type: 'connect' }, config).state;
          const effects: Effect[] = [];
          for (const failure of failures) {
            for (const event of [
              { type: 'opened' } as const,
              failure,
              { type: 'retryDue', transferred: false } as const,
            ]) {
              const step = transition(state, event, config);
              state = step.state;
              effects.push(...step.effects);
            }
          }
          expect(effects.filter((e) => e.type === 'reconnecting')).toHaveLength(config.maxNumberOfRetries);
          expect(effects.filter((e) => e.type === 'ended')).toEqual([
            { type: 'ended', close: { kind: 'retriesExhausted' } },
          ]);
        },
      ),
    );
  });
});

describe('session machine: transitions', () => {
  const open: MachineEvent[] = [{ type: 'connect' }, { type: 'opened' }];
  const drop: MachineEvent = { type: 'closed', code: 1006, transferred: false };

  it('a stored session that cannot open at once retries; a new chat that cannot open is over', () => {
    expect(run([{ type: 'connect' }, drop], true).state.phase).toEqual({ kind: 'backoff', attempt: 1 });
    expect(run([{ type: 'connect' }, { type: 'connectTimedOut' }], false).state.phase).toEqual({
      kind: 'ended',
      close: { kind: 'closed', manual: false, code: 1006, everConnected: false },
    });
  });

  it('only a socket that stayed up resets the count', () => {
    const flap = [drop, { type: 'retryDue', transferred: false }, { type: 'opened' }] as MachineEvent[];
    expect(run([...open, ...flap, ...flap, drop]).state.phase).toEqual({ kind: 'backoff', attempt: 3 });
    expect(run([...open, ...flap, { type: 'stayedUp' }, drop]).state.phase).toEqual({ kind: 'backoff', attempt: 1 });
  });

  it('a dead socket (liveness lost) is closed and retried like a drop', () => {
    expect(run([...open, { type: 'livenessLost' }]).effects.slice(-2)).toEqual([
      { type: 'closeSocket' },
      { type: 'reconnecting', attempt: 1 },
    ]);
  });

  it('close 1000 and 1005 end the chat; 1001 or 1006 with a newer timestamp elsewhere is a transfer', () => {
    for (const code of [1000, 1005]) {
      expect(run([...open, { type: 'closed', code, transferred: false }]).state.phase.kind).toBe('ended');
    }
    expect(run([...open, { type: 'closed', code: 1001, transferred: true }]).state.phase).toEqual({
      kind: 'ended',
      close: { kind: 'transferred' },
    });
  });

  it('an error frame, End Chat or a stop while waiting to retry end it without another socket', () => {
    for (const event of [
      { type: 'fatalError' },
      { type: 'closeRequested' },
      { type: 'stopRetrying' },
    ] as MachineEvent[]) {
      const { state, effects } = run([...open, drop, event]);
      expect(state.phase.kind).toBe('ended');
      expect(effects.filter((e) => e.type === 'openSocket')).toHaveLength(1);
    }
    expect(run([...open, { type: 'closeRequested' }]).state.phase).toEqual({
      kind: 'ended',
      close: { kind: 'closed', manual: true, code: 1000, everConnected: true },
    });
  });

  it('End Chat while the socket is down: the attempts go on, a newer timestamp is no transfer, the next socket delivers closeConversation', () => {
    const ended: MachineEvent[] = [...open, drop, { type: 'endRequested' }];
    expect(run(ended).state.phase).toEqual({ kind: 'backoff', attempt: 1 });
    const retried = run([...ended, { type: 'retryDue', transferred: true }]);
    expect(retried.state.phase).toEqual({ kind: 'connecting', attempt: 1 });
    const refused = run([
      ...ended,
      { type: 'retryDue', transferred: true },
      { type: 'closed', code: 1006, transferred: true },
    ]);
    expect(refused.state.phase).toEqual({ kind: 'backoff', attempt: 2 });
    const delivered = run([...ended, { type: 'retryDue', transferred: false }, { type: 'opened' }]);
    expect(delivered.effects.slice(-3)).toEqual([
      { type: 'deliverEnd', renew: true },
      { type: 'closeSocket' },
      { type: 'ended', close: { kind: 'closed', manual: true, code: 1000, everConnected: true } },
    ]);
    expect(delivered.effects.filter((e) => e.type === 'login')).toHaveLength(1);
    // On an open socket it goes at once; a new chat that never opened has nobody to tell.
    expect(
      run([...open, { type: 'endRequested' }])
        .effects.slice(-3)
        .map((e) => e.type),
    ).toEqual(['deliverEnd', 'closeSocket', 'ended']);
    expect(
      run([{ type: 'connect' }, { type: 'endRequested' }])
        .effects.slice(-2)
        .map((e) => e.type),
    ).toEqual(['closeSocket', 'ended']);
  });

  it('retry delay: retryInterval ± retryJitter, never negative', () => {
    expect(retryDelay(3000, 0.3, 0)).toBe(2100);
    expect(retryDelay(3000, 0.3, 0.5)).toBe(3000);
    expect(retryDelay(3000, 0.3, 0.999_999)).toBe(3900);
    expect(retryDelay(3000, 0, 0.7)).toBe(3000);
    expect(retryDelay(100, 1, 0)).toBe(0);
  });
});

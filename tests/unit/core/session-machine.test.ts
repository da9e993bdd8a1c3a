/**
 * The session machine (issue 10): a model-based test over generated sequences of socket
 * events, the same with the whole chat session against a server that acknowledges or not
 * (what a visitor would notice), and the table rows a reader checks against the state
 * diagram in the core README.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../widget/core/chat/state.js';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import {
  type Effect,
  initialMachineState,
  type MachineEvent,
  type MachineState,
  retryDelay,
  transition,
} from '../../../widget/core/connection/session-machine.js';
import { chatting, harness, withFakeClock } from './support/core-harness.js';
import { FakeSocket } from './support/fake-env.js';
import { type Manners, ModelServer, TimedSocket } from './support/model-server.js';

const config = { maxNumberOfRetries: 5, normalCloseCodes: [1000, 1005] };

function run(
  events: MachineEvent[],
  resuming = false,
  machineConfig = config,
): { state: MachineState; effects: Effect[] } {
  let state = initialMachineState(resuming);
  const effects: Effect[] = [];
  for (const event of events) {
    const step = transition(state, event, machineConfig);
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
              case 'closeSocket':
                // A socket closed to reconnect goes with 4001: a server may end the session on 1000/1005.
                expect(effect.code).toBe(state.phase.kind === 'backoff' ? 4001 : 1000);
                break;
            }
          }
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

  it('a dead socket (liveness lost) is closed with 4001 and retried like a drop', () => {
    expect(run([...open, { type: 'livenessLost' }]).effects.slice(-2)).toEqual([
      { type: 'closeSocket', code: 4001 },
      { type: 'reconnecting', attempt: 1 },
    ]);
  });

  it('closes a socket it means to reconnect with 4001, never 1000 or 1005; one it gives up for good with 1000', () => {
    const connecting: MachineEvent[] = [...open, drop, { type: 'retryDue', transferred: false }];
    const closes = (events: MachineEvent[]) =>
      run(events).effects.flatMap((e) => (e.type === 'closeSocket' ? [e.code] : []));
    // Pongs stopped, or the next socket did not open in time: the renew must still be honoured.
    expect(closes([...open, { type: 'livenessLost' }])).toEqual([4001]);
    expect(closes([...connecting, { type: 'connectTimedOut' }])).toEqual([4001]);
    // The last try, or a chat that is over: a normal close.
    const lastTry = run([...connecting, { type: 'connectTimedOut' }], false, { ...config, maxNumberOfRetries: 1 });
    expect(lastTry.state.phase).toEqual({ kind: 'ended', close: { kind: 'retriesExhausted' } });
    expect(lastTry.effects.filter((e) => e.type === 'closeSocket')).toEqual([{ type: 'closeSocket', code: 1000 }]);
    expect(closes([...open, { type: 'closeRequested' }])).toEqual([1000]);
    expect(closes([...open, { type: 'fatalError' }])).toEqual([1000]);
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

  it('retry delay: retryInterval ± retryJitter, never negative', () => {
    expect(retryDelay(3000, 0.3, 0)).toBe(2100);
    expect(retryDelay(3000, 0.3, 0.5)).toBe(3000);
    expect(retryDelay(3000, 0.3, 0.999_999)).toBe(3900);
    expect(retryDelay(3000, 0, 0.7)).toBe(3000);
    expect(retryDelay(100, 1, 0)).toBe(0);
  });
});

/**
 * The whole chat session (machine, delivery, reducer) on fake timers against a model contact
 * centre that acknowledges or not and answers pings or not, over generated sequences of
 * network events: the server reading or not before a drop, its answers arriving or not, drops
 * with any code, half-open sockets, sockets that never open, time passing, the visitor typing,
 * the agent writing, End Chat. Then the network heals for a while, and what a visitor would
 * notice is checked.
 */
type NetworkStep =
  | { kind: 'type' }
  | { kind: 'agentSays' }
  | { kind: 'serverReads' }
  | { kind: 'clientReceives' }
  | { kind: 'open' }
  | { kind: 'drop'; code: number }
  | { kind: 'halfOpen' }
  | { kind: 'tick'; ms: number }
  | { kind: 'endChat' };

const networkStep: fc.Arbitrary<NetworkStep> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'type' as const }), weight: 6 },
  { arbitrary: fc.constant({ kind: 'agentSays' as const }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'serverReads' as const }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'clientReceives' as const }), weight: 3 },
  { arbitrary: fc.constant({ kind: 'open' as const }), weight: 4 },
  {
    arbitrary: fc.record({ kind: fc.constant('drop' as const), code: fc.constantFrom(1006, 1006, 1006, 1001, 1011) }),
    weight: 3,
  },
  { arbitrary: fc.constant({ kind: 'drop' as const, code: 1000 }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'halfOpen' as const }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(250, 1000, 3000, 6000, 11_000) }),
    weight: 6,
  },
  { arbitrary: fc.constant({ kind: 'endChat' as const }), weight: 1 },
);

const manners: fc.Arbitrary<Manners> = fc.record({ acks: fc.boolean(), pongs: fc.boolean() });

const MODEL_RETRIES = 8;
const LIVENESS = DEFAULTS.livenessTimeout;
const PING = DEFAULTS.pingTimer;

interface ModelOutcome {
  /** The first broken rule seen while the sequence ran, or null. */
  problem: string | null;
}

async function runChat(server: Manners, steps: NetworkStep[]): Promise<ModelOutcome> {
  FakeSocket.reset();
  const h = harness({
    env: { WebSocket: TimedSocket as never },
    page: {
      options: {
        apiEndpointsDomain: 'https://api.example.com',
        maxNumberOfRetries: MODEL_RETRIES,
        // Here a message must never give up: every loss is the network's, not the message's.
        maxDeliveryAttempts: 100,
      },
    },
  });
  await chatting(h);
  const model = new ModelServer(server, FakeSocket.last());
  const typed: string[] = [];
  /** Each customer message's last state on screen (the screen is reset after End Chat). */
  const lastSeen = new Map<
    string,
    ChatMessage extends infer M ? (M extends { delivery: infer D } ? D : never) : never
  >();
  let problem: string | null = null;
  const broken = (why: string) => {
    problem ??= why;
  };
  let socketsAtEnd: number | null = null;
  let endChatChosen = false;

  const unsubscribe = h.core.subscribe(() => {
    const chat = h.core.getSnapshot().chat;
    const customer = chat.messages.flatMap((m) => (m.kind === 'customer' ? [m] : []));
    const agent = chat.messages.flatMap((m) => (m.kind === 'live_agent' ? [m.text] : []));
    if (new Set(customer.map((m) => m.text)).size !== customer.length) broken('a customer message shown twice');
    if (new Set(agent).size !== agent.length) broken('an agent message shown twice');
    for (const m of customer) lastSeen.set(m.text, m.delivery);
    if (chat.connection.kind === 'reconnecting' && chat.connection.attempt > MODEL_RETRIES) {
      broken(`reconnect attempt ${chat.connection.attempt} beyond maxNumberOfRetries`);
    }
    if (chat.status.kind === 'ended' && socketsAtEnd === null) socketsAtEnd = FakeSocket.instances.length;
  });

  /** When `text` last went out on `socket`, or null if it never did. */
  const sentOn = (socket: TimedSocket, text: string): number | null => {
    for (let i = socket.sent.length - 1; i >= 0; i--) {
      const body = (socket.sent[i] as { body: { method: string; message?: string } }).body;
      if (body.method === 'newMessage' && body.message === text) return socket.sentAt[i] ?? null;
    }
    return null;
  };

  /** Never stuck "Sending…": on a socket that stays open, a message is settled within the liveness window. */
  const checkNotStuck = () => {
    const socket = FakeSocket.instances.at(-1) as TimedSocket;
    if (socket.readyState !== 1) return;
    const now = Date.now();
    for (const m of h.core.getSnapshot().chat.messages) {
      if (m.kind !== 'customer' || (m.delivery !== 'sending' && m.delivery !== 'queued')) continue;
      const sentAt = m.delivery === 'sending' ? sentOn(socket, m.text) : null;
      if (sentAt !== null) {
        if (now - sentAt > LIVENESS) broken(`"${m.text}" shows Sending… ${now - sentAt} ms after it went out`);
        continue;
      }
      // Not on this socket yet: only the replay after the renew may hold it, two ping intervals at most.
      const since = Math.max(socket.openedAt ?? now, m.timestamp);
      if (now - since > 2 * PING) broken(`"${m.text}" not sent ${now - since} ms into an open socket`);
    }
  };

  const inProgress = () => {
    const kind = h.core.getSnapshot().chat.status.kind;
    return !endChatChosen && (kind === 'active' || kind === 'waiting');
  };

  /** Time passes on a working network: the server reads and answers within 250 ms. */
  const tick = async (ms: number) => {
    for (let elapsed = 0; elapsed < ms; elapsed += 250) {
      model.reads();
      model.delivers();
      await vi.advanceTimersByTimeAsync(Math.min(250, ms - elapsed));
      checkNotStuck();
    }
  };

  for (const step of steps) {
    const socket = FakeSocket.instances.at(-1) as TimedSocket;
    switch (step.kind) {
      case 'type':
        if (inProgress()) {
          const text = `Customer ${typed.length + 1}`;
          typed.push(text);
          h.core.sendMessage(text);
        }
        break;
      case 'agentSays':
        model.agentSays();
        break;
      case 'serverReads':
        model.reads();
        break;
      case 'clientReceives':
        model.delivers();
        break;
      case 'open':
        if (socket.readyState === 0) socket.open();
        break;
      case 'drop':
        if (socket.readyState === 1) socket.drop(step.code);
        else if (socket.readyState === 0) socket.drop(1006);
        break;
      case 'halfOpen':
        // A server that never answered a ping is trusted after the window (README, limits): not this case.
        if (model.manners.pongs && model.pongDelivered) model.halfOpen();
        break;
      case 'tick':
        await tick(step.ms);
        break;
      case 'endChat':
        if (inProgress()) {
          h.core.closeDialog();
          h.core.confirmEndChat(true);
          endChatChosen = true;
        }
        break;
    }
    await vi.advanceTimersByTimeAsync(0);
    checkNotStuck();
    if (endChatChosen) break;
  }

  // The network heals: sockets open at once, the server reads and answers promptly.
  for (let i = 0; i < 80; i++) {
    const socket = FakeSocket.instances.at(-1) as TimedSocket;
    if (socket.readyState === 0) socket.open();
    await tick(500);
  }

  const state = h.core.getSnapshot();
  const onServer = model.texts('customer');
  const check = (ok: boolean, why: string) => {
    if (!ok) broken(why);
  };
  check(new Set(onServer).size === onServer.length, `the server got a message twice: ${onServer.join(', ')}`);
  check(
    JSON.stringify(onServer) === JSON.stringify(typed.filter((t) => onServer.includes(t))),
    `the server got them out of order: ${onServer.join(', ')}`,
  );
  for (const text of typed) {
    const seen = lastSeen.get(text);
    check(seen !== 'queued' && seen !== 'sending', `"${text}" left Sending…`);
    check(seen !== 'delivered' || onServer.includes(text), `"${text}" shown as sent, the server never got it`);
    check(onServer.includes(text) || seen === 'failed', `"${text}" lost without a failed state`);
  }
  if (inProgress()) {
    const shown = state.chat.messages.flatMap((m) => (m.kind === 'customer' ? [`${m.text}:${m.delivery}`] : []));
    check(
      JSON.stringify(shown) === JSON.stringify(typed.map((t) => `${t}:delivered`)),
      `customer messages on screen: ${shown.join(', ')}`,
    );
    const agent = state.chat.messages.flatMap((m) => (m.kind === 'live_agent' ? [m.text] : []));
    check(
      JSON.stringify(agent) === JSON.stringify(model.texts('live_agent')),
      `agent messages on screen: ${agent.join(', ')}; the server's: ${model.texts('live_agent').join(', ')}`,
    );
  }
  if (inProgress() && model.manners.acks && !model.agentBeforeFirstAck) {
    // With a server that acknowledges (known from its first acknowledgement) the screen is the server's order.
    const both = state.chat.messages.flatMap((m) => (m.kind === 'customer' || m.kind === 'live_agent' ? [m.text] : []));
    const theirs = model.transcript.map((e) => e.text);
    check(
      JSON.stringify(both) === JSON.stringify(theirs),
      `order on screen ${both.join(', ')}; the server's ${theirs.join(', ')}`,
    );
  }
  if (endChatChosen) check(model.closedByCustomer, 'End Chat never reached the server');
  if (socketsAtEnd !== null)
    check(FakeSocket.instances.length === socketsAtEnd, 'a socket opened after the chat ended');
  unsubscribe();
  h.core.dispose();
  return { problem };
}

describe('chat session: model-based (fast-check over network events, acknowledgements or none)', () => {
  withFakeClock();

  it('property: nothing lost, nothing doubled, order kept (the server\'s exactly once it has acknowledged), never "Sending…" past the liveness window on an open socket, retries bounded, End Chat delivered', async () => {
    await fc.assert(
      fc.asyncProperty(manners, fc.array(networkStep, { minLength: 5, maxLength: 60 }), async (server, steps) => {
        const { problem } = await runChat(server, steps);
        expect(problem).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../widget/core/config/defaults.js';
import { resolveSettings } from '../../../widget/core/config/settings.js';
import { createConnection, type FinalClose } from '../../../widget/core/connection/connection.js';
import { newMessageFrame } from '../../../widget/core/connection/frames.js';
import { FakeSocket, testEnvironment } from './support/fake-env.js';

function setup(
  options: { previouslyConnected?: boolean; stored?: number | null; own?: number | null; retries?: number } = {},
) {
  const env = testEnvironment();
  const events: string[] = [];
  const finals: FinalClose[] = [];
  const settings = resolveSettings({ retryInterval: 3000, maxNumberOfRetries: options.retries ?? 2 });
  const connection = createConnection({
    env,
    settings,
    url: 'wss://chat.example.com/chat',
    previouslyConnected: options.previouslyConnected ?? false,
    ownTimestamp: () => options.own ?? null,
    storedTimestamp: () => options.stored ?? null,
    handlers: {
      onOpen: (repeat) => events.push(`open:${repeat}`),
      onNotification: (frame) => events.push(`notification:${frame.body.method}`),
      onFatalError: (code, message) => events.push(`fatal:${code}:${message}`),
      onSocketError: () => events.push('socketError'),
      onReconnecting: (attempt) => events.push(`reconnecting:${attempt}`),
      onFinalClose: (close) => finals.push(close),
      onAcknowledgement: (method) => events.push(`ack:${method}`),
    },
  });
  return { env, connection, events, finals };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('socket lifecycle (section 4)', () => {
  it('§4 socket lifecycle: on open the ping timer starts and login runs', () => {
    const { connection, events } = setup();
    connection.connect();
    const socket = FakeSocket.last();
    expect(socket.url).toBe('wss://chat.example.com/chat');
    socket.open();
    expect(events).toEqual(['open:false']);
    vi.advanceTimersByTime(5000);
    expect(socket.methods()).toEqual(['ping']);
    vi.advanceTimersByTime(10_000);
    expect(socket.methods()).toEqual(['ping', 'ping', 'ping']);
    connection.dispose();
    vi.advanceTimersByTime(10_000);
    expect(socket.methods()).toHaveLength(3);
    // Disposed while the chat is not over (the page leaves; the next page renews it): not 1000.
    expect(socket.closedWith).toBe(4001);
  });

  it('barrier: called when the answer to its own ping arrives, after earlier pings are answered', () => {
    const { connection, events } = setup();
    connection.connect();
    const socket = FakeSocket.last();
    const answered: string[] = [];
    expect(connection.barrier(() => answered.push('early'))).toBe(false);
    socket.open();
    vi.advanceTimersByTime(5000);
    expect(connection.barrier(() => answered.push('barrier'))).toBe(true);
    expect(socket.methods()).toEqual(['ping', 'ping']);
    socket.pong();
    expect(answered).toEqual([]);
    // Older servers answer a ping with method ping.
    socket.notify({ method: 'ping' });
    expect(answered).toEqual(['barrier']);
    socket.pong();
    expect(answered).toEqual(['barrier']);
    socket.ack('newMessage');
    expect(events).toContain('ack:newMessage');
    connection.dispose();
  });

  it('barrier: forgotten when its socket goes; answers on the next socket do not call it', () => {
    const { connection } = setup({ previouslyConnected: true });
    connection.connect();
    const first = FakeSocket.last();
    first.open();
    const answered: string[] = [];
    connection.barrier(() => answered.push('first'));
    first.drop(1006);
    vi.advanceTimersByTime(3000);
    const second = FakeSocket.last();
    second.open();
    second.pong();
    expect(answered).toEqual([]);
    connection.dispose();
  });

  it('liveness: each ping is held to livenessTimeout from when it went out, one sent before the server first answered included', () => {
    const { connection, events } = setup({ previouslyConnected: true });
    connection.connect();
    const socket = FakeSocket.last();
    socket.open();
    vi.advanceTimersByTime(5000);
    vi.advanceTimersByTime(1000);
    connection.barrier(() => {});
    vi.advanceTimersByTime(1000);
    // The first ping is answered (the server answers pings), the barrier's ping never is.
    socket.pong();
    expect(connection.answersPings()).toBe(true);
    vi.advanceTimersByTime(DEFAULTS.livenessTimeout - 1001);
    expect(socket.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    // Closed to reconnect: 4001, never 1000 (a server may end the session on a normal close).
    expect(socket.closedWith).toBe(4001);
    expect(events).toContain('reconnecting:1');
    connection.dispose();
  });

  it('openPhaseTimeout: set only while a socket is open, and gone with it', () => {
    const { connection } = setup({ previouslyConnected: true });
    const fired: string[] = [];
    connection.connect();
    connection.openPhaseTimeout(10, () => fired.push('connecting'));
    FakeSocket.last().open();
    connection.openPhaseTimeout(1000, () => fired.push('first socket'));
    FakeSocket.last().drop(1006);
    vi.advanceTimersByTime(3000);
    FakeSocket.last().open();
    connection.openPhaseTimeout(1000, () => fired.push('second socket'));
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual(['second socket']);
    connection.dispose();
  });

  it('§4 socket lifecycle: send says whether the socket took the frame', () => {
    const { connection } = setup();
    connection.connect();
    expect(connection.send(newMessageFrame('early'))).toBe(false);
    expect(connection.isOpen()).toBe(false);
    FakeSocket.last().open();
    expect(connection.send(newMessageFrame('now'))).toBe(true);
    expect(connection.isOpen()).toBe(true);
  });

  it.each([1000, 1005])('§4 socket lifecycle: close code %i is final (clean up, no retry)', (code) => {
    const { connection, finals, events } = setup();
    connection.connect();
    FakeSocket.last().open();
    FakeSocket.last().drop(code);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(finals).toEqual([{ kind: 'closed', manual: false, code, everConnected: true }]);
    expect(events).toEqual(['open:false']);
  });

  it('§4 socket lifecycle: a socket that never connected is final', () => {
    const { connection, finals } = setup();
    connection.connect();
    FakeSocket.last().fail();
    FakeSocket.last().drop(1006);
    expect(finals).toEqual([{ kind: 'closed', manual: false, code: 1006, everConnected: false }]);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('§4 socket lifecycle: reconnect after retryInterval with a notice per attempt, then unable to reconnect', () => {
    const { connection, events, finals } = setup();
    connection.connect();
    FakeSocket.last().open();
    FakeSocket.last().drop(1006);
    expect(events).toEqual(['open:false', 'reconnecting:1']);
    vi.advanceTimersByTime(2999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last().drop(1006);
    expect(events.at(-1)).toBe('reconnecting:2');
    vi.advanceTimersByTime(3000);
    FakeSocket.last().drop(1006);
    expect(finals).toEqual([{ kind: 'retriesExhausted' }]);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it('§4 socket lifecycle: a reconnect is a repeat connection; only a socket that stayed up minUptime resets the retry count', () => {
    const { connection, events, finals } = setup();
    connection.connect();
    FakeSocket.last().open();
    FakeSocket.last().drop(1006);
    vi.advanceTimersByTime(3000);
    FakeSocket.last().open();
    expect(events).toEqual(['open:false', 'reconnecting:1', 'open:true']);
    vi.advanceTimersByTime(DEFAULTS.minUptime);
    FakeSocket.last().drop(1001);
    vi.advanceTimersByTime(3000);
    FakeSocket.last().drop(1006);
    expect(events.filter((e) => e.startsWith('reconnecting'))).toEqual([
      'reconnecting:1',
      'reconnecting:1',
      'reconnecting:2',
    ]);
    expect(finals).toEqual([]);
  });

  it('§4 socket lifecycle: 1006 with a newer stored timestamp from another tab means transferred', () => {
    const { connection, finals, events } = setup({ own: 1000, stored: 2000 });
    connection.connect();
    FakeSocket.last().open();
    FakeSocket.last().drop(1006);
    expect(finals).toEqual([{ kind: 'transferred' }]);
    expect(events).toEqual(['open:false']);
  });

  it('§4 socket lifecycle: 1001 with a newer stored timestamp is transferred; an equal one is a drop', () => {
    const transferred = setup({ own: 1000, stored: 1500 });
    transferred.connection.connect();
    FakeSocket.last().open();
    FakeSocket.last().drop(1001);
    expect(transferred.finals).toEqual([{ kind: 'transferred' }]);
    const same = setup({ own: 1000, stored: 1000 });
    same.connection.connect();
    FakeSocket.last().open();
    FakeSocket.last().drop(1001);
    expect(same.finals).toEqual([]);
    expect(same.events.at(-1)).toBe('reconnecting:1');
  });

  it("§4 socket lifecycle: another tab's timestamp that reaches storage after the 1001 still means transferred, not a reconnect", () => {
    // setup reads own and stored on every close, so the test can move them.
    const timestamps = { own: 1000, stored: 1000 };
    const { connection, finals } = setup(timestamps);
    connection.connect();
    FakeSocket.last().open();
    const sockets = FakeSocket.instances.length;
    FakeSocket.last().drop(1001);
    expect(finals).toEqual([]);
    // Storage events between tabs are asynchronous: the other tab's stamp lands a moment later.
    timestamps.stored = 1500;
    vi.advanceTimersByTime(3000);
    expect(finals).toEqual([{ kind: 'transferred' }]);
    expect(FakeSocket.instances).toHaveLength(sockets);
  });

  it('§4 socket lifecycle: a renewing session starts as previously connected and retries a failed first open', () => {
    const { connection, events } = setup({ previouslyConnected: true });
    connection.connect();
    FakeSocket.last().drop(1006);
    expect(events).toEqual(['reconnecting:1']);
    vi.advanceTimersByTime(3000);
    FakeSocket.last().open();
    expect(events.at(-1)).toBe('open:true');
    const fresh = setup({ previouslyConnected: true });
    fresh.connection.connect();
    FakeSocket.last().open();
    // A resumed chat that opens at once is no reconnection: no 'Successfully reconnected'.
    expect(fresh.events).toEqual(['open:false']);
  });

  it('§8 error 503 and other codes: retries off, the socket is closed', () => {
    const { connection, events, finals } = setup();
    connection.connect();
    FakeSocket.last().open();
    FakeSocket.last().error(503, 'Shutting down');
    expect(events.at(-1)).toBe('fatal:503:Shutting down');
    expect(FakeSocket.last().closedWith).toBe(1000);
    expect(finals).toEqual([{ kind: 'closed', manual: false, code: 1000, everConnected: true }]);
  });

  it('§8 error code 1 is not fatal: the socket stays', () => {
    const { connection, events, env } = setup();
    connection.connect();
    FakeSocket.last().open();
    FakeSocket.last().error(1, 'Invalid message: Chat not started');
    expect(events).toEqual(['open:false']);
    expect(FakeSocket.last().closedWith).toBeNull();
    expect(env.logger.warn).toHaveBeenCalled();
  });

  it('§4 error after a drop: once retries are off, an abnormal close is final', () => {
    const { connection, finals } = setup();
    connection.connect();
    FakeSocket.last().open();
    connection.stopRetrying();
    FakeSocket.last().drop(1006);
    expect(finals).toEqual([{ kind: 'closed', manual: false, code: 1006, everConnected: true }]);
  });

  it('a server that accepts and drops before minUptime does not reset the count: it runs out', () => {
    const { connection, events, finals } = setup({ retries: 3 });
    connection.connect();
    FakeSocket.last().open();
    for (let drop = 0; drop < 3; drop++) {
      FakeSocket.last().drop(1006);
      vi.advanceTimersByTime(3000);
      FakeSocket.last().open();
      vi.advanceTimersByTime(DEFAULTS.minUptime - 1);
    }
    FakeSocket.last().drop(1006);
    expect(events.filter((e) => e.startsWith('reconnecting'))).toEqual([
      'reconnecting:1',
      'reconnecting:2',
      'reconnecting:3',
    ]);
    expect(finals).toEqual([{ kind: 'retriesExhausted' }]);
  });

  it("an older server's frames and out-of-scope notifications are ignored, said once in the log, not errors", () => {
    const { connection, events, env } = setup();
    connection.connect();
    const socket = FakeSocket.last();
    socket.open();
    for (let i = 0; i < 3; i++) {
      socket.receiveRaw({ type: 'newChatAcknowledgement', body: { guid: 7 } });
      socket.receiveRaw({ apiVersion: '1.0', type: 'notification', body: { method: 'queueStatus', position: i } });
    }
    expect(env.onError).not.toHaveBeenCalled();
    const said = vi.mocked(env.logger.info).mock.calls.map(([line]) => String(line));
    expect(said.filter((line) => line.includes('newChatAcknowledgement'))).toHaveLength(1);
    expect(said.filter((line) => line.includes('queueStatus'))).toHaveLength(1);
    expect(events).toEqual(['open:false']);
  });

  it('§8 unknown message type or method: TypeError to the error hook; the socket keeps working', () => {
    const { connection, events, env } = setup();
    connection.connect();
    const socket = FakeSocket.last();
    socket.open();
    socket.receiveRaw({ apiVersion: '1.0', type: 'surprise', body: {} });
    socket.receiveRaw({ apiVersion: '1.0', type: 'notification', body: { method: 'teleport' } });
    socket.receiveRaw('not json');
    socket.receiveRaw({ apiVersion: '1.0', type: 'acknowledgement', body: { method: 'newMessage' } });
    socket.notify({ method: 'pong' });
    expect(env.onError).toHaveBeenCalledTimes(3);
    const errors = vi.mocked(env.onError).mock.calls.map(([error]) => error);
    expect(errors.every((error) => error instanceof TypeError)).toBe(true);
    // Acknowledgements now reach the handler: they tell the outbox a message was delivered.
    expect(events).toEqual(['open:false', 'ack:newMessage', 'notification:pong']);
  });

  it('§8 socket error while connected: the connection-error notice; not during reconnect attempts', () => {
    const { connection, events } = setup();
    connection.connect();
    FakeSocket.last().open();
    FakeSocket.last().fail();
    expect(events.at(-1)).toBe('socketError');
    FakeSocket.last().drop(1006);
    vi.advanceTimersByTime(3000);
    FakeSocket.last().fail();
    expect(events.filter((e) => e === 'socketError')).toHaveLength(1);
  });

  it('§4 socket lifecycle: a manual close is final and flagged manual', () => {
    const { connection, finals } = setup();
    connection.connect();
    FakeSocket.last().open();
    connection.close();
    expect(finals).toEqual([{ kind: 'closed', manual: true, code: 1000, everConnected: true }]);
    const idle = setup();
    idle.connection.close();
    expect(idle.finals).toEqual([{ kind: 'closed', manual: true, code: 1000, everConnected: false }]);
  });

  it('a constructor that throws counts as an abnormal close', () => {
    const env = testEnvironment({
      WebSocket: class {
        constructor() {
          throw new Error('blocked');
        }
      } as never,
    });
    const finals: FinalClose[] = [];
    const connection = createConnection({
      env,
      settings: resolveSettings(),
      url: 'ws://x/chat',
      previouslyConnected: false,
      ownTimestamp: () => null,
      storedTimestamp: () => null,
      handlers: {
        onOpen: () => {},
        onNotification: () => {},
        onFatalError: () => {},
        onSocketError: () => {},
        onReconnecting: () => {},
        onFinalClose: (close) => finals.push(close),
      },
    });
    connection.connect();
    expect(finals).toEqual([{ kind: 'closed', manual: false, code: 1006, everConnected: false }]);
    expect(env.logger.error).toHaveBeenCalled();
  });
});

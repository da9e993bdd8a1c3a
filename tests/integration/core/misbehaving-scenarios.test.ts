/**
 * Issue 10 against the mock's misbehaving contact centres (issue 11's scenarios), over a real
 * socket in real time scaled by the mock's speed (the core's own timers run ahead where a case
 * waits on them): what the visitor sees, and what reached the server (the capture), per
 * numbered case.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { WidgetState } from '../../../widget/core/chat/state.js';
import { STORAGE_KEYS } from '../../../widget/core/session/storage-keys.js';
import { TEXTS } from '../../../widget/core/texts.js';
import { Changes } from '../../support/changes.js';
import { WAIT_MS } from '../../support/patience.js';
import { customer, recordedClientFrames, sharedStorage, visits } from './support/core-over-mock.js';

const open = visits();
/** Short waits: page options win over chatWidgetParams (and are clamped like them). */
const quick = { retryInterval: 300, maxNumberOfRetries: 10, pingTimer: 1000, livenessTimeout: 2000 };
/** The core's time from a silent socket to giving it up: a ping interval, then the liveness timeout. */
const PAST_LIVENESS_MS = quick.pingTimer + quick.livenessTimeout;

async function started(scenario: string, options: Parameters<typeof open>[1] = {}) {
  const v = await open(scenario, options);
  v.core.start();
  await v.until((s) => s.availability.status === 'available');
  v.core.openDialog();
  v.core.startChat(customer);
  await v.until((s) => s.chat.status.kind === 'active');
  return v;
}

const page = (options: Record<string, unknown> = {}) => ({ options: { ...quick, ...options } });

function capture(name: string): string {
  return join(mkdtempSync(join(tmpdir(), `misbehaving-${name}-`)), 'frames.jsonl');
}

function customerLines(state: WidgetState): string[] {
  return state.chat.messages.flatMap((m) => (m.kind === 'customer' ? [`${m.text}:${m.delivery}`] : []));
}

function agentLines(state: WidgetState): string[] {
  return state.chat.messages.flatMap((m) => (m.kind === 'live_agent' ? [m.text] : []));
}

function wireMessages(file: string): string[] {
  return recordedClientFrames(file).flatMap((f) => {
    const body = (f as { body: { method: string; message?: string } }).body;
    return body.method === 'newMessage' ? [body.message ?? ''] : [];
  });
}

describe('misbehaving contact centres over a real socket', () => {
  it('no-acks: nothing stays "Sending…", answers sit below their questions, and after the drop nothing is sent twice', async () => {
    const record = capture('no-acks');
    const v = await started('no-acks', { page: page(), record });
    for (const text of ['first question', 'second question', 'third question']) {
      v.core.sendMessage(text);
      await v.until((s) => agentLines(s).some((line) => line.includes(text)));
    }
    await v.until((s) => s.chat.connection.kind === 'reconnecting');
    v.core.sendMessage('typed during the drop');
    await v.until((s) => agentLines(s).some((line) => line.includes('typed during the drop')));
    const state = v.state();
    expect(customerLines(state)).toEqual([
      'first question:delivered',
      'second question:delivered',
      'third question:delivered',
      'typed during the drop:delivered',
    ]);
    // Each answer below its question.
    const order = state.chat.messages.flatMap((m) => ('text' in m ? [m.text] : []));
    for (const text of ['first question', 'second question', 'third question', 'typed during the drop']) {
      expect(order.indexOf(text)).toBeLessThan(order.findIndex((line) => line.includes(`"${text}"`)));
    }
    await v.server.close();
    expect(wireMessages(record)).toEqual([
      'first question',
      'second question',
      'third question',
      'typed during the drop',
    ]);
  });

  it('flapping: the chat survives five accept-and-drop sockets; every message reaches the agent once', async () => {
    const record = capture('flapping');
    const v = await started('flapping', { page: page(), record, speed: 10 });
    const typed: string[] = [];
    for (let i = 1; i <= 4; i++) {
      // One message per socket: wait for the next flap to have happened and the renew to be in.
      await v.until((s) => v.sockets.length > i && s.chat.connection.kind === 'online');
      const text = `message ${i}`;
      typed.push(text);
      v.core.sendMessage(text);
      await v.until((s) => agentLines(s).some((line) => line.includes(`"${text}"`)));
    }
    expect(v.state().chat.status).toEqual({ kind: 'active' });
    expect(v.sockets.length).toBeGreaterThanOrEqual(5);
    expect(v.texts().filter((t) => t === TEXTS.unableToReconnect)).toEqual([]);
    await v.server.close();
    expect(wireMessages(record)).toEqual(typed);
    const answers = agentLines(v.state()).filter((line) => line.startsWith('You said'));
    expect(answers).toEqual(typed.map((t) => `You said: "${t}".`));
  });

  it('half-open: unanswered pings give the socket up; the renew brings Sam back and what vanished is sent again', async () => {
    const record = capture('half-open');
    const v = await started('half-open', { page: page(), record });
    // The close the widget asks for: to reconnect, 4001, never 1000 (a server may end the session on a normal close).
    const asked: (number | undefined)[] = [];
    const first = v.sockets[0] as WebSocket;
    const close = first.close.bind(first);
    first.close = (code?: number, reason?: string | Buffer) => {
      asked.push(code);
      close(code, reason);
    };
    v.core.sendMessage('first');
    await v.until((s) => agentLines(s).includes('Let me look into that.'));
    // The socket has gone silent: this message vanishes, its ping is never answered.
    await v.server.waitFor((sessions) => sessions[0]?.socket === 'half-open', WAIT_MS);
    v.core.sendMessage('into the void');
    await v.clock.advance(PAST_LIVENESS_MS);
    await v.until((s) => s.chat.connection.kind !== 'online' || v.sockets.length > 1);
    expect(v.texts()).toContain(TEXTS.attemptingReconnect);
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set([4001]));
    await v.until((s) => agentLines(s).some((line) => line.includes('"into the void"')));
    expect(customerLines(v.state())).toEqual(['first:delivered', 'into the void:delivered']);
    expect(agentLines(v.state())).toContain('There you are again, Ada.');
  });

  it("odd-enums: upper-case and unknown values are shown with the spec's catch-alls, nothing dropped", async () => {
    const v = await started('odd-enums', { page: page() });
    v.core.sendMessage('hello');
    await v.until((s) => agentLines(s).some((line) => line.includes("I'm Alex")));
    v.core.sendMessage('thanks');
    await v.until((s) => s.chat.messages.filter((m) => 'text' in m && m.text === TEXTS.agentLeft).length >= 1);
    const texts = v.texts();
    expect(texts).toContain("Hi Ada, I'm Sam.");
    expect(texts).toContain('Your chat is being recorded.');
    expect(texts).toContain(TEXTS.leaveReason.transfer);
    expect(texts).toContain(TEXTS.agentLeft);
    expect(v.env.onError).not.toHaveBeenCalled();
  });

  it("legacy-frames: an older server's frames are ignored, the chat works", async () => {
    const v = await started('legacy-frames', { page: page() });
    v.core.sendMessage('still there?');
    await v.until((s) => agentLines(s).includes('You said: "still there?".'));
    expect(customerLines(v.state())).toEqual(['still there?:delivered']);
    expect(v.env.onError).not.toHaveBeenCalled();
  });

  it('server-ends-chat: close 1000 ends the chat and clears the stored session', async () => {
    const storage = sharedStorage();
    const v = await started('server-ends-chat', { page: page(), storage });
    v.core.sendMessage('one question');
    await v.until((s) => s.chat.status.kind === 'ended');
    expect(v.state().chat.status).toEqual({ kind: 'ended', reason: 'connectionClosed' });
    for (const key of ['guid', 'ak', 'lastChatRequestTimestamp'] as const)
      expect(storage.items.has(STORAGE_KEYS[key]), key).toBe(false);
  });

  it("a paste above the server's frame limit: refused once with 1009, never resent, the chat goes on", async () => {
    const record = capture('too-large');
    // 10,000 characters (the most a message may have) of 4 bytes each: 80 KB on the wire, over the mock's 64 KiB.
    const v = await started('happy-path', { page: page({ maxMessageLength: 10_000 }), record });
    v.core.sendMessage('😀'.repeat(10_000));
    await v.until((s) => s.chat.messages.some((m) => m.kind === 'customer' && m.delivery === 'failed'));
    await v.until((s) => s.chat.connection.kind === 'online' && v.sockets.length === 2);
    v.core.sendMessage('a short one');
    await v.until((s) => agentLines(s).some((line) => line.includes('"a short one"')));
    expect(v.sockets).toHaveLength(2);
    expect(v.state().chat.messages.find((m) => m.kind === 'customer')).toMatchObject({
      delivery: 'failed',
      failure: 'tooLong',
    });
    await v.server.close();
    expect(wireMessages(record)).toEqual(['a short one']);
  });

  it("half-open with a server that acknowledges: the reconnect notices sit where they happened, the rest is the server's order", async () => {
    const v = await started('half-open', { page: page() });
    const guid = Number(v.env.storage?.getItem(STORAGE_KEYS.guid));
    v.core.sendMessage('first');
    await v.until((s) => agentLines(s).includes('Let me look into that.'));
    await v.server.waitFor((sessions) => sessions[0]?.socket === 'half-open', WAIT_MS);
    v.core.sendMessage('into the void');
    await v.clock.advance(PAST_LIVENESS_MS);
    await v.until((s) => agentLines(s).includes('You said: "into the void".'));
    const texts = v.texts();
    expect(texts.slice(texts.indexOf('Let me look into that.'))).toEqual([
      'Let me look into that.',
      TEXTS.attemptingReconnect,
      TEXTS.reconnected,
      'There you are again, Ada.',
      'into the void',
      'You said: "into the void".',
    ]);
    const shown = v
      .state()
      .chat.messages.flatMap((m) => (m.kind === 'customer' || m.kind === 'live_agent' ? [m.text] : []));
    expect(shown).toEqual((v.server.transcript(guid) ?? []).map((entry) => entry.message));
  });

  it('reconnect-exhausted: a message typed while reconnecting fails when the chat ends, never left "Sending…"', async () => {
    const v = await started('reconnect-exhausted', { page: page({ maxNumberOfRetries: 2 }) });
    await v.until((s) => s.chat.connection.kind === 'reconnecting');
    v.core.sendMessage('anyone?');
    const ended = await v.until((s) => s.chat.status.kind === 'ended');
    expect(ended.chat.status).toEqual({ kind: 'ended', reason: 'unableToReconnect' });
    expect(ended.chat.messages.find((m) => m.kind === 'customer')).toMatchObject({
      text: 'anyone?',
      delivery: 'failed',
      failure: 'chatEnded',
    });
  });
});

/** A TCP listener that accepts connections and never answers: a WebSocket handshake that never completes. */
async function blackHole(): Promise<{
  url: string;
  accepted: () => number;
  open: () => number;
  /** Resolves once the check holds, looked at on every connection accepted or closed. */
  until(check: () => boolean, what: string): Promise<true>;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const changes = new Changes();
  let accepted = 0;
  const listener = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    // Reads (and ignores) the handshake, so it sees the client let go.
    socket.resume();
    const gone = () => {
      sockets.delete(socket);
      changes.changed();
    };
    socket.on('close', gone);
    socket.on('error', gone);
    changes.changed();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `ws://127.0.0.1:${port}/chat`,
    accepted: () => accepted,
    open: () => sockets.size,
    until: (check, what) =>
      changes.until(
        () => check() || undefined,
        () => `${what} (accepted ${accepted}, open ${sockets.size})`,
      ),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        listener.close(() => resolve());
      }),
  };
}

describe('a socket that never opens (the connect timeout)', () => {
  let hole: Awaited<ReturnType<typeof blackHole>> | null = null;
  afterEach(async () => {
    await hole?.close();
    hole = null;
  });

  it('a stored chat whose every socket hangs in the handshake: each attempt ends after connectTimeout, then unable to reconnect', async () => {
    hole = await blackHole();
    const listener = hole;
    // A chat stored by the last page; its socket address now leads to a listener that never answers.
    const storage = sharedStorage();
    for (const [key, value] of Object.entries({
      guid: '4242',
      ak: 'stored-key',
      lastChatRequestTimestamp: String(Date.now()),
      webChatUrl: listener.url,
    }))
      storage.setItem(key, value);
    const timings = { connectTimeout: 1000, retryInterval: 100, retryJitter: 0, maxNumberOfRetries: 2 };
    const v = await open('happy-path', { storage, page: { options: timings } });
    const started = v.clock.now();
    v.core.start();
    expect(v.state().availability).toEqual({ status: 'resuming' });
    // Each attempt reaches the listener, then the core's time runs to its connect timeout (and
    // through the short wait before the next attempt).
    for (let attempt = 1; attempt <= 3; attempt++) {
      await listener.until(() => listener.accepted() === attempt, `attempt ${attempt} reaching the listener`);
      await v.clock.advance(timings.connectTimeout + timings.retryInterval);
    }
    const ended = await v.until((s) => s.chat.status.kind === 'ended');
    expect(ended.chat.status).toEqual({ kind: 'ended', reason: 'unableToReconnect' });
    expect(v.texts().filter((t) => t === TEXTS.attemptingReconnect)).toHaveLength(2);
    expect(v.texts().at(-1)).toBe(TEXTS.unableToReconnect);
    // Three attempts of a second each (and two short waits) of the core's time: not forever.
    expect(v.clock.now() - started).toBeGreaterThanOrEqual(3000);
    expect(listener.accepted()).toBe(3);
    // The widget let go of every hanging socket.
    await listener.until(() => listener.open() === 0, 'every hanging socket let go');
    expect(storage.items.has(STORAGE_KEYS.guid)).toBe(false);
    expect(v.env.onError).not.toHaveBeenCalled();
  });
});

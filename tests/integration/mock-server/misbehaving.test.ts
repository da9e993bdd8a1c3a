/**
 * Issue 11: the built-in misbehaving contact centres, at the protocol level (a real `ws`
 * client, the server's verification API to see what it received). The widget's own tests run
 * the same scenarios against the real core and in Chromium.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import type { MockServer } from '../../../mock-server/index.js';
import { WAIT_MS } from '../../support/patience.js';
import { repoRoot } from '../../support/specs.js';
import {
  AVAILABILITY_FORM,
  checkAvailability,
  clientsClosedAfterEach,
  FORM_HEADERS,
  frames,
  isError,
  isNotification,
  start,
} from './client.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
// Registered after the server's hook, so run before it: the clients close first.
const connect = clientsClosedAfterEach();

const said = (text: RegExp) => (frame: ServerFrame) =>
  isNotification('newMessage')(frame) && text.test(String((frame.body as { message?: string }).message));

const customerTexts = (s: MockServer) =>
  s
    .sessions()[0]
    ?.received.map((r) => (r.frame as { body: { method: string; message?: string } }).body)
    .filter((b) => b.method === 'newMessage')
    .map((b) => b.message);

describe('no-acks', () => {
  it('never acknowledges; drops once after the third message; the renewed chat goes on', async () => {
    server = await start('no-acks', { speed: 20 });
    const client = await connect(server);
    const session = await client.requestChat();
    for (const text of ['one', 'two', 'three']) {
      client.send(frames.newMessage(text));
      await client.next(said(new RegExp(`You said: "${text}"`)));
    }
    expect(client.received.some((frame) => frame.type === 'acknowledgement')).toBe(false);
    expect((await client.closed).code).toBe(1006);
    const renewed = await connect(server);
    renewed.send(frames.renewChat(session.guid, session.authenticationKey, true));
    await renewed.next(said(/We got disconnected/));
    expect(customerTexts(server)).toEqual(['one', 'two', 'three']);
  });
});

describe('flapping', () => {
  it('drops every socket a while after it attaches, five times, then keeps it', async () => {
    // The built-in scenario, plus one rule to look with: a typing signal is answered 5 s (of
    // the mock's own clock) after it arrives. A drop due 4 s after the socket attached would
    // come first, so an answer on the same socket proves the sixth socket outlived its flap.
    const source = readFileSync(path.join(repoRoot, 'mock-server/scenarios/flapping.yaml'), 'utf8');
    const flapping = parse(
      `${source}  - rule:\n      on: isTyping\n      steps:\n        - wait: 5s\n        - say: { agent: sam, text: "Still here 5 s later." }\n`,
    );
    server = await start(flapping, { speed: 20 });
    let client = await connect(server);
    const session = await client.requestChat();
    for (let drop = 1; drop <= 5; drop++) {
      expect((await client.closed).code).toBe(1006);
      client = await connect(server);
      client.send(frames.renewChat(session.guid, session.authenticationKey, false));
      client.send(frames.newMessage(`after drop ${drop}`));
      await client.next(said(new RegExp(`after drop ${drop}`)));
    }
    // The sixth socket stays: asked after it attached, the answer 5 s later still arrives on it.
    await server.waitFor((sessions) => sessions[0]?.socket === 'open', WAIT_MS);
    client.send(frames.isTyping());
    await client.next(said(/Still here 5 s later/));
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    client.send(frames.newMessage('still here'));
    await client.next(said(/still here/));
    expect(server.sessions()[0]?.socket).toBe('open');
  });
});

describe('half-open', () => {
  it('goes silent: no pong, no answer, nothing received; a renew on a new socket brings Sam back', async () => {
    server = await start('half-open', { speed: 20 });
    const client = await connect(server);
    const session = await client.requestChat();
    client.send(frames.newMessage('first'));
    await client.next(said(/Let me look into that/));
    await server.waitFor((sessions) => sessions[0]?.socket === 'half-open', WAIT_MS);
    client.send(frames.newMessage('into the void'));
    client.send(frames.ping());
    const renewed = await connect(server);
    renewed.send(frames.renewChat(session.guid, session.authenticationKey, true));
    await renewed.next(said(/There you are again/));
    expect(client.received.filter(isNotification('pong'))).toEqual([]);
    expect(customerTexts(server)).toEqual(['first']);
  });
});

describe('silent-agent', () => {
  it('Sam joins without a word and pings get no answer; a message gets one', async () => {
    server = await start('silent-agent', { speed: 20 });
    const client = await connect(server);
    await client.requestChat();
    expect((await client.next(isNotification('newParticipant'))).body).toMatchObject({ displayName: 'Sam' });
    client.send(frames.ping());
    client.send(frames.newMessage('anyone there?'));
    await client.next(said(/You said: "anyone there\?"/));
    expect(client.received.filter(isNotification('pong'))).toEqual([]);
    expect(client.received.filter(isNotification('newMessage'))).toHaveLength(1);
    expect(server.sessions()[0]?.received.map((r) => (r.frame as { body: { method: string } }).body.method)).toEqual([
      'requestChat',
      'ping',
      'newMessage',
    ]);
  });
});

describe('server-ends-chat', () => {
  it('closes with 1000 after the goodbye; the session is over and cannot be renewed', async () => {
    server = await start('server-ends-chat', { speed: 20 });
    const client = await connect(server);
    const session = await client.requestChat();
    client.send(frames.newMessage('hello'));
    await client.next(said(/Goodbye/));
    expect((await client.closed).code).toBe(1000);
    const renew = await connect(server);
    renew.send(frames.renewChat(session.guid, session.authenticationKey, true));
    expect((await renew.next(isError)).body).toMatchObject({ code: 2 });
  });
});

describe('legacy-frames and odd-enums: what real servers send reaches the client even in strict mode', () => {
  it('legacy-frames: newChatAcknowledgement, the documented queueStatus, pings answered with ping', async () => {
    const lines: string[] = [];
    server = await start('legacy-frames', { speed: 20, contract: 'strict', log: (line) => lines.push(line) });
    const client = await connect(server);
    client.send(frames.requestChat());
    await client.next((frame) => (frame.type as string) === 'newChatAcknowledgement');
    await client.next(isNotification('requestChat'));
    const queue = await client.next((frame) => (frame.body as { method?: string }).method === 'queueStatus');
    expect(queue.body).toEqual({ method: 'queueStatus', positionInQueue: 2, estimatedWaitTime: 40 });
    client.send(frames.ping());
    await client.next(isNotification('ping'));
    // Frames of the tolerant profile: sent as real servers send them, logged as deviations from
    // what the widget reads, never as deliberate violations.
    const sent = server.sessions()[0]?.sent ?? [];
    expect(sent.filter((s) => s.note?.startsWith('unchecked'))).toEqual([]);
    expect(lines.filter((line) => line.includes('← server') && line.includes('⚠'))).toHaveLength(2);
  });

  it('odd-enums: upper-case role, senderType and type, an unknown sender, TRANSFER and an unknown leave reason', async () => {
    server = await start('odd-enums', { speed: 20, contract: 'strict' });
    const client = await connect(server);
    await client.requestChat();
    const joined = await client.next(isNotification('newParticipant'));
    expect((joined.body as { role: string }).role).toBe('ACTIVE_PARTICIPANT');
    expect(((await client.next(isNotification('newMessage'))).body as { senderType: string }).senderType).toBe(
      'LIVE_AGENT',
    );
    client.send(frames.newMessage('hi'));
    expect(((await client.next(isNotification('newMessage'))).body as { senderType: string }).senderType).toBe(
      'system',
    );
    expect(((await client.next(isNotification('participantLeave'))).body as { leaveReason: string }).leaveReason).toBe(
      'TRANSFER',
    );
    client.send(frames.newMessage('and now?'));
    expect(((await client.next(isNotification('participantLeave'))).body as { leaveReason: string }).leaveReason).toBe(
      'timeout',
    );
  });
});

describe('slow and failing availability', () => {
  it('slow-availability answers after its delay', async () => {
    server = await start('slow-availability', { speed: 20 });
    const started = performance.now();
    expect((await checkAvailability(server)).body.success).toBe(true);
    // 8 s at speed 20 is 400 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
  });

  it('availability-down resets the connection: the client sees a network error', async () => {
    server = await start('availability-down', { speed: 20 });
    await expect(
      fetch(`${server.url}/conversation/check-availability-v2`, {
        method: 'POST',
        headers: FORM_HEADERS,
        body: AVAILABILITY_FORM,
      }),
    ).rejects.toThrow(/fetch failed/);
  });
});

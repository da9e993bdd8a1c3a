/**
 * The protocol rules every scenario shares: a spec-following client flow end to end,
 * contract enforcement on incoming frames, renewChat rules, size limit, warn mode,
 * logging and recording.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkServerFrame } from '../../../contract/frame-check.js';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import { CHAT_NOT_STARTED, type MockServer, RENEW_REFUSED } from '../../../mock-server/index.js';
import { prettyLine } from '../../../mock-server/log.js';
import { checkAvailability, clientsClosedAfterEach, frames, isError, isNotification, start } from './client.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
// Registered after the server's hook, so run before it: the clients close first.
const connect = clientsClosedAfterEach();

const body = (frame: ServerFrame) => frame.body as Record<string, any>;

describe('given a client that follows the spec', () => {
  it('checks availability, chats, renews from a second socket with the replayed transcript, and closes', async () => {
    server = await start('happy-path');
    const availability = await checkAvailability(server);
    expect(availability.body.success).toBe(true);
    const first = await connect(availability.body.chatWidgetParams.webChatUrl);

    const session = await first.requestChat('Grace');
    expect(session.workRequestId).toMatch(/^[0-9A-F]{32}$/);
    await first.next(isNotification('newParticipant'));
    const greeting = body(await first.next(isNotification('newMessage')));
    first.send(frames.newMessage('Do you ship to Canada?'));
    const answer = body(await first.next(isNotification('newMessage')));
    expect(answer.message).toContain('Do you ship to Canada?');

    // A page refresh in another tab: renew with the full transcript from a second socket.
    const second = await connect(server);
    second.send(frames.renewChat(session.guid, session.authenticationKey, true));
    expect((await first.closed).code).toBe(1001);
    const replayed = [];
    for (let i = 0; i < 3; i++) replayed.push(body(await second.next(isNotification('newMessage'))));
    expect(replayed).toEqual([
      expect.objectContaining({ senderType: 'live_agent', message: greeting.message, timestamp: greeting.timestamp }),
      expect.objectContaining({ senderType: 'customer', message: 'Do you ship to Canada?', displayName: 'Grace' }),
      expect.objectContaining({ senderType: 'live_agent', message: answer.message, timestamp: answer.timestamp }),
    ]);
    expect(replayed[1]?.timestamp).toBeGreaterThanOrEqual(greeting.timestamp);
    expect(replayed[1]?.timestamp).toBeLessThanOrEqual(answer.timestamp);

    second.send(frames.newMessage('And to Mexico?'));
    expect(body(await second.next(isNotification('newMessage'))).message).toContain('And to Mexico?');
    second.send(frames.closeConversation());
    await second.next(isNotification('closeConversation'));
    expect((await second.closed).code).toBe(1000);

    // The chat is over: renewing it now is refused.
    const third = await connect(server);
    third.send(frames.renewChat(session.guid, session.authenticationKey, false));
    expect((await third.next(isError)).body).toEqual({ code: 2, errorMessage: RENEW_REFUSED });
  });

  it('transcript(guid): a copy of the session transcript, customer messages included, for tests', async () => {
    server = await start('happy-path');
    const client = await connect(server);
    const session = await client.requestChat('Grace');
    const greeting = body(await client.next(isNotification('newMessage')));
    client.send(frames.newMessage('Hello there'));
    const answer = body(await client.next(isNotification('newMessage')));
    const transcript = server.transcript(session.guid);
    expect(transcript?.map((e) => [e.senderType, e.message])).toEqual([
      ['live_agent', greeting.message],
      ['customer', 'Hello there'],
      ['live_agent', answer.message],
    ]);
    transcript?.splice(0);
    expect(server.transcript(session.guid)).toHaveLength(3);
    expect(server.transcript(session.guid + 1)).toBeUndefined();
  });

  it('answers ping with pong', async () => {
    server = await start('happy-path');
    const client = await connect(server);
    client.send(frames.ping());
    expect((await client.next()).body).toEqual({ method: 'pong' });
  });
});

describe('given bad client frames in strict mode', () => {
  it('answers each with an error frame code 1 naming pointer and problem, keeping the socket open', async () => {
    server = await start('happy-path');
    const client = await connect(server);
    const bad: [string, RegExp][] = [
      ['not json at all', /^Invalid message: \/ is not JSON$/],
      [
        JSON.stringify({ apiVersion: '1.0', type: 'request', authToken: '', body: { method: 'dance' } }),
        /\/body\/method unknown method "dance"/,
      ],
      [JSON.stringify({ ...frames.newMessage('x'), extra: 1 }), /\/extra is not allowed/],
      [
        JSON.stringify({
          ...frames.renewChat(1, 'k', false),
          body: { method: 'renewChat', guid: 'one', authenticationKey: 'k', requestFullTranscript: false },
        }),
        /\/body\/guid must be integer/,
      ],
      ['[]', /^Invalid message: \/ must be object/],
    ];
    for (const [frame, message] of bad) {
      client.send(frame);
      const error = await client.next(isError);
      expect(error.body).toMatchObject({ code: 1, errorMessage: expect.stringMatching(message) });
      expect(checkServerFrame(error).ok).toBe(true);
    }
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    await client.requestChat();
  });

  it('refuses a newMessage before requestChat with code 1 "Invalid message: Chat not started"', async () => {
    server = await start('happy-path');
    const client = await connect(server);
    client.send(frames.newMessage('hello?'));
    expect((await client.next(isError)).body).toEqual({
      code: 1,
      errorMessage: CHAT_NOT_STARTED,
      method: 'newMessage',
    });
    expect(client.ws.readyState).toBe(client.ws.OPEN);
  });

  it('refuses renewChat with an unknown guid or a wrong key with code 2', async () => {
    server = await start('happy-path');
    const owner = await connect(server);
    const session = await owner.requestChat();
    const stranger = await connect(server);
    stranger.send(frames.renewChat(session.guid + 1, session.authenticationKey, false));
    expect((await stranger.next(isError)).body).toEqual({
      code: 2,
      errorMessage: 'Unable to reconnect, session key is invalid or expired',
    });
    stranger.send(frames.renewChat(session.guid, 'wrong-key', false));
    expect((await stranger.next(isError)).body).toEqual({
      code: 2,
      errorMessage: 'Unable to reconnect, session key is invalid or expired',
    });
    expect(owner.ws.readyState).toBe(owner.ws.OPEN);
  });

  it('closes with 1009 when a frame is over the size limit', async () => {
    server = await start('happy-path', { maxPayload: 1024 });
    const client = await connect(server);
    client.send(frames.newMessage('x'.repeat(2048)));
    expect((await client.closed).code).toBe(1009);
  });

  it('has a default limit of 64 KiB', async () => {
    server = await start('happy-path');
    const client = await connect(server);
    await client.requestChat();
    // The text is in the frame twice (message and data.message): about 60 KiB in all. It is read
    // and answered: over the 10,000 characters the vendor's server takes, so error 1, socket open.
    client.send(frames.newMessage('y'.repeat(30 * 1024)));
    expect((await client.next(isError)).body).toMatchObject({ code: 1, method: 'newMessage' });
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    client.send(frames.newMessage('y'.repeat(33 * 1024)));
    expect((await client.closed).code).toBe(1009);
  });
});

describe('given --contract warn', () => {
  it('logs violations and processes what it can, without error frames', async () => {
    const lines: string[] = [];
    server = await start('happy-path', { contract: 'warn', log: (line) => lines.push(line) });
    const client = await connect(server);
    const sloppy = { ...frames.requestChat('Ada'), extra: true };
    client.send(JSON.stringify(sloppy));
    expect(body(await client.next(isNotification('requestChat'))).intrinsics.name).toBe('Ada');
    client.send('garbage');
    client.send(frames.ping());
    await client.next(isNotification('pong'));
    expect(client.received.some(isError)).toBe(false);
    expect(lines.some((line) => line.includes('/extra is not allowed'))).toBe(true);
    expect(lines.some((line) => line.includes('/ is not JSON'))).toBe(true);
  });
});

describe('given logging and recording', () => {
  it('logs one JSON object per frame and records a capture mock-chat check can read', async () => {
    const lines: string[] = [];
    const dir = mkdtempSync(path.join(tmpdir(), 'mock-chat-'));
    const record = path.join(dir, 'capture.jsonl');
    server = await start('happy-path', { log: 'json', logOut: { write: (t: string) => lines.push(t) } as any, record });
    const client = await connect(server);
    await client.requestChat();
    client.send('oops');
    await client.next(isError);
    await server.close();
    const frameLines = lines.map((l) => JSON.parse(l)).filter((l) => l.direction);
    expect(frameLines[0]).toMatchObject({ direction: 'client', frame: { body: { method: 'requestChat' } } });
    expect(frameLines.find((l) => l.violations)?.violations).toEqual([{ pointer: '', problem: 'is not JSON' }]);
    const captured = readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const time = expect.stringMatching(/Z$/);
    // The socket's open and its end (the server closing, dropped) around every frame that went on the wire.
    expect(captured.filter((l) => l.direction).length).toBe(frameLines.length);
    expect(captured[0]).toEqual({ event: 'open', connection: 1, time });
    expect(captured[1]).toEqual({ direction: 'client', connection: 1, frame: expect.any(Object), time });
    expect(captured.at(-1)).toMatchObject({ event: 'close', connection: 1, code: 1006, by: 'server' });
  });

  it('prints pretty lines with time, session, arrow and method, without ANSI when not a TTY', async () => {
    const lines: string[] = [];
    server = await start('happy-path', {
      log: 'pretty',
      logOut: { write: (t: string) => lines.push(t), isTTY: false } as any,
    });
    const client = await connect(server);
    client.send('{');
    await client.next(isError);
    const text = lines.join('');
    expect(text).toMatch(/\d\d:\d\d:\d\d\.\d{3} conn 1 +→ client not JSON ✗ \/ is not JSON/);
    expect(text).toMatch(/← server error 1/);
    expect(text).not.toContain('\u001b[');
  });
});

describe('a pretty line on a terminal', () => {
  it('highlights violations in bold red and dims the time', () => {
    const line = prettyLine(
      {
        time: new Date('2026-11-21T20:00:00.123Z'),
        session: 'guid 42',
        direction: 'client',
        frame: { type: 'request', body: { method: 'newMessage' } },
        violations: [{ pointer: '/body/x', problem: 'is not allowed' }],
      },
      true,
    );
    expect(line).toBe(
      '\u001b[2m20:00:00.123\u001b[0m guid 42       → client newMessage \u001b[31;1m✗ /body/x is not allowed\u001b[0m',
    );
  });
});

describe('close()', () => {
  it('is idempotent and ends open sockets', async () => {
    const s = await start('happy-path');
    const client = await connect(s);
    await client.requestChat();
    await Promise.all([s.close(), s.close()]);
    await s.close();
    expect((await client.closed).code).toBe(1006);
    expect(s.liveSessions).toBe(0);
  });
});

/**
 * Issue 9, items 2, 3 and 9, black-box against `mock-chat serve`: frames the log and the
 * recording cannot take as they are (nested too deep, a `type` that is no string), session keys
 * an attacker could compute from its own session, and memory a client can make the server hold
 * (sessions, transcripts, the frames kept for GET /__mock/sessions, unread answers). Issue 23:
 * a frame too deep logged as what it is, and sockets that send nothing.
 */
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRandom } from '../../../mock-server/random.js';
import { frames, isError, isNotification, TestClient } from '../../integration/mock-server/client.js';
import { expectAnswering, outputMatching, type ServedChild, serveChild, workDir } from './support/serve-child.js';

/** A newMessage whose customData nests `depth` levels: about 20 KB at depth 5,000. */
function deepFrame(depth: number): string {
  const frame = JSON.stringify({
    apiVersion: '1.0',
    type: 'request',
    authToken: '',
    body: { method: 'newMessage', message: 'x', type: 'text', data: { message: 'x' }, customData: 'DEEP' },
  });
  return frame.replace('"DEEP"', `${'['.repeat(depth)}${']'.repeat(depth)}`);
}

describe('a frame nested deeper than the log can write', () => {
  let served: ServedChild;
  const capture = path.join(workDir, 'deep.jsonl');
  beforeAll(async () => {
    served = await serveChild(['--scenario', 'happy-path', '--speed', '20', '--record', capture, '--log', 'json']);
  });

  it('is refused with error code 1, logged and recorded as the text it came as, and the server goes on', async () => {
    const client = await TestClient.connect(served.socketUrl);
    await client.requestChat();
    const text = deepFrame(10_000);
    expect(text.length).toBeGreaterThan(20_000);
    client.send(text);
    const refused = await client.next(isError);
    expect(refused.body).toEqual({ code: 1, errorMessage: 'Invalid message: / nests deeper than 32 levels' });
    client.send(frames.newMessage('still here?'));
    await client.next(isNotification('newMessage'));
    client.close();
    await expectAnswering(served);
    await outputMatching(served, /nests deeper than 32 levels/);
    for (const line of served.output().trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    const recorded = readFileSync(capture, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // As it came, in the capture's `text` form, so `mock-chat check` can say what it was.
    expect(recorded.some((entry) => entry.direction === 'client' && entry.text === text)).toBe(true);
    expect(recorded.every((entry) => typeof entry.frame !== 'string')).toBe(true);
  });
});

describe('frames the pretty log cannot describe as they are', () => {
  it('a `type` that is an object (String() of it throws) is answered with error code 1 and logged', async () => {
    const served = await serveChild(['--scenario', 'happy-path', '--log', 'pretty']);
    const client = await TestClient.connect(served.socketUrl);
    await client.requestChat();
    client.send('{"apiVersion":"1.0","type":{"toString":1},"body":{"method":"ping"}}');
    expect((await client.next(isError)).body).toMatchObject({ code: 1 });
    // The socket is still open and served: not closed with 1011.
    client.send(frames.ping());
    await client.next(isNotification('pong'));
    await outputMatching(served, /→ client type an object ping ✗ \/type/);
    expect(served.output()).not.toMatch(/could not process/);
    client.close();
    await expectAnswering(served);
    served.child.kill();
  });

  it('--contract warn: a frame nested too deep still gets error code 1', async () => {
    const served = await serveChild(['--scenario', 'happy-path', '--contract', 'warn']);
    const client = await TestClient.connect(served.socketUrl);
    await client.requestChat();
    client.send(deepFrame(100));
    expect((await client.next(isError)).body).toEqual({
      code: 1,
      errorMessage: 'Invalid message: / nests deeper than 32 levels',
    });
    client.close();
    await expectAnswering(served);
    served.child.kill();
  });
});

describe('a frame nested too deep is logged as what it is', () => {
  it('serve --log pretty says "JSON nested too deep", never "not JSON"', async () => {
    const served = await serveChild(['--scenario', 'happy-path', '--log', 'pretty']);
    const client = await TestClient.connect(served.socketUrl);
    await client.requestChat();
    client.send(deepFrame(10_000));
    await client.next(isError);
    await outputMatching(served, /→ client JSON nested too deep \(not read\) ✗ \/ nests deeper than 32 levels/);
    expect(served.output()).not.toMatch(/→ client not JSON/);
    client.close();
    served.child.kill();
  });
});

describe('session keys cannot be computed from another session', () => {
  /** The attack: every start-time seed in the window, run through the mock's seeded generator. */
  function seedReproducing(guid: number, from: number, to: number): number | undefined {
    for (let seed = from; seed <= to; seed++) {
      if (createRandom(seed).int(100_000, 2_000_000_000) === guid) return seed;
    }
    return undefined;
  }

  it('without --seed no start-time seed reproduces a session, and keys carry 256 bits', async () => {
    const before = Date.now();
    const served = await serveChild(['--scenario', 'happy-path']);
    const after = Date.now();
    const attacker = await TestClient.connect(served.socketUrl);
    const own = await attacker.requestChat();
    expect(own.authenticationKey).toMatch(/^[0-9a-f]{64}$/);
    expect(own.workRequestId).toMatch(/^[0-9A-F]{32}$/);
    expect(seedReproducing(own.guid, before - 2000, after)).toBeUndefined();
    const victim = await TestClient.connect(served.socketUrl);
    expect((await victim.requestChat()).authenticationKey).not.toBe(own.authenticationKey);
    expect(served.output()).not.toMatch(/predictable/);
    attacker.close();
    victim.close();
    served.child.kill();
  });

  it('with --seed the sessions replay exactly, and the server says the keys are predictable', async () => {
    const served = await serveChild(['--scenario', 'happy-path', '--seed', '42']);
    const client = await TestClient.connect(served.socketUrl);
    const session = await client.requestChat();
    expect(seedReproducing(session.guid, 42, 42)).toBe(42);
    expect(served.output()).toMatch(/--seed makes guids, authentication keys and workRequestIds predictable/);
    client.close();
    served.child.kill();
  });
});

/** One masked client text frame (RFC 6455 5.2), for a socket driven by hand. */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const header = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length]) : Buffer.from([0x81, 0xfe, 0, 0]);
  if (payload.length >= 126) header.writeUInt16BE(payload.length, 2);
  return Buffer.concat([header, mask, payload.map((byte, i) => byte ^ (mask[i % 4] as number))]);
}

/** A WebSocket handshake by hand, then a socket that never reads what the server sends. */
function nonReadingSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET /chat HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    socket.once('data', (chunk) => {
      if (!String(chunk).startsWith('HTTP/1.1 101')) reject(new Error(String(chunk)));
      socket.pause();
      resolve(socket);
    });
    socket.on('error', () => {});
  });
}

describe('memory a client can make the server hold is capped', () => {
  it('--max-sessions: the longest-orphaned session goes first; with every session live a new chat is refused', async () => {
    const served = await serveChild(['--scenario', 'happy-path', '--max-sessions', '3']);
    const sessions: Awaited<ReturnType<TestClient['requestChat']>>[] = [];
    for (let i = 0; i < 3; i++) {
      const client = await TestClient.connect(served.socketUrl);
      sessions.push(await client.requestChat(`Visitor ${i}`));
      client.close();
    }
    const newcomer = await TestClient.connect(served.socketUrl);
    await newcomer.requestChat('Newcomer');
    const renew = async (session: (typeof sessions)[number]) => {
      const client = await TestClient.connect(served.socketUrl);
      client.send(frames.renewChat(session.guid, session.authenticationKey, false));
      return client;
    };
    const first = await renew(sessions[0] as (typeof sessions)[number]);
    expect((await first.next(isError)).body).toMatchObject({ code: 2 });
    const second = await renew(sessions[1] as (typeof sessions)[number]);
    const third = await renew(sessions[2] as (typeof sessions)[number]);
    // Newcomer, second and third hold their sessions now: nothing may be forgotten.
    second.send(frames.ping());
    await second.next(isNotification('pong'));
    third.send(frames.ping());
    await third.next(isNotification('pong'));
    const refused = await TestClient.connect(served.socketUrl);
    refused.send(frames.requestChat('One too many'));
    expect((await refused.next(isError)).body).toEqual({
      code: 429,
      errorMessage: 'Too many chat sessions: this mock holds at most 3 (mock-chat serve --max-sessions)',
    });
    expect((await refused.closed).code).toBe(1013);
    await expectAnswering(served);
    served.child.kill();
  });

  it('--transcript-bytes: a renew replays no more than the cap, newest kept', async () => {
    const served = await serveChild(['--scenario', 'happy-path', '--transcript-bytes', '4096']);
    const client = await TestClient.connect(served.socketUrl);
    const session = await client.requestChat();
    for (let i = 0; i < 20; i++) client.send(frames.newMessage(`${i} ${'x'.repeat(500)}`));
    for (let i = 0; i < 20; i++) await client.next((frame) => frame.type === 'acknowledgement');
    client.close();
    const renewed = await TestClient.connect(served.socketUrl);
    renewed.send(frames.renewChat(session.guid, session.authenticationKey, true));
    renewed.send(frames.ping());
    await renewed.next(isNotification('pong'));
    const replayed = renewed.received.filter(isNotification('newMessage'));
    expect(replayed.length).toBeGreaterThan(0);
    const bytes = replayed.reduce((sum, frame) => {
      const { method: _m, ...entry } = frame.body as unknown as Record<string, unknown>;
      return sum + Buffer.byteLength(JSON.stringify(entry));
    }, 0);
    expect(bytes).toBeLessThanOrEqual(4096);
    expect(replayed.some((frame) => (frame.body as { message?: string }).message?.startsWith('19 '))).toBe(true);
    renewed.close();
    served.child.kill();
  });

  it('--journal-bytes: GET /__mock/sessions keeps each session’s newest frames within the cap', async () => {
    const served = await serveChild(['--scenario', 'happy-path', '--journal-bytes', '64k']);
    const bulky = { blob: 'x'.repeat(60_000) };
    const clients = await Promise.all(Array.from({ length: 5 }, () => TestClient.connect(served.socketUrl)));
    for (const client of clients) {
      await client.requestChat();
      // 60 KB frames, 40 of them: 2.4 MB a session without the cap.
      for (let i = 0; i < 40; i++) {
        const typing = frames.isTyping() as unknown as { body: Record<string, unknown> };
        client.send(JSON.stringify({ ...typing, body: { ...typing.body, customData: bulky, n: i } }));
      }
      client.send(frames.ping());
      await client.next(isNotification('pong'));
    }
    const answer = await fetch(`${served.url}/__mock/sessions`);
    expect(answer.status).toBe(200);
    const report = (await answer.json()) as { sessions: { received: { frame: unknown }[] }[] };
    expect(report.sessions).toHaveLength(5);
    for (const session of report.sessions) {
      const bytes = session.received.reduce((sum, r) => sum + Buffer.byteLength(JSON.stringify(r.frame)), 0);
      // The newest frame is kept whatever its size, so the cap plus one frame at most.
      expect(bytes).toBeLessThanOrEqual(64 * 1024 + 61_000);
      const last = session.received.at(-1)?.frame as { body: { method: string } };
      expect(last.body.method).toBe('ping');
    }
    for (const client of clients) client.close();
    await expectAnswering(served);
    served.child.kill();
  });

  it('--max-buffered: a client that sends pings and never reads the answers is closed', async () => {
    const served = await serveChild(['--scenario', 'happy-path', '--max-buffered', '64k']);
    const socket = await nonReadingSocket(served.url);
    let open = true;
    const closed = new Promise<void>((resolve) =>
      socket.once('close', () => {
        open = false;
        resolve();
      }),
    );
    const ping = maskedTextFrame(JSON.stringify(frames.ping()));
    const batch = Buffer.concat(Array.from({ length: 1000 }, () => ping));
    // Pings until the server gives up on us (each answered with a pong we never read).
    for (let sent = 0; open && sent < 1000; sent++) {
      if (!socket.write(batch)) {
        await Promise.race([new Promise<void>((resolve) => socket.once('drain', () => resolve())), closed]);
      }
    }
    expect(open).toBe(false);
    await closed;
    await outputMatching(
      served,
      /closed: the client reads nothing \(over 65536 bytes wait to be sent; --max-buffered\)/,
    );
    await expectAnswering(served);
    served.child.kill();
  });
});

/** The status of an upgrade: 101 (the socket open, returned), or the refusal's status. */
function upgradeStatus(url: string): Promise<{ status: number; ws?: WebSocket }> {
  const ws = new WebSocket(url);
  ws.on('error', () => {});
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ status: 101, ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
  });
}

describe('sockets that send nothing', () => {
  it('are closed with 4408 after --first-frame-timeout and stop counting toward the cap; one that spoke stays', async () => {
    // --max-sessions 1 allows two sockets.
    const served = await serveChild([
      '--scenario',
      'happy-path',
      '--max-sessions',
      '1',
      '--first-frame-timeout',
      // Long enough for the third upgrade below to be tried while both sockets are surely open.
      '3s',
    ]);
    const speaking = await TestClient.connect(served.socketUrl);
    speaking.send(frames.ping());
    await speaking.next(isNotification('pong'));
    const silent = await TestClient.connect(served.socketUrl);
    // Both places are taken: a third socket is refused while they are open.
    expect((await upgradeStatus(served.socketUrl)).status).toBe(503);
    expect(await silent.closed).toEqual({ code: 4408, reason: 'No frame within 3 s: send requestChat or renewChat' });
    await outputMatching(served, /conn 2: closed with 4408: no frame within 3 s of opening \(--first-frame-timeout\)/);
    // The silent one opened after the speaking one, so the speaking one's time is up too: still open.
    speaking.send(frames.ping());
    await speaking.next(isNotification('pong'));
    // Its place is free again.
    const next = await upgradeStatus(served.socketUrl);
    expect(next.status).toBe(101);
    next.ws?.close();
    speaking.close();
    await expectAnswering(served);
    served.child.kill();
  });
});

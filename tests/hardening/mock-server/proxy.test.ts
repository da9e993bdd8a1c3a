/**
 * Issue 23, black-box against `mock-chat proxy` (the real bin), as an integrator leaves it
 * running beside staging for a day: request targets built to reach another host, targets that
 * never answer or flood, clients that never read.
 */
import type { ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { reportFigure } from '../../support/bench-figure.js';
import { rssMiB } from '../../support/proc.js';
import {
  floodingTarget,
  type IdentifyingTarget,
  identifyingServer,
  silentTarget,
  type Target,
} from '../../support/proxy-targets.js';
import { outputMatching, proxyChild, type ServedChild } from './support/serve-child.js';

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends `text` as it is (no client normalises it) and reads the answer to the connection's end
 * (a 101 to the end of its head: the socket then stays open, and is closed here).
 */
function rawRequest(url: string, text: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    const done = () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n', 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    };
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.startsWith('HTTP/1.1 101') && answer.includes('\r\n\r\n')) {
        socket.destroy();
        done();
      }
    });
    socket.on('error', done);
    socket.on('close', done);
  });
}

const get = (target: string, host: string, method = 'GET') =>
  `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;

const upgrade = (target: string, host: string) =>
  `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n';

describe('the proxy forwards only to its --target', () => {
  let contactCentre: Target;
  /** A server the proxy must never reach, on IPv4 and on IPv6 loopback. */
  let other: Target;
  let other6: Target;
  let proxy: ServedChild;
  let proxyHost: string;

  beforeAll(async () => {
    contactCentre = await identifyingServer('contact-centre');
    other = await identifyingServer('other');
    other6 = await identifyingServer('other', '::1');
    proxy = await proxyChild(['--target', `ws://${contactCentre.hostPort}/chat`]);
    proxyHost = new URL(proxy.url).host;
  });
  afterAll(async () => {
    proxy?.child.kill('SIGKILL');
    await Promise.all([contactCentre?.close(), other?.close(), other6?.close()]);
  });

  it('refuses with 400 every request target that would leave it, REST and socket; the other server sees no connection', async () => {
    const o = other.hostPort;
    const o6 = other6.hostPort;
    const leaving: [string, string][] = [
      ['a dot segment before //', get(`/.//${o}/x`, proxyHost)],
      ['a .. segment before //', get(`/a/..//${o}/x`, proxyHost)],
      ['a scheme-relative path', get(`//${o}/x`, proxyHost)],
      ['three slashes', get(`///${o}/x`, proxyHost)],
      ['absolute-form naming the other host', get(`http://${o}/abs`, proxyHost)],
      ['absolute-form whose path is scheme-relative', get(`http://x//${o}/abs`, proxyHost)],
      ['a backslash after the first slash', get(`/\\${o}/x`, proxyHost)],
      ['slash, backslash, slash', get(`/\\/${o}/x`, proxyHost)],
      ['an encoded slash', get(`/%2F${o}/x`, proxyHost)],
      ['encoded slashes, lower case', get(`/%2f%2f${o}/x`, proxyHost)],
      ['an encoded backslash', get(`/%5C${o}/x`, proxyHost)],
      ['an encoded dot segment before an encoded slash', get(`/%2e/%2F${o}/x`, proxyHost)],
      ['user info before the other host', get(`//user:pw@${o}/x`, proxyHost)],
      ['an IPv6 literal host, scheme-relative', get(`//${o6}/x`, proxyHost)],
      ['an IPv6 literal host, absolute-form', get(`http://${o6}/x`, proxyHost)],
      ['CONNECT to the other host', get(o, o, 'CONNECT')],
      ['asterisk-form', get('*', proxyHost, 'OPTIONS')],
      ['a socket whose path is scheme-relative', upgrade(`//${o}/chat`, proxyHost)],
      ['a socket in absolute-form naming the other host', upgrade(`ws://${o}/chat`, proxyHost)],
      ['a socket in absolute-form, http', upgrade(`http://${o}/chat`, proxyHost)],
    ];
    const statuses: string[] = [];
    const reasons: string[] = [];
    for (const [what, request] of leaving) {
      const answer = await rawRequest(proxy.url, request);
      statuses.push(`${what}: ${answer.status}`);
      reasons.push(`${what}: ${answer.body}`);
    }
    expect(statuses).toEqual(leaving.map(([what]) => `${what}: 400`));
    for (const reason of reasons) expect(reason).toMatch(/mock-chat proxy forwards only to its --target: [a-zA-Z]/);
    expect(other.connections + other6.connections, [...other.requests, ...other6.requests].join('\n')).toBe(0);
    expect(proxy.child.exitCode).toBeNull();
  });

  it('forwards what stays on the target: @ and a Host header naming another server change nothing', async () => {
    const o = other.hostPort;
    const kept: [string, string, string][] = [
      ['an @ inside the path', get(`/@${o}/x?q=1`, proxyHost), `contact-centre GET /@${o}/x?q=1`],
      ['a Host header naming the other server', get('/cua-api/x', o), 'contact-centre GET /cua-api/x'],
      ['absolute-form naming the proxy itself', get(`http://${proxyHost}/y`, proxyHost), 'contact-centre GET /y'],
      ['an encoded slash inside the path', get('/files/a%2Fb', proxyHost), 'contact-centre GET /files/a%2Fb'],
    ];
    for (const [what, request, body] of kept) {
      const answer = await rawRequest(proxy.url, request);
      expect(`${what}: ${answer.status} ${answer.body}`).toBe(`${what}: 200 ${body}`);
    }
    const socket = await rawRequest(proxy.url, upgrade('/chat?scenario=x', o));
    expect(socket.status).toBe(101);
    expect(contactCentre.requests).toContain('UPGRADE /chat?scenario=x');
    expect(other.connections).toBe(0);
  });
});

/** A client socket and how it ended. */
interface Client {
  ws: WebSocket;
  /** Resolves with `CODE REASON` once the socket is closed (opened or not). */
  closed: Promise<string>;
  opened: Promise<boolean>;
}

function client(url: string): Client {
  const ws = new WebSocket(url);
  ws.on('error', () => {});
  return {
    ws,
    opened: new Promise((resolve) => {
      ws.once('open', () => resolve(true));
      ws.once('unexpected-response', () => resolve(false));
      ws.once('close', () => resolve(false));
    }),
    closed: new Promise((resolve) => ws.once('close', (code, reason) => resolve(`${code} ${reason}`))),
  };
}

/** The status a refused handshake gets, and its text body. */
function refusal(url: string): Promise<string> {
  const ws = new WebSocket(url);
  ws.on('error', () => {});
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve('101');
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve(`${res.statusCode} ${body.trim()}`));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', resolve));
}

describe('a contact centre that accepts TCP and never answers', () => {
  let silent: Target;
  let proxy: ServedChild;
  beforeAll(async () => {
    silent = await silentTarget();
    proxy = await proxyChild([
      '--target',
      `ws://${silent.hostPort}/chat`,
      '--connect-timeout',
      '300ms',
      '--request-timeout',
      '300ms',
    ]);
  });
  afterAll(async () => {
    proxy?.child.kill('SIGKILL');
    await silent?.close();
  });

  it('every client socket is opened and closed with 1014 and the reason, none left connecting', async () => {
    const clients = Array.from({ length: 30 }, () => client(proxy.socketUrl));
    const ends = await Promise.all(clients.map((c) => c.closed));
    expect(new Set(ends)).toEqual(
      new Set(['1014 Bad gateway: the contact centre did not answer within 0.3 s (--connect-timeout)']),
    );
    expect(await Promise.all(clients.map((c) => c.opened))).toEqual(clients.map(() => true));
    expect(silent.connections).toBeGreaterThanOrEqual(30);
    await outputMatching(proxy, /proxy 30 closed by the proxy \(the contact centre did not answer within 0\.3 s/);
  });

  it('a REST call gets 504 with the reason', async () => {
    const response = await fetch(`${proxy.url}/conversation/check-availability-v2`, { method: 'POST', body: 'a=b' });
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      success: false,
      message: 'mock-chat proxy: the contact centre did not answer within 0.3 s (--request-timeout)',
    });
  });

  it('a contact centre nobody listens for: 1014 naming the error, REST 502', async () => {
    const closedPort = await silentTarget();
    await closedPort.close();
    const unreachable = await proxyChild(['--target', `ws://${closedPort.hostPort}/chat`]);
    expect(await client(unreachable.socketUrl).closed).toBe(
      '1014 Bad gateway: the contact centre cannot be reached: ECONNREFUSED',
    );
    const response = await fetch(`${unreachable.url}/cua-api/x`);
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe('the contact centre did not answer: ECONNREFUSED');
    unreachable.child.kill('SIGKILL');
  });
});

describe('a contact centre that floods a client that does not read', () => {
  it('is read no faster than the client reads: the proxy holds about --max-buffered per socket, and nothing is lost', async () => {
    const frames = 120;
    const flood = await floodingTarget({ frameBytes: 1024 * 1024, frames });
    const proxy = await proxyChild(['--target', `ws://${flood.hostPort}/chat`, '--log', 'json']);
    const before = rssMiB(proxy.child.pid as number);
    const ws = new WebSocket(proxy.socketUrl);
    await new Promise((resolve) => ws.once('upgrade', resolve));
    // The client stops reading its TCP socket: the flood piles up in front of it.
    const raw = (ws as unknown as { _socket: Socket })._socket;
    raw.pause();
    await outputMatching(
      proxy,
      /the client reads slower than the other side sends: over 1048576 bytes wait for it \(--max-buffered\); reading paused/,
    );
    const held = rssMiB(proxy.child.pid as number) - before;
    const sentWhilePaused = flood.sent;
    reportFigure({
      item: '23',
      figure:
        'proxy RSS growth, a contact centre flooding 120 x 1 MiB to a client that does not read (--max-buffered 1m)',
      value: `${held.toFixed(1)} MiB; the flood got ${sentWhilePaused} of ${frames} frames out`,
      budget: '<= 64 MiB',
      pass: held <= 64,
    });
    expect(held).toBeLessThanOrEqual(64);
    // Kernel buffers hold a few frames between each pair of hops; the rest waits at the source.
    expect(sentWhilePaused).toBeLessThan(frames / 2);
    let received = 0;
    const all = new Promise<void>((resolve) =>
      ws.on('message', () => {
        received += 1;
        if (received === frames) resolve();
      }),
    );
    raw.resume();
    await all;
    expect(received).toBe(frames);
    ws.close();
    proxy.child.kill('SIGKILL');
    await flood.close();
  }, 60_000);

  it('an availability answer over 1 MiB is 502 with the reason, never read whole', async () => {
    const flood = await floodingTarget({ frameBytes: 1, frames: 0, restBytes: 300 * 1024 * 1024 });
    const proxy = await proxyChild(['--target', `ws://${flood.hostPort}/chat`]);
    const before = rssMiB(proxy.child.pid as number);
    const response = await fetch(`${proxy.url}/conversation/check-availability-v2`, { method: 'POST', body: 'a=b' });
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe(
      "mock-chat proxy: the contact centre's answer is over 1048576 bytes (the availability answer is read whole; at most 1 MiB)",
    );
    expect(rssMiB(proxy.child.pid as number) - before).toBeLessThan(64);
    proxy.child.kill('SIGKILL');
    await flood.close();
  });
});

describe('limits on what a client holds', () => {
  let contactCentre: IdentifyingTarget;
  beforeAll(async () => {
    contactCentre = await identifyingServer('contact-centre');
  });
  afterAll(() => contactCentre?.close());

  it('--idle-timeout: a pair passing nothing is closed, the client with 4408 and the contact centre with 1001', async () => {
    const proxy = await proxyChild(['--target', `ws://${contactCentre.hostPort}/chat`, '--idle-timeout', '300ms']);
    const idle = client(proxy.socketUrl);
    expect(await idle.opened).toBe(true);
    expect(await idle.closed).toBe('4408 Idle: no frame either way for 0.3 s (--idle-timeout)');
    await outputMatching(proxy, /proxy 1 closed by the proxy \(no frame either way for 0\.3 s/);
    await vi.waitFor(() => expect(contactCentre.closes).toContain('1001 The client is idle'));
    proxy.child.kill('SIGKILL');
  });

  it('--max-connections: one socket more is refused 503 with the reason; a place that frees up is taken', async () => {
    const proxy = await proxyChild(['--target', `ws://${contactCentre.hostPort}/chat`, '--max-connections', '2']);
    const first = client(proxy.socketUrl);
    const second = client(proxy.socketUrl);
    expect(await Promise.all([first.opened, second.opened])).toEqual([true, true]);
    expect(await refusal(proxy.socketUrl)).toBe(
      '503 mock-chat proxy holds its maximum of 2 sockets and REST calls (--max-connections)',
    );
    const rest = await fetch(`${proxy.url}/cua-api/x`);
    expect(rest.status).toBe(503);
    first.ws.close(1000, 'done');
    expect(await first.closed).toBe('1000 done');
    await outputMatching(proxy, /proxy 1 closed by the client \(1000\)/);
    // Counted free once both sides are closed: the next one may have to wait for that.
    await vi.waitFor(async () => expect(await refusal(proxy.socketUrl)).toBe('101'));
    second.ws.close();
    proxy.child.kill('SIGKILL');
  });

  it('the log says who closed: the client, or the contact centre', async () => {
    const proxy = await proxyChild(['--target', `ws://${contactCentre.hostPort}/chat`]);
    const byClient = client(proxy.socketUrl);
    await byClient.opened;
    byClient.ws.close(4000, 'bye');
    await outputMatching(proxy, /proxy 1 closed by the client \(4000\)/);
    const byServer = client(proxy.socketUrl);
    await byServer.opened;
    contactCentre.closeSockets(4001, 'agent left');
    expect(await byServer.closed).toBe('4001 agent left');
    await outputMatching(proxy, /proxy 2 closed by the contact centre \(4001\)/);
    proxy.child.kill('SIGKILL');
  });

  it('a frame nested too deep passes through, logged as what it is, and counts as a violation', async () => {
    const proxy = await proxyChild(['--target', `ws://${contactCentre.hostPort}/chat`]);
    const deep = client(proxy.socketUrl);
    await deep.opened;
    const text = `{"body":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const echoed = new Promise<string>((resolve) => deep.ws.once('message', (data) => resolve(String(data))));
    deep.ws.send(text);
    expect(await echoed).toBe(text);
    await outputMatching(proxy, /→ client JSON nested too deep \(not read\) ✗ \/ nests deeper than 32 levels/);
    await outputMatching(proxy, /← server JSON nested too deep \(not read\) ✗ \/ nests deeper than 32 levels/);
    const ended = exited(proxy.child);
    proxy.child.kill('SIGINT');
    expect(await ended).toBe(1);
    expect(proxy.output()).toMatch(/2 violation\(s\)/);
  });

  it('SIGTERM closes both sides of every socket with 1001, then prints the summary and exits 0', async () => {
    const proxy = await proxyChild(['--target', `ws://${contactCentre.hostPort}/chat`]);
    const open = client(proxy.socketUrl);
    await open.opened;
    const ended = exited(proxy.child);
    proxy.child.kill('SIGTERM');
    expect(await open.closed).toBe('1001 mock-chat proxy is shutting down');
    expect(await ended).toBe(0);
    expect(contactCentre.closes).toContain('1001 mock-chat proxy is shutting down');
    expect(proxy.output()).toContain('mock-chat proxy: SIGTERM, closing every socket\n');
    expect(proxy.output()).toContain(
      'mock-chat proxy: 1 socket(s), 0 client and 0 server frames forwarded; 0 violation(s), 0 deviation(s); sockets closed by the client 0, by the contact centre 0, by the proxy 1; 0 stopped by a limit\n',
    );
  });
});

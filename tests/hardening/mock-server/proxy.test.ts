/**
 * Issue 23, black-box against `mock-chat proxy` (the real bin), as an integrator leaves it
 * running beside staging for a day: request targets built to reach another host, targets that
 * never answer or flood, clients that never read.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifyingServer, type Target } from '../../support/proxy-targets.js';
import { proxyChild, type ServedChild } from './support/serve-child.js';

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

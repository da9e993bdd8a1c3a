/**
 * Issue 9, items 1, 5, 6 and 11, black-box against `mock-chat serve` (the server `npm start`
 * runs): hostile cookies, request targets and bodies, pages of other sites driving the mock
 * (DNS rebinding included), file downloads that cannot be sent or lead out of their folder, and
 * symbolic links out of the static roots. Every attack ends with the server still answering
 * `GET /` within a second.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startMockServer } from '../../../mock-server/index.js';
import {
  AVAILABILITY_FORM,
  FORM_HEADERS,
  frames,
  isNotification,
  TestClient,
} from '../../integration/mock-server/client.js';
import {
  cli,
  expectAnswering,
  outputMatching,
  type ServedChild,
  serveChild,
  workDir,
  writeFile,
} from './support/serve-child.js';

const EVIL = 'https://evil.example';

/** Sends raw bytes and resolves with the status line of the answer (or the connection's end). */
function rawRequest(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\r\n')) {
        resolve(answer.slice(0, answer.indexOf('\r\n')));
        socket.destroy();
      }
    });
    socket.on('error', () => resolve(answer || 'connection error'));
    socket.on('close', () => resolve(answer || 'closed without an answer'));
  });
}

/** A request body sent in `count` chunks of `size` bytes, without a Content-Length. */
function streamOf(count: number, size: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('x'.repeat(size));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ < count) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

/** A raw HTTP/1.1 request head (the Host header as given: fetch would not send a forged one). */
const raw = (method: string, target: string, headers: Record<string, string>) =>
  `${method} ${target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}Connection: close\r\n\r\n`;

const upgradeRequest = (target: string, host: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`;

/** Opens /chat with extra handshake headers; resolves with the open socket or the refusal status. */
function openSocket(url: string, headers: Record<string, string>): Promise<WebSocket | number> {
  const ws = new WebSocket(url, { headers });
  return new Promise((resolve) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

describe('a malformed cookie or request target', () => {
  let served: ServedChild;
  beforeAll(async () => {
    served = await serveChild(['--scenario', 'happy-path']);
  });

  it('a mock-scenario cookie that is not percent-encoding falls back to the running scenario, over HTTP and on /chat', async () => {
    const cookie = { Cookie: 'mock-scenario=50%off' };
    const availability = await fetch(`${served.url}/conversation/check-availability-v2`, {
      method: 'POST',
      headers: { ...FORM_HEADERS, ...cookie },
      body: AVAILABILITY_FORM,
    });
    expect(availability.status).toBe(200);
    expect(((await availability.json()) as { success: boolean }).success).toBe(true);
    expect((await fetch(`${served.url}/`, { headers: cookie })).status).toBe(200);

    const ws = await openSocket(served.socketUrl, cookie);
    expect(ws).toBeInstanceOf(WebSocket);
    (ws as WebSocket).close();
    const client = await TestClient.connect(served.socketUrl);
    expect((await client.requestChat()).guid).toBeGreaterThan(0);
    client.close();
    await expectAnswering(served);
  });

  it('a request body over 256 KiB gets a 413 answer, not a reset connection', async () => {
    for (const body of [`locale=${'x'.repeat(1024 * 1024)}`, streamOf(64, 16 * 1024)]) {
      const answer = await fetch(`${served.url}/conversation/check-availability-v2`, {
        method: 'POST',
        headers: FORM_HEADERS,
        body,
        duplex: 'half',
      } as RequestInit);
      expect(answer.status).toBe(413);
      expect(((await answer.json()) as { message: string }).message).toBe(
        'the request body is over 262144 bytes: send a smaller body',
      );
    }
    await expectAnswering(served);
  });

  it('an absolute-form target upgrades like its path; one that is no URL gets 400', async () => {
    const { host } = new URL(served.url);
    expect(await rawRequest(served.url, upgradeRequest(`http://${host}/chat`, host))).toBe(
      'HTTP/1.1 101 Switching Protocols',
    );
    for (const target of ['http://%zz/chat', '//', 'http://[/chat']) {
      expect(await rawRequest(served.url, upgradeRequest(target, host))).toMatch(/^HTTP\/1\.1 400 /);
      expect(await rawRequest(served.url, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`)).toMatch(
        /^HTTP\/1\.1 400 /,
      );
      await expectAnswering(served);
    }
  });
});

describe('pages of other sites cannot drive the mock', () => {
  let served: ServedChild;
  beforeAll(async () => {
    served = await serveChild(['--scenario', 'happy-path']);
  });

  const current = async () =>
    ((await (await fetch(`${served.url}/__mock/scenarios`)).json()) as { current: string }).current;

  it('refuses the scenario switch and its listing to another origin, text/plain or JSON, and reflects nothing', async () => {
    for (const contentType of ['text/plain', 'application/json']) {
      const switched = await fetch(`${served.url}/__mock/scenario`, {
        method: 'POST',
        headers: { Origin: EVIL, 'Content-Type': contentType },
        body: JSON.stringify({ name: 'no-agents' }),
      });
      expect(switched.status).toBe(403);
      expect(switched.headers.get('access-control-allow-origin')).toBeNull();
    }
    const preflight = await fetch(`${served.url}/__mock/scenario`, {
      method: 'OPTIONS',
      headers: { Origin: EVIL, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const listing = await fetch(`${served.url}/__mock/scenarios`, { headers: { Origin: EVIL } });
    expect(listing.status).toBe(403);
    expect(await current()).toBe('happy-path');
    await expectAnswering(served);
  });

  it('the verification API and reset are refused to another origin and to Origin: null, and end nothing', async () => {
    const client = await TestClient.connect(served.socketUrl);
    await client.requestChat();
    for (const origin of [EVIL, 'null']) {
      const sessions = await fetch(`${served.url}/__mock/sessions`, { headers: { Origin: origin } });
      expect(sessions.status).toBe(403);
      expect(sessions.headers.get('access-control-allow-origin')).toBeNull();
      expect(await sessions.text()).not.toMatch(/authenticationKey|guid/);
      const reset = await fetch(`${served.url}/__mock/reset`, { method: 'POST', headers: { Origin: origin } });
      expect(reset.status).toBe(403);
      const switched = await fetch(`${served.url}/__mock/scenario`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'no-agents' }),
      });
      expect(switched.status).toBe(403);
    }
    expect(await openSocket(served.socketUrl, { Origin: 'null' })).toBe(403);
    // Still the same session, untouched by the refused reset.
    client.send(frames.ping());
    await client.next(isNotification('pong'));
    const mine = (await (await fetch(`${served.url}/__mock/sessions`)).json()) as { sessions: unknown[] };
    expect(mine.sessions.length).toBeGreaterThan(0);
    client.close();
    await expectAnswering(served);
  });

  it('DNS rebinding: a request sent to another name (Host) is refused, whatever its Origin says', async () => {
    const { port } = new URL(served.url);
    const rebound = `attacker.example:${port}`;
    const asRebound = { Host: rebound, Origin: `http://${rebound}` };
    expect((await rawRequest(served.url, raw('GET', '/__mock/sessions', asRebound))).startsWith('HTTP/1.1 403')).toBe(
      true,
    );
    expect(
      (await rawRequest(served.url, raw('POST', '/__mock/reset', { ...asRebound, 'Content-Length': '0' }))).startsWith(
        'HTTP/1.1 403',
      ),
    ).toBe(true);
    const body = JSON.stringify({ name: 'no-agents' });
    const switchRequest = raw('POST', '/__mock/scenario', {
      ...asRebound,
      'Content-Type': 'application/json',
      'Content-Length': String(body.length),
    });
    expect((await rawRequest(served.url, `${switchRequest}${body}`)).startsWith('HTTP/1.1 403')).toBe(true);
    expect(await rawRequest(served.url, upgradeRequest('/chat', rebound, `Origin: http://${rebound}\r\n`))).toBe(
      'HTTP/1.1 403 Forbidden',
    );
    // Without an Origin too (a rebound page's GET of a same-origin URL may carry none).
    expect(
      (await rawRequest(served.url, raw('GET', '/__mock/sessions', { Host: rebound }))).startsWith('HTTP/1.1 403'),
    ).toBe(true);
    // The server's own names still work: loopback names and addresses, with their own origin.
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect(
        (
          await rawRequest(served.url, raw('GET', '/__mock/sessions', { Host: host, Origin: `http://${host}` }))
        ).startsWith('HTTP/1.1 200'),
      ).toBe(true);
    }
    expect(await current()).not.toBe('no-agents');
    await expectAnswering(served);
  });

  it('a loopback page may switch (JSON only), answered with its own origin and no credentials', async () => {
    const page = 'http://localhost:3000';
    const plain = await fetch(`${served.url}/__mock/scenario`, {
      method: 'POST',
      headers: { Origin: page, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ name: 'no-agents' }),
    });
    expect(plain.status).toBe(415);
    const switched = await fetch(`${served.url}/__mock/scenario`, {
      method: 'POST',
      headers: { Origin: page, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'typing' }),
    });
    expect(switched.status).toBe(200);
    expect(switched.headers.get('access-control-allow-origin')).toBe(page);
    expect(switched.headers.get('access-control-allow-credentials')).toBeNull();
    expect(await current()).toBe('typing');
  });

  it('/chat refuses another origin with 403 and accepts loopback pages and clients without an Origin', async () => {
    expect(await openSocket(served.socketUrl, { Origin: EVIL })).toBe(403);
    const loopbackOrNone: Record<string, string>[] = [
      { Origin: 'http://127.0.0.1:5173' },
      { Origin: 'http://[::1]:8080' },
      {},
    ];
    for (const headers of loopbackOrNone) {
      const ws = await openSocket(served.socketUrl, headers);
      expect(ws).toBeInstanceOf(WebSocket);
      (ws as WebSocket).close();
    }
    await expectAnswering(served);
  });

  it('the REST calls stay open to every page, without credentials', async () => {
    const answer = await fetch(`${served.url}/conversation/check-availability-v2`, {
      method: 'POST',
      headers: { ...FORM_HEADERS, Origin: EVIL },
      body: AVAILABILITY_FORM,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('--allow-origin widens /chat and /__mock/* to the origins named', async () => {
    const widened = await serveChild(['--scenario', 'happy-path', '--allow-origin', 'https://staging.example.com']);
    const ws = await openSocket(widened.socketUrl, { Origin: 'https://staging.example.com' });
    expect(ws).toBeInstanceOf(WebSocket);
    (ws as WebSocket).close();
    expect(await openSocket(widened.socketUrl, { Origin: EVIL })).toBe(403);
    const listing = await fetch(`${widened.url}/__mock/scenarios`, {
      headers: { Origin: 'https://staging.example.com' },
    });
    expect(listing.status).toBe(200);
    widened.child.kill();
  });
});

describe('file downloads that cannot be sent', () => {
  let served: ServedChild;
  let workRequestId: string;
  const doomed = writeFile('doomed.txt', 'about to be deleted');
  writeFile('manual.pdf', '%PDF-1.4 a model manual');
  mkdirSync(path.join(path.dirname(doomed), 'a-folder'), { recursive: true });

  beforeAll(async () => {
    const scenario = writeFile(
      'files.yaml',
      `name: files
story: Sam shares a folder, a file that is then deleted, and a file with a Chinese name.
agents:
  sam: { id: agent-7, name: Sam }
files:
  - { uuid: folder, name: a-folder, path: a-folder }
  - { uuid: doomed, name: doomed.txt, path: doomed.txt }
  - { uuid: manual, name: 车型手册.pdf, path: manual.pdf }
conversation:
  - expect: requestChat
  - send: requestChat
  - join: sam
  - share: { agent: sam, file: folder }
  - share: { agent: sam, file: doomed }
  - share: { agent: sam, file: manual }
`,
    );
    served = await serveChild(['--scenario', scenario]);
    const client = await TestClient.connect(served.socketUrl);
    workRequestId = (await client.requestChat()).workRequestId;
    for (let i = 0; i < 3; i++) await client.next(isNotification('newAgentFileTransfer'));
    client.close();
  });

  const download = (uuid: string) => fetch(`${served.url}/cua-api/chat/files/${workRequestId}/${uuid}`);

  it('a path that is a folder, or a file deleted since the scenario loaded, is a 404, not a crash', async () => {
    expect((await download('folder')).status).toBe(404);
    await expectAnswering(served);
    rmSync(doomed);
    const gone = await download('doomed');
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toBe('No such file');
    await expectAnswering(served);
  });

  it('a non-Latin-1 file name is sent whole, named with RFC 5987 filename*', async () => {
    const response = await download('manual');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('车型手册.pdf')}`,
    );
    expect(await response.text()).toBe('%PDF-1.4 a model manual');
    await expectAnswering(served);
  });
});

describe('a shared file stays inside the scenario’s folder', () => {
  const folder = path.join(workDir, 'download-root');
  const outside = path.join(workDir, 'outside');
  mkdirSync(folder, { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(outside, 'secret.txt'), 'not for the web');
  writeFileSync(path.join(folder, 'brochure.pdf'), '%PDF-1.4 brochure');
  writeFileSync(path.join(folder, 'swapped.pdf'), '%PDF-1.4 about to be swapped for a link');
  symlinkSync(path.join(outside, 'secret.txt'), path.join(folder, 'link.txt'));

  const scenario = (name: string, files: string) =>
    writeFileSync(
      path.join(folder, `${name}.yaml`),
      `name: ${name}
story: Sam shares files.
agents:
  sam: { id: agent-7, name: Sam }
files:
${files}conversation:
  - expect: requestChat
  - send: requestChat
  - join: sam
`,
    );

  it('validate and serve refuse ../, absolute paths and links that lead out, at their line', async () => {
    scenario(
      'leaky',
      `  - { uuid: up, name: secret.txt, path: ../outside/secret.txt }
  - { uuid: abs, name: hostname, path: /etc/hostname }
  - { uuid: link, name: link.txt, path: link.txt }
  - { uuid: fine, name: brochure.pdf, path: brochure.pdf }
`,
    );
    const file = path.join(folder, 'leaky.yaml');
    const { code, stdout } = await cli(['validate', file]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/leaky\.yaml:6:\d+: files\[0\]\.path: `path: \.\.\/outside\/secret\.txt` leads outside /);
    expect(stdout).toMatch(/leaky\.yaml:7:\d+: files\[1\]\.path: `path: \/etc\/hostname` leads outside /);
    expect(stdout).toMatch(/leaky\.yaml:8:\d+: files\[2\]\.path: `path: link\.txt` leads outside /);
    expect(stdout).not.toMatch(/files\[3\]/);
    const serve = await cli(['serve', '--port', '0', '--scenario', file]);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain('leads outside');
  });

  it('a file swapped for a link out of the folder after loading is not sent', async () => {
    scenario(
      'swapped',
      `  - { uuid: swapped, name: swapped.pdf, path: swapped.pdf }
  - { uuid: fine, name: brochure.pdf, path: brochure.pdf }
`,
    );
    const served = await serveChild(['--scenario', path.join(folder, 'swapped.yaml')]);
    const client = await TestClient.connect(served.socketUrl);
    const { workRequestId } = await client.requestChat();
    const download = (uuid: string) => fetch(`${served.url}/cua-api/chat/files/${workRequestId}/${uuid}`);
    expect(await (await download('swapped')).text()).toBe('%PDF-1.4 about to be swapped for a link');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(folder, 'swap.tmp'));
    renameSync(path.join(folder, 'swap.tmp'), path.join(folder, 'swapped.pdf'));
    const refused = await download('swapped');
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('not for the web');
    expect(await (await download('fine')).text()).toBe('%PDF-1.4 brochure');
    await outputMatching(served, /swapped\.pdf of scenario swapped is missing, not a regular file, or outside /);
    client.close();
    await expectAnswering(served);
    served.child.kill();
  });
});

describe('symbolic links in the static roots', () => {
  const outside = mkdtempSync(path.join(tmpdir(), 'mock-chat-outside-'));
  const demoRoot = mkdtempSync(path.join(tmpdir(), 'mock-chat-demo-'));
  const widgetRoot = mkdtempSync(path.join(tmpdir(), 'mock-chat-widget-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'not for the web');
  writeFileSync(path.join(demoRoot, 'index.html'), '<h1>demo</h1>');
  writeFileSync(path.join(demoRoot, 'inside.css'), 'body{}');
  writeFileSync(path.join(widgetRoot, 'embed.js'), 'export {};');
  symlinkSync(path.join(outside, 'secret.txt'), path.join(demoRoot, 'leak.txt'));
  symlinkSync(outside, path.join(widgetRoot, 'chunks'));
  symlinkSync(path.join(demoRoot, 'inside.css'), path.join(demoRoot, 'alias.css'));
  afterAll(() => {
    for (const dir of [outside, demoRoot, widgetRoot]) rmSync(dir, { recursive: true, force: true });
  });

  it('a link leading out of its root is not followed; one staying inside is served', async () => {
    const server = await startMockServer({ scenario: 'happy-path', port: 0, demoRoot, widgetRoot });
    try {
      expect((await fetch(`${server.url}/leak.txt`)).status).toBe(404);
      expect((await fetch(`${server.url}/widget/chunks/secret.txt`)).status).toBe(404);
      const alias = await fetch(`${server.url}/alias.css`);
      expect(alias.status).toBe(200);
      expect(await alias.text()).toBe('body{}');
    } finally {
      await server.close();
    }
  });
});

/**
 * POSTs `size` bytes to `target` over a raw socket (with a Content-Length, or chunked) while
 * reading the answer; resolves with the answer as read up to the connection's end. Writing
 * may fail once the server closes: what matters is what the client read.
 */
function postHuge(url: string, target: string, size: number, chunked: boolean): Promise<string> {
  const { hostname, port } = new URL(url);
  const piece = Buffer.alloc(64 * 1024, 'x');
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          (chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${size}\r\n\r\n`),
      );
      let sent = 0;
      const pump = () => {
        while (sent < size && !socket.destroyed) {
          sent += piece.length;
          const data = chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
            : piece;
          if (!socket.write(data)) return void socket.once('drain', pump);
        }
        if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
      };
      pump();
    });
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
  });
}

describe('bodies past what the server reads, and a scenario switch that names no scenario', () => {
  let served: ServedChild;
  beforeAll(async () => {
    served = await serveChild(['--scenario', 'happy-path']);
  });

  it('a body over 16 MiB gets its 413 with Connection: close, then the connection closes; the client reads it', async () => {
    for (const chunked of [false, true]) {
      const answer = await postHuge(served.url, '/cua-api/forms/callback', 17 * 1024 * 1024, chunked);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0], `chunked: ${chunked}`).toBe('HTTP/1.1 413 Payload Too Large');
      expect(head).toMatch(/^Connection: close$/im);
      expect(JSON.parse(body)).toEqual({
        success: false,
        message: 'the request body is over 262144 bytes: send a smaller body',
      });
    }
    await expectAnswering(served);
  }, 60_000);

  it('a body over 256 KiB but within 16 MiB is read and dropped: its 413 keeps the connection', async () => {
    const answer = await fetch(`${served.url}/cua-api/forms/callback`, {
      method: 'POST',
      headers: FORM_HEADERS,
      body: 'x'.repeat(1024 * 1024),
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('connection')).toBe('keep-alive');
  });

  it('POST /__mock/scenario with a name that is not text is 400, and the scenario stays', async () => {
    for (const [body, got] of [
      [{ name: ['happy-path'] }, 'a list'],
      [{ name: { toString: 'typing' } }, 'object'],
      [{ name: 7 }, 'number'],
      [{}, 'no name'],
    ] as const) {
      const answer = await fetch(`${served.url}/__mock/scenario`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        success: false,
        message: `name must be one scenario name, as text: {"name": "happy-path"} (got ${got})`,
      });
    }
    expect(((await (await fetch(`${served.url}/__mock/scenarios`)).json()) as { current: string }).current).toBe(
      'happy-path',
    );
  });
});

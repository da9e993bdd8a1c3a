/**
 * `mock-chat proxy` as a user runs it: the real bin between a WebSocket client and a contact
 * centre (mock-chat serve in-process). Violations print as they pass; Ctrl-C (SIGINT) prints
 * the summary and exits 1 when a frame broke the profile, 0 when none did; a bad target is
 * exit 2. Frames that are not JSON text are recorded as they were, so `check` says so.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type MockServer, startMockServer } from '../../mock-server/index.js';
import { startProxy as startProxyInProcess } from '../../mock-server/proxy/proxy.js';
import { Changes } from '../support/changes.js';
import { repoRoot } from '../support/specs.js';
import { dir } from './fixtures.js';

const bin = path.join(repoRoot, 'cli/bin/mock-chat.js');
const env = { ...process.env, NO_COLOR: '1' };

let contactCentre: MockServer;
const children: ChildProcess[] = [];
beforeAll(async () => {
  contactCentre = await startMockServer({ scenario: 'happy-path', port: 0, log: 'silent' });
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await contactCentre?.close();
});

interface Running {
  child: ChildProcess;
  socketUrl: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Resolves once stdout matches (re-checked on each chunk printed; at most 5 s). */
  shows(pattern: RegExp): Promise<unknown>;
}

/** Starts `mock-chat proxy` and resolves once it says where it listens. */
function startProxy(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [bin, 'proxy', '--port', '0', ...args], { cwd: dir, env });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const printed = new Changes();
  const shows = (pattern: RegExp) =>
    printed.until(
      () => pattern.test(stdout),
      () => `no output matching ${pattern}:\n${stdout}`,
    );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      printed.changed();
      const match = /\(socket (ws:\/\/\S+)\)/.exec(stdout);
      if (match)
        resolve({ child, socketUrl: match[1] as string, stdout: () => stdout, stderr: () => stderr, exited, shows });
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    void exited.then((code) => reject(new Error(`proxy exited ${code}: ${stdout}${stderr}`)));
  });
}

function runCheck(file: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, 'check', file], { cwd: dir, env }, (error, stdout) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

const requestChat = JSON.stringify({
  apiVersion: '1.0',
  type: 'request',
  authToken: '',
  body: { method: 'requestChat', intrinsics: { name: 'Ada' } },
});

async function connect(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return ws;
}

describe('mock-chat proxy', () => {
  it('prints violations as they pass; Ctrl-C prints the summary and exits 1; the capture keeps non-JSON frames', async () => {
    const capture = path.join(dir, 'proxied.jsonl');
    const proxy = await startProxy(['--target', contactCentre.socketUrl, '--record', capture]);
    const ws = await connect(proxy.socketUrl);
    ws.send(requestChat);
    await proxy.shows(/← server requestChat/);
    ws.send('hello?');
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await proxy.shows(/→ client not JSON ✗ \/ is not JSON: frames are JSON text/);
    await proxy.shows(/✗ \/ is a binary frame: frames are JSON text/);
    ws.close();
    // The proxy has seen the close once it passed it on (and the contact centre answered).
    await proxy.shows(/proxy 1 closed/);

    proxy.child.kill('SIGINT');
    expect(await proxy.exited).toBe(1);
    expect(proxy.stderr()).toMatch(
      /mock-chat proxy: 1 socket\(s\), 3 client and \d+ server frames forwarded; 2 violation\(s\), \d+ deviation\(s\)/,
    );

    const lines = readFileSync(capture, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.direction)).toContain('server');
    // The guid the contact centre confirmed names the session on every line after it.
    const guid = lines.find((line) => line.direction === 'server' && line.frame?.body?.method === 'requestChat')?.frame
      .body.guid;
    expect(guid).toEqual(expect.any(Number));
    const time = expect.any(String);
    expect(lines[0]).toEqual({ event: 'open', connection: 1, time });
    expect(lines.filter((line) => line.direction === 'client')).toEqual([
      { direction: 'client', connection: 1, frame: JSON.parse(requestChat), time },
      { direction: 'client', connection: 1, session: guid, text: 'hello?', time },
      { direction: 'client', connection: 1, session: guid, binary: Buffer.from([1, 2, 3]).toString('base64'), time },
    ]);
    // The client closed without a code: 1005 on the wire, said as such.
    expect(lines.at(-1)).toEqual({
      event: 'close',
      connection: 1,
      session: guid,
      code: 1005,
      reason: '',
      by: 'client',
      time,
    });
    const check = await runCheck(capture);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(
      /^proxied\.jsonl:\d+: \/ is not JSON: frames are JSON text \(client \?, connection 1\)$/m,
    );
    expect(check.stdout).toMatch(
      /^proxied\.jsonl:\d+: \/ is a binary frame: frames are JSON text \(client \?, connection 1\)$/m,
    );
  });

  it('exits 0 on Ctrl-C when every frame followed the contract', async () => {
    const proxy = await startProxy(['--target', contactCentre.socketUrl]);
    const ws = await connect(proxy.socketUrl);
    ws.send(requestChat);
    await proxy.shows(/← server requestChat/);
    ws.close();
    proxy.child.kill('SIGINT');
    expect(await proxy.exited).toBe(0);
    expect(proxy.stderr()).toMatch(/1 client and \d+ server frames forwarded; 0 violation\(s\)/);
  });

  it('refuses an unknown profile from a JavaScript caller instead of checking in another', async () => {
    await expect(
      startProxyInProcess({ target: contactCentre.socketUrl, profile: 'lenient' as never, log: 'silent' }),
    ).rejects.toThrow('unknown profile "lenient"');
  });

  it('refuses a target that is not ws(s):// with exit 2', async () => {
    const child = spawn(process.execPath, [bin, 'proxy', '--target', 'http://example.com/chat', '--port', '0'], {
      cwd: dir,
      env,
    });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2);
    expect(stderr).toContain('--target must be ws:// or wss://, got http:');
  });
});

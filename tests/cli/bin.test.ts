/** The real mock-chat bin, run as a child process: every command and exit code. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtInScenarioNames } from '../../mock-server/index.js';
import { childOutput } from '../support/changes.js';
import { MOCK_CHAT_BIN, runMockChat } from '../support/mock-chat-cli.js';
import { badScenario, brokenCapture, cleanCapture, dir, goodScenario, violatingCapture } from './fixtures.js';
import { junitSchemaProblems } from './junit-schema.js';

const bin = MOCK_CHAT_BIN;
const run = (args: string[]) => runMockChat(args, { cwd: dir });

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts `serve` and resolves with the URL it prints when ready. */
function serve(
  args: string[],
): Promise<{ child: ChildProcess; url: string; output: () => string; shows(pattern: RegExp): Promise<string> }> {
  const child = spawn(process.execPath, [bin, 'serve', ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
  children.push(child);
  // Waits on the process's output as it is printed (at most 5 s), never a loop of sleeps.
  const printed = childOutput(child);
  return new Promise((resolve, reject) => {
    printed
      .shows(/ready at (http:\/\/[^\s]+)/)
      .then((line) =>
        resolve({ child, url: line.slice('ready at '.length), output: printed.text, shows: printed.shows }),
      )
      .catch(reject);
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${printed.text()}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('mock-chat list', () => {
  it('lists every built-in scenario, the misbehaving servers among them, with their stories and exits 0', async () => {
    const { code, stdout } = await run(['list']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(builtInScenarioNames().length);
    for (const name of [
      'no-acks',
      'flapping',
      'half-open',
      'legacy-frames',
      'odd-enums',
      'server-ends-chat',
      'slow-availability',
    ]) {
      expect(lines.find((l) => l.startsWith(`${name} `))).toMatch(/^[a-z-]+ +\S.{40,}/);
    }
    expect(lines.find((l) => l.startsWith('happy-path'))).toMatch(/^happy-path +Chat is available \(EWT 30 s/);
  });
});

describe('mock-chat validate', () => {
  it('exits 0 for good files, 1 with file:line: /pointer problem for bad ones, 2 for a missing file', async () => {
    expect((await run(['validate', goodScenario(), 'happy-path'])).code).toBe(0);
    const bad = await run(['validate', badScenario()]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(
      /bad\.yaml:9:13: conversation\[1\]\.body\.role: `role: boss` must be one of active_participant, passive_participant/,
    );
    const missing = await run(['validate', 'no-such-file.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no-such-file.yaml');
  });
});

describe('mock-chat check', () => {
  it('exits 0 on a clean capture', async () => {
    const { code, stdout } = await run(['check', cleanCapture()]);
    expect(code).toBe(0);
    expect(stdout).toContain('clean.jsonl: 2 frames, all follow the contract');
  });

  it('exits 1 with file:line and pointer for each violation (strict profile)', async () => {
    const { code, stdout } = await run(['check', violatingCapture(), '--profile', 'strict']);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'violating.jsonl:2: /body/colour is not allowed: no such property in the contract (client newMessage)',
    );
    expect(stdout).toMatch(/violating\.jsonl:3: \/body\/senderType must be one of/);
  });

  it('exits 2 on a broken file, naming the lines, and on a missing file', async () => {
    const broken = await run(['check', brokenCapture()]);
    expect(broken.code).toBe(2);
    expect(broken.stdout).toContain('broken.jsonl:2: is not JSON');
    expect(broken.stdout).toContain('broken.jsonl:3: lacks direction');
    const missing = await run(['check', 'missing.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toContain('missing.jsonl: no such file');
  });

  it('emits escaped JUnit XML with --format junit: a suite per file, a case per rule', async () => {
    const { code, stdout } = await run(['check', violatingCapture(), '--format', 'junit', '--profile', 'strict']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites>\n/);
    expect(stdout).toContain('<property name="profile" value="strict"/>');
    expect(stdout).toMatch(/<testsuite id="0" [^>]*name="violating.jsonl" [^>]*tests="3" failures="2" errors="0"/);
    expect(junitSchemaProblems(stdout)).toEqual([]);
    expect(stdout).toContain('/body/&lt;b&gt;&amp;&quot;q&quot; is not allowed');
    expect(stdout).not.toContain('<b>');
    expect(stdout.match(/<testcase /g)).toHaveLength(3);
    expect(stdout.match(/<failure /g)).toHaveLength(2);
  });

  it('rejects an unknown --format as a usage error (exit 2)', async () => {
    const { code, stderr } = await run(['check', cleanCapture(), '--format', 'xml']);
    expect(code).toBe(2);
    expect(stderr).toContain('Allowed choices are pretty, json, junit');
  });
});

describe('mock-chat serve', () => {
  it('serves every --scenario given (the first runs), says so, and --watch reloads an edited file', async () => {
    const file = goodScenario();
    const { child, url, output, shows } = await serve([
      '--scenario',
      file,
      '--scenario',
      'typing',
      '--watch',
      '--port',
      '0',
    ]);
    expect(output()).toMatch(/scenario tiny ready at/);
    await shows(/profile tolerant; pick a scenario per page with \?scenario=NAME; watching scenario files/);
    const listing = (await (await fetch(`${url}/__mock/scenarios`)).json()) as { current: string; scenarios: any[] };
    expect(listing.current).toBe('tiny');
    expect(listing.scenarios.map((s) => s.name)).toEqual(expect.arrayContaining(['tiny', 'typing', 'happy-path']));
    writeFileSync(file, readFileSync(file, 'utf8').replace('A tiny scenario.', 'A tiny scenario, edited.'));
    await shows(/scenario tiny reloaded/);
    const after = (await (await fetch(`${url}/__mock/scenarios`)).json()) as { scenarios: any[] };
    expect(after.scenarios.find((s) => s.name === 'tiny')?.story).toBe('A tiny scenario, edited.');
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  });

  it('prints the URL when ready, records frames, and shuts down cleanly on SIGTERM', async () => {
    const capture = path.join(dir, 'served.jsonl');
    const { child, url, output, shows } = await serve([
      '--scenario',
      'happy-path',
      '--port',
      '0',
      '--speed',
      '50',
      '--record',
      capture,
    ]);
    const answer = await fetch(`${url}/conversation/check-availability-v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'locale=en-us&chatLiteFlag=false&triagePreChat=false&hideOnMobiles=false&ifEnergyPage=false',
    });
    expect(answer.status).toBe(200);
    // Both places a person opens: the demo site, and the agent console to answer the visitor from.
    expect(await shows(/mock-chat: the demo site at .*/)).toBe(
      `mock-chat: the demo site at ${url}/; play the agent at ${url}/__mock/agent`,
    );
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${url.replace('http', 'ws')}/chat`);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send('not json');
    await new Promise((resolve) => ws.once('message', resolve));
    ws.close();
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(output()).toMatch(/→ client not JSON ✗ \/ is not JSON/);
    // Line 1 says the socket opened; the frame follows as the text it came as, so check can say what it was.
    expect(JSON.parse(readFileSync(capture, 'utf8').split('\n')[0] as string)).toEqual({
      event: 'open',
      connection: 1,
      time: expect.any(String),
    });
    const check = await run(['check', capture]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('served.jsonl:2: / is not JSON: frames are JSON text (client ?, connection 1)');
  });

  it('fails fast with exit 2 and the known names for an unknown scenario', async () => {
    const { code, stderr } = await run(['serve', '--scenario', 'happy-pat', '--port', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown scenario "happy-pat"');
    expect(stderr).toMatch(/happy-path, .*maintenance-503/);
  });

  it('fails fast with exit 2 when the port is busy', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const { code, stderr } = await run(['serve', '--port', String(port)]);
      expect(code).toBe(2);
      expect(stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('exits 1 for a scenario file that breaks the contract', async () => {
    const { code, stderr } = await run(['serve', '--scenario', badScenario(), '--port', '0']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/bad\.yaml:9:13: conversation\[1\]\.body\.role/);
  });
});

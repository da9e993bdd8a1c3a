/**
 * Issue 9, item 7: what a client frame, a capture or a scenario file names reaches a terminal
 * or a CI log inert. A property name carrying ESC sequences and new lines (`::error::` starts a
 * GitHub Actions annotation at the start of a line) is printed escaped by `serve` (its log and
 * the problems of a scenario it cannot load), `validate` and `check`.
 *
 * Issues 23 and 24: where the log goes may close (`| head -1`) or stop reading (`| less`); the
 * server goes on serving, and its log holds lines, never memory, for a reader that is behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startMockServer } from '../../../mock-server/index.js';
import { frames, isNotification, TestClient } from '../../integration/mock-server/client.js';
import { MOCK_CHAT_BIN } from '../../support/mock-chat-cli.js';
import { cli, expectAnswering, outputMatching, serveChild, workDir, writeFile } from './support/serve-child.js';

const HOSTILE_NAME = '\u001b[2J\u001b]0;owned\u0007x\n::error::injected\r\u009b31m';

/** HOSTILE_NAME as a YAML double-quoted string. */
const YAML_HOSTILE = '"\\e[2J\\e]0;owned\\ax\\n::error::injected\\r\\u009b31m"';

/** A scenario whose name and an unknown key carry the payload: two problems quoting it. */
const hostileScenario = () =>
  writeFile(
    'hostile-names.yaml',
    `name: ${YAML_HOSTILE}\nstory: Names that rewrite terminals.\n${YAML_HOSTILE}: 1\nconversation: []\n`,
  );

/** No raw control character, and no line the payload started. */
function expectInert(output: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
  expect(output).not.toMatch(/[\u001b\u0007\r\u009b]/);
  expect(output).not.toMatch(/^::error::/m);
  expect(output).toContain('\\u001b[2J');
  expect(output).toContain('\\n::error::injected');
}

describe('control characters from clients and captures are printed escaped', () => {
  it('serve --log pretty', async () => {
    const served = await serveChild(['--scenario', 'happy-path']);
    const client = await TestClient.connect(served.socketUrl);
    await client.requestChat();
    const message = frames.newMessage('hi');
    // The tolerant profile serves it and warns that it deviates, naming the property.
    client.send(JSON.stringify({ ...message, body: { ...message.body, [HOSTILE_NAME]: 1 } }));
    await outputMatching(served, /deviates from the strict contract: .*::error::injected/);
    expectInert(served.output());
    client.close();
    await expectAnswering(served);
    served.child.kill();
  });

  it('serve, refusing a scenario it cannot load: every problem quoting the file is escaped', async () => {
    const { code, stderr } = await cli(['serve', '--port', '0', '--scenario', hostileScenario()]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/hostile-names\.yaml:1:7: name: /);
    expect(stderr).toMatch(/hostile-names\.yaml:3:[0-9]+: .* is not a setting here/);
    expectInert(stderr);
  });

  it('validate: the same problems, escaped', async () => {
    const { code, stdout, stderr } = await cli(['validate', hostileScenario()]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/is not a setting here/);
    expectInert(`${stdout}${stderr}`);
  });

  it('check, pretty output', async () => {
    // An extra property is a violation only in the strict profile (tolerant reports a deviation).
    const message = frames.newMessage('hi');
    const capture = writeFile(
      'hostile-names.jsonl',
      `${JSON.stringify({ direction: 'client', frame: { ...message, body: { ...message.body, [HOSTILE_NAME]: 1 } } })}\n`,
    );
    const { code, stdout } = await cli(['check', '--profile', 'strict', capture]);
    expect(code).toBe(1);
    expect(stdout).toContain('is not allowed: no such property in the contract');
    expectInert(stdout);
  });

  it('check --format json: the same value, with C1 controls written as \\u escapes (still the same JSON)', async () => {
    const message = frames.newMessage('hi');
    const capture = writeFile(
      'hostile-names-json.jsonl',
      `${JSON.stringify({ direction: 'client', frame: { ...message, body: { ...message.body, [HOSTILE_NAME]: 1 } } })}\n`,
    );
    const { code, stdout } = await cli(['check', '--profile', 'strict', '--format', 'json', capture]);
    expect(code).toBe(1);
    expectInert(stdout);
    expect(JSON.stringify(JSON.parse(stdout))).toContain(JSON.stringify(HOSTILE_NAME).slice(1, -1));
  });
});

/**
 * `mock-chat <command> --port 0 ... | head -1`, as CI waits for a server: the command's stdout is
 * head's stdin, and the command's stderr is a pipe this test closes at once. Resolves with
 * the first line once head has exited, so stdout and stderr are both closed by then.
 */
async function throughHead(
  command: 'serve' | 'proxy',
  args: string[],
): Promise<{ child: ChildProcess; firstLine: string }> {
  const head = spawn('head', ['-1'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const child = spawn(process.execPath, [MOCK_CHAT_BIN, command, '--port', '0', ...args], {
    cwd: workDir,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', head.stdin, 'pipe'],
  });
  spawned.push(child);
  // Only the command holds the pipe's writing end now, and nobody reads its stderr.
  head.stdin.destroy();
  child.stderr?.destroy();
  let firstLine = '';
  head.stdout.on('data', (chunk) => {
    firstLine += chunk;
  });
  await new Promise((resolve) => head.once('exit', resolve));
  return { child, firstLine: firstLine.trim() };
}

const spawned: ChildProcess[] = [];
afterAll(() => {
  for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
});

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', resolve));

/** A chat through `socketUrl` still gets its answer; then SIGTERM ends `child` with 0. */
async function answersThenStops(child: ChildProcess, socketUrl: string): Promise<void> {
  const client = await TestClient.connect(socketUrl);
  await client.requestChat();
  client.send(frames.newMessage('still there?'));
  await client.next(isNotification('newMessage'));
  client.close();
  expect(child.exitCode).toBeNull();
  const exited = exitOf(child);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
}

describe('a closed stdout or stderr only stops the log there', () => {
  it('serve | head -1: the server goes on answering REST and sockets, and SIGTERM still ends it with 0', async () => {
    const { child, firstLine } = await throughHead('serve', ['--scenario', 'happy-path']);
    const url = /ready at (http:\/\/\S+) \(socket (ws:\/\/[^\s)]+)\)/.exec(firstLine);
    expect(url, firstLine).not.toBeNull();
    // Each of these logs lines to the closed stdout.
    for (let i = 0; i < 3; i++) expect((await fetch(`${url?.[1]}/__mock/scenarios`)).status).toBe(200);
    await answersThenStops(child, url?.[2] as string);
  });

  it('proxy | head -1: frames go on passing both ways, and SIGTERM ends it with 0', async () => {
    const contactCentre = await startMockServer({ scenario: 'happy-path', port: 0, speed: 20 });
    const { child, firstLine } = await throughHead('proxy', ['--target', contactCentre.socketUrl]);
    const socketUrl = /\(socket (ws:\/\/[^\s)]+)\)/.exec(firstLine)?.[1];
    expect(socketUrl, firstLine).toBeDefined();
    await answersThenStops(child, socketUrl as string);
    await contactCentre.close();
  });
});

describe('a log reader that does not keep up', () => {
  it('costs lines, never memory: the lines that do not fit are dropped and counted, in order', async () => {
    const served = await serveChild(['--scenario', 'happy-path']);
    // Nobody reads the server's stdout any more: the pipe fills, then the server's own buffer.
    served.child.stdout?.pause();
    const client = await TestClient.connect(served.socketUrl);
    const pings = 40_000;
    for (let sent = 0; sent < pings; sent += 1000) {
      for (let i = 0; i < 1000; i++) client.send(frames.ping());
      // Read the answers as they come, so the client is never the one not reading.
      await client.next((frame) => frame.type === 'notification' && client.received.length >= sent + 1000, 10_000);
    }
    served.child.stdout?.resume();
    // A ping (in) and a pong (out) make two lines each; every one is written or counted.
    const notice = /\[mock-chat\] (\d+) log lines? dropped: the log's reader does not keep up/g;
    const accounted = () => {
      const text = served.output();
      const written = (text.match(/ conn 1 +[→←] (client|server) p[io]ng/g) ?? []).length;
      const dropped = [...text.matchAll(notice)].reduce((sum, match) => sum + Number(match[1]), 0);
      return { written, dropped };
    };
    await vi.waitFor(() => expect(accounted().written + accounted().dropped).toBe(2 * pings), { timeout: 15_000 });
    // Dropped, not held: 1 MiB of lines (some 25,000 of these) waits for the reader, besides
    // what the pipe and the stream took before it said it was full.
    expect(accounted().written).toBeLessThan(40_000);
    expect(accounted().dropped).toBeGreaterThan(0);
    // In the order they were made, the notices where the lines were lost.
    const times = [...served.output().matchAll(/^(\d\d:\d\d:\d\d\.\d{3}) conn 1 /gm)].map(
      (match) => match[1] as string,
    );
    expect(times).toEqual([...times].sort());
    await expectAnswering(served);
    client.close();
    served.child.kill();
  }, 60_000);
});

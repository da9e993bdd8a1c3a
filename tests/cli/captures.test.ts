/**
 * Issue 22: captures record what happened, not only frames. `serve --record` writes each
 * socket's open, the session on every frame line and each close (code, reason, who closed);
 * `check` reports per connection; `scenario from-capture` makes one scenario per chat session
 * and replays drops as steps. A HAR written by hand from the format (two chats and a drop)
 * gives the same report as the same traffic in JSON lines, and two scenarios that replay the drop.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type MockServer, startMockServer } from '../../mock-server/index.js';
import { frames, isNotification, TestClient } from '../integration/mock-server/client.js';
import { runMockChat } from '../support/mock-chat-cli.js';
import { dir, file } from './fixtures.js';

const run = (args: string[], stdin?: string) =>
  runMockChat(args, { cwd: dir, ...(stdin === undefined ? {} : { stdin }) });
const CAPTURES = path.join(import.meta.dirname, 'captures');
const HAR = path.join(CAPTURES, 'two-chats-and-a-drop.har');
const JSONL = path.join(CAPTURES, 'two-chats-and-a-drop.jsonl');

const servers: MockServer[] = [];
const clients: TestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const server of servers.splice(0)) await server.close();
});

async function connect(url: string): Promise<TestClient> {
  const client = await TestClient.connect(url);
  clients.push(client);
  return client;
}

const messageOf = (frame: { body: unknown }) => (frame.body as { message?: string }).message ?? '';
const says = (text: string) => (frame: Parameters<ReturnType<typeof isNotification>>[0]) =>
  isNotification('newMessage')(frame) && messageOf(frame).includes(text);

/** A chat on network-drop: a message, the drop, a renew on a new socket, Sam's welcome back. */
async function chatThroughADrop(server: MockServer, name: string) {
  const first = await connect(server.socketUrl);
  const { guid, authenticationKey } = await first.requestChat(name);
  await first.next(says(`Hi ${name}`));
  first.send(frames.newMessage(`where is ${name}'s order?`));
  expect((await first.closed).code).toBe(1006);
  const second = await connect(server.socketUrl);
  second.send(frames.renewChat(guid, authenticationKey, true));
  await second.next(says(`Welcome back, ${name}`));
  second.ws.close(1000, 'done');
  await second.closed;
  return guid;
}

/** Plays a scenario made from a capture: the drop it replays, and the chat going on after the renew. */
async function replayDrop(scenarioFile: string, before: string, after: string) {
  const server = await startMockServer({ scenario: scenarioFile, port: 0, speed: 20, profile: 'strict' });
  servers.push(server);
  const first = await connect(server.socketUrl);
  const { guid, authenticationKey } = await first.requestChat('Ada');
  first.send(frames.newMessage('Where is my order?'));
  await first.next(says(before));
  expect((await first.closed).code).toBe(1006);
  const second = await connect(server.socketUrl);
  second.send(frames.renewChat(guid, authenticationKey, false));
  await second.next(says(after));
}

const conversationOf = (file: string) => parse(readFileSync(file, 'utf8')).conversation as Record<string, unknown>[];

/** A report without what differs between two files of the same traffic: names, places, timings. */
function comparable(report: any) {
  const { timestamp: _t, durationMs: _d, ...rest } = report;
  return {
    ...rest,
    files: rest.files.map(({ file: _f, format: _fo, durationMs: _dm, ...f }: any) => ({
      ...f,
      // Rules in the order first met: a HAR lists socket by socket, JSON lines in time order.
      rules: f.rules
        .map(({ durationMs: _r, ...rule }: any) => rule)
        .sort((a: any, b: any) => `${a.direction} ${a.method}`.localeCompare(`${b.direction} ${b.method}`)),
      violations: f.violations.map(({ line: _l, at: _a, ...v }: any) => v),
      deviations: f.deviations.map(({ line: _l, at: _a, ...v }: any) => v),
    })),
  };
}

describe('serve --record: what happened on every socket', () => {
  it('two chats at once, each dropped and renewed: opens, the session on every frame, closes with code and side', async () => {
    const capture = path.join(mkdtempSync(path.join(dir, 'record-')), 'two.jsonl');
    const server = await startMockServer({ scenario: 'network-drop', port: 0, speed: 40, record: capture });
    servers.push(server);
    const [ada, bob] = await Promise.all([chatThroughADrop(server, 'Ada'), chatThroughADrop(server, 'Bob')]);
    await server.close();
    const lines = readFileSync(capture, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const opens = lines.filter((l) => l.event === 'open');
    const closes = lines.filter((l) => l.event === 'close');
    expect(opens.map((l) => l.connection).sort()).toEqual([1, 2, 3, 4]);
    // Each chat: its first socket dropped by the server, its second closed by the client.
    for (const guid of [ada, bob]) {
      expect(closes.filter((c) => c.session === guid).map(({ time: _t, connection: _c, ...c }) => c)).toEqual([
        { event: 'close', session: guid, code: 1006, reason: '', by: 'server' },
        { event: 'close', session: guid, code: 1000, reason: 'done', by: 'client' },
      ]);
    }
    // Every frame line names its socket; from the confirmation on, its session too.
    const frameLines = lines.filter((l) => l.direction !== undefined);
    expect(frameLines.every((l) => Number.isInteger(l.connection))).toBe(true);
    expect(frameLines.filter((l) => l.session === undefined).map((l) => l.frame.body.method)).toEqual([
      'requestChat',
      'requestChat',
    ]);

    const check = await run(['check', capture, '--format', 'json']);
    expect(check.code).toBe(0);
    const connections = JSON.parse(check.stdout).files[0].connections;
    expect(connections).toHaveLength(4);
    expect(connections.filter((c: any) => c.session === ada).map((c: any) => c.closed.code)).toEqual([1006, 1000]);

    const folder = path.join(mkdtempSync(path.join(dir, 'scenarios-')), 'out/');
    const made = await run(['scenario', 'from-capture', capture, '-o', folder, '--name', 'two']);
    expect(made.code, made.stderr).toBe(0);
    expect(readdirSync(folder).sort()).toEqual([`two-${ada}.yaml`, `two-${bob}.yaml`].sort());
    // The transcript the service replayed on the renew is the mock's own business: said, not replayed.
    expect(made.stderr).toMatch(
      /a transcript replayed after renewChat \(the mock replays it itself\) \(not replayed\)/,
    );
    const steps = conversationOf(path.join(folder, `two-${ada}.yaml`));
    const drop = steps.findIndex((s) => 'drop' in s);
    expect(steps[drop + 1]).toEqual({ expect: 'renewChat' });
    expect(steps.filter((s) => JSON.stringify(s).includes("I'm Sam"))).toHaveLength(1);
    await replayDrop(path.join(folder, `two-${ada}.yaml`), 'Let me check that for you.', 'Welcome back, Ada');
  });
});

describe('HAR input', () => {
  it('a hand-written HAR of two chats and a drop gives the same check report as the same traffic in JSON lines', async () => {
    const har = await run(['check', HAR, '--format', 'json']);
    const jsonl = await run(['check', JSONL, '--format', 'json']);
    expect(har.code).toBe(1);
    expect(jsonl.code).toBe(1);
    const harReport = JSON.parse(har.stdout);
    expect(comparable(harReport)).toEqual(comparable(JSON.parse(jsonl.stdout)));
    expect(harReport.files[0].format).toBe('har');
    expect(harReport.files[0].connections).toEqual([
      { connection: 1, session: 4711, frames: 7, violations: 0, closed: null },
      { connection: 2, session: 4712, frames: 7, violations: 1, closed: null },
      { connection: 3, session: 4711, frames: 3, violations: 0, closed: null },
    ]);
    // A HAR message is found by its path in the file.
    expect(harReport.files[0].violations[0]).toMatchObject({
      at: 'entries[2]._webSocketMessages[3]',
      connection: 2,
      pointer: '/body/timestamp',
    });
    const pretty = await run(['check', HAR]);
    expect(pretty.stdout).toContain(
      'two-chats-and-a-drop.har:entries[2]._webSocketMessages[3]: /body/timestamp must be integer (server newMessage, connection 2)',
    );
  });

  it('from-capture makes two scenarios of it; the one for the dropped chat replays the drop and the renew', async () => {
    const listed = await run(['scenario', 'from-capture', HAR]);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toContain('holds 2 chat sessions:\n  session 4711: 10 frames on connections 1, 3\n');
    expect(listed.stderr).toContain('pick one with --session GUID, or write one scenario each with -o FOLDER/');

    const folder = `${mkdtempSync(path.join(dir, 'har-'))}/`;
    const made = await run(['scenario', 'from-capture', HAR, '-o', folder]);
    expect(made.code, made.stderr).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['two-chats-and-a-drop-4711.yaml', 'two-chats-and-a-drop-4712.yaml']);
    const steps = conversationOf(path.join(folder, 'two-chats-and-a-drop-4711.yaml'));
    expect(steps.map((s) => Object.keys(s)[0])).toEqual(
      expect.arrayContaining(['expect', 'send', 'join', 'say', 'drop']),
    );
    const drop = steps.findIndex((s) => 'drop' in s);
    expect(steps.slice(drop - 1, drop + 2)).toEqual([
      { say: { agent: 'sam', text: 'Let me check that for you.' } },
      { drop: true },
      { expect: 'renewChat' },
    ]);
    // Bob's chat has no drop; Alex's greeting that broke the contract is replayed as it was.
    const bob = conversationOf(path.join(folder, 'two-chats-and-a-drop-4712.yaml'));
    expect(bob.some((s) => 'drop' in s)).toBe(false);
    expect(bob).toContainEqual(expect.objectContaining({ unchecked: true }));
    await replayDrop(path.join(folder, 'two-chats-and-a-drop-4711.yaml'), 'Let me check that', 'Welcome back, Ada');

    const one = await run(['scenario', 'from-capture', HAR, '--session', '4712', '--name', 'bob-only']);
    expect(one.code).toBe(0);
    expect(parse(one.stdout).name).toBe('bob-only');
    const none = await run(['scenario', 'from-capture', HAR, '--session', '99']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('has no session 99; it has:');
  });

  it('reads a HAR from stdin with --input-format har; a cut-short HAR or one without sockets is unusable (exit 2)', async () => {
    const text = readFileSync(HAR, 'utf8');
    const piped = await run(['check', '-', '--input-format', 'har'], text);
    expect(piped.code).toBe(1);
    expect(piped.stdout).toContain('stdin: 17 frames, 1 violation');
    const cut = await run(['check', file('cut.har', text.slice(0, Math.floor(text.length * 0.6)))]);
    expect(cut.code).toBe(2);
    expect(cut.stdout).toMatch(/cut\.har: is not a complete HAR \(JSON\): /);
    const empty = await run(['check', file('no-sockets.har', '{"log":{"version":"1.2","entries":[]}}')]);
    expect(empty.code).toBe(2);
    expect(empty.stdout).toContain('no-sockets.har: has no WebSocket frames (no entry has _webSocketMessages)');
  });
});

/** One line of a capture on connection 1, `at` milliseconds into the chat; `fields` is the frame (or text). */
const captured = (direction: 'client' | 'server', at: number, fields: Record<string, unknown>) =>
  JSON.stringify({
    direction,
    connection: 1,
    ...fields,
    time: new Date(Date.UTC(2026, 10, 21, 20, 0, 0, at)).toISOString(),
  });
const notification = (body: Record<string, unknown>) => ({ frame: { apiVersion: '1.0', type: 'notification', body } });
const confirmed = (guid: number) =>
  notification({ method: 'requestChat', guid, authenticationKey: 'k', workRequestId: 'w' });
const message = (displayName: string, senderType: string, text: string, timestamp: number) =>
  notification({ method: 'newMessage', displayName, timestamp, senderType, type: 'text', message: text });

describe('scenario from-capture refuses what serve would refuse, and says what it skips', () => {
  it('a chat whose scenario would be over 1 MiB is exit 2 and nothing is written', async () => {
    const lines = [
      captured('client', 0, { frame: frames.requestChat() }),
      captured('server', 1, confirmed(1)),
      ...Array.from({ length: 8000 }, (_, i) =>
        captured(
          'server',
          2 + i,
          message(
            'Sam',
            'live_agent',
            `Message ${i} of a very long chat: eight thousand of these make a scenario over the 1 MiB that serve loads.`,
            1795290000000 + i,
          ),
        ),
      ),
    ];
    const out = path.join(dir, 'long.yaml');
    const { code, stderr } = await run(['scenario', 'from-capture', file('long.jsonl', lines.join('\n')), '-o', out]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /the scenario made from long\.jsonl \(session 1\) would be [0-9.]+ MiB; serve and validate refuse scenario files over 1\.0 MiB/,
    );
    expect(() => readFileSync(out)).toThrow();
  });

  it('every frame it leaves out is named with its line and why', async () => {
    const capture = [
      captured('client', 0, { frame: frames.ping() }),
      captured('client', 1000, { frame: frames.requestChat() }),
      captured('server', 2000, confirmed(9)),
      captured('server', 3000, message('Ada', 'customer', 'echo', 1)),
      captured('server', 4000, { text: 'garbage' }),
    ].join('\n');
    const { code, stderr } = await run(['scenario', 'from-capture', '-'], capture);
    expect(code).toBe(0);
    expect(stderr).toContain(
      'stdin:1: comes before any chat on its socket (no requestChat or renewChat before it) (skipped)',
    );
    expect(stderr).toContain("stdin:4: the customer's own message sent back");
    expect(stderr).toContain('stdin:5: server frame is not JSON: frames are JSON text (skipped)');
  });
});

/**
 * Issue 11, what its verification found (the report's D1-D6): rules that answer independently,
 * frames nothing answers said in the log, --watch following renames, deletions and new files,
 * validate reporting every problem in one run at file:line:column with its place, every
 * violation of an unchecked frame logged, a file scenario hiding a built-in said, a cookie that
 * is no scenario name said, and waitFor's rejection carrying the sessions it saw.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliIo, EXIT } from '../../../cli/io.js';
import { createProgram } from '../../../cli/program.js';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import { loadScenario, MockChatError, type MockServer, WaitForTimeout } from '../../../mock-server/index.js';
import { logLines } from '../../support/changes.js';
import { AVAILABILITY_FORM, clientsClosedAfterEach, FORM_HEADERS, frames, isNotification, start } from './client.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
// Registered after the server's hook, so run before it: the clients close first.
const connect = clientsClosedAfterEach();

const said = (text: string) => (frame: ServerFrame) =>
  isNotification('newMessage')(frame) && (frame.body as { message?: string }).message === text;

const AGENTS = { sam: { id: 'agent-7', name: 'Sam' } };
const CONFIRM = [{ expect: 'requestChat' }, { send: 'requestChat' }, { join: 'sam' }];
const scenario = (name: string, conversation: unknown[]) => ({
  name,
  story: `${name} test`,
  agents: AGENTS,
  conversation: [...CONFIRM, ...conversation],
});

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'mock-chat-report-'));

describe('D1: each rule answers on its own queue', () => {
  it('a rule waiting for its expect holds up no other rule', async () => {
    server = await start(
      scenario('independent-rules', [
        {
          rule: {
            on: 'newMessage',
            where: { '/body/message': { matches: '^ask' } },
            steps: [
              { say: { agent: 'sam', text: 'Which colour?' } },
              { expect: 'newMessage', where: { '/body/message': { matches: '^colour' } } },
              { say: { agent: 'sam', text: 'Noted: {{lastMessage}}' } },
            ],
          },
        },
        {
          rule: {
            on: 'newMessage',
            where: { '/body/message': { matches: '^q' } },
            steps: [
              { typing: { agent: 'sam', for: 0.3 } },
              { say: { agent: 'sam', text: 'Answer to {{lastMessage}}' } },
            ],
          },
        },
      ]),
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(frames.newMessage('ask1'));
    await client.next(said('Which colour?'));
    client.send(frames.newMessage('q1'));
    await client.next(said('Answer to q1'));
    client.send(frames.newMessage('q2'));
    await client.next(said('Answer to q2'));
    client.send(frames.newMessage('colour blue'));
    await client.next(said('Noted: colour blue'));
  });
});

describe('D2: what nothing answers is said in the log', () => {
  it('kept for a later expect, then never answered once the conversation finished; no rules means none answer', async () => {
    const { lines, log, seen } = logLines();
    server = await start(
      scenario('no-rules', [
        { expect: 'newMessage', where: { '/body/message': 'go' } },
        { say: { agent: 'sam', text: 'went' } },
      ]),
      { log },
    );
    const client = await connect(server);
    await client.requestChat();
    client.send(frames.newMessage('early'));
    await seen(
      /a newMessage frame is not answered now: no expect waits for it and no rule takes it; kept for a later expect/,
    );
    client.send(frames.newMessage('go'));
    await client.next(said('went'));
    await seen(/the conversation finished \(its last step: <object>\); no rule answers from here on/);
    await seen(/a newMessage frame was not answered: the conversation finished before an expect took it/);
    client.send(frames.newMessage('late'));
    await seen(/a newMessage frame was not answered: the conversation has finished and no rule takes it/);
    expect(lines.join('\n')).not.toMatch(/rules still answer/);
  });
});

describe('D3: --watch follows what happens to the files', () => {
  const greeting = (name: string, text: string) =>
    `name: ${name}\nstory: Sam says ${text}.\nagents:\n  sam: { id: agent-7, name: Sam }\nconversation:\n  - expect: requestChat\n  - send: requestChat\n  - join: sam\n  - say: { agent: sam, text: "${text}" }\n`;

  it('a file added, a scenario renamed, a file deleted: served, renamed, forgotten, and each said', async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, 'a.yaml'), greeting('qa-a', 'from a'));
    const { lines, log, seen } = logLines();
    server = await start(folder, { watch: true, log });
    const refused = (name: string) => expect(connect(server as MockServer, `?scenario=${name}`)).rejects.toThrow(/404/);

    writeFileSync(path.join(folder, 'b.yaml'), greeting('qa-b', 'from b'));
    await seen(/scenario qa-b added from .*b\.yaml: new sessions pick it with \?scenario=qa-b/);
    const b = await connect(server, '?scenario=qa-b');
    await b.requestChat();
    await b.next(said('from b'));

    writeFileSync(`${path.join(folder, 'a.yaml')}.tmp`, greeting('qa-renamed', 'renamed'));
    renameSync(`${path.join(folder, 'a.yaml')}.tmp`, path.join(folder, 'a.yaml'));
    await seen(/scenario qa-a is now named qa-renamed \(.*a\.yaml\): \?scenario=qa-a no longer answers/);
    await refused('qa-a');
    expect(server.scenario).toBe('qa-renamed');
    const renamed = await connect(server);
    await renamed.requestChat();
    await renamed.next(said('renamed'));

    rmSync(path.join(folder, 'b.yaml'));
    await seen(/b\.yaml was deleted: scenario qa-b is no longer served/);
    await refused('qa-b');
    const listing = (await (await fetch(`${server.url}/__mock/scenarios`)).json()) as { scenarios: { name: string }[] };
    expect(listing.scenarios.map((s) => s.name)).not.toContain('qa-b');
    expect(listing.scenarios.map((s) => s.name)).not.toContain('qa-a');
    expect(lines.join('\n')).not.toMatch(/ENOENT|fix:/);
  });

  it('deleting the running scenario’s file hands new sessions to the next one loaded', async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, 'a.yaml'), greeting('qa-first', 'first'));
    writeFileSync(path.join(folder, 'b.yaml'), greeting('qa-second', 'second'));
    const { log, seen } = logLines();
    server = await start(folder, { watch: true, log });
    expect(server.scenario).toBe('qa-first');
    rmSync(path.join(folder, 'a.yaml'));
    await seen(/a\.yaml was deleted: scenario qa-first is no longer served; new sessions play qa-second/);
    const client = await connect(server);
    await client.requestChat();
    await client.next(said('second'));
  });
});

/** The problems of a scenario file that does not load. */
function problemsOf(yaml: string): string[] {
  const file = path.join(tempDir(), 'qa.yaml');
  writeFileSync(file, yaml);
  try {
    loadScenario(file);
  } catch (error) {
    if (error instanceof MockChatError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('D4: validate says every problem in one run, each at file:line:column with its place', () => {
  it('a key that is no pointer does not hide the bad pattern under it', () => {
    const problems = problemsOf(
      'name: qa\nstory: s\nconversation:\n  - expect: newMessage\n    where: { body/message: { matches: "(a)\\\\1" } }\n',
    );
    expect(problems).toEqual([
      expect.stringMatching(/qa\.yaml:5:12: conversation\[0\]\.where: `body\/message` is not a JSON pointer/),
      expect.stringMatching(
        /qa\.yaml:5:39: conversation\[0\]\.where\["body\/message"\]\.matches: is not a regular expression mock-chat can run/,
      ),
    ]);
  });

  it('rule until a missing step, a repeat that never waits and a lone ignoreCase, at their place', () => {
    const problems = problemsOf(`name: qa
story: s
agents:
  sam: { id: agent-7, name: Sam }
conversation:
  - expect: requestChat
    where: { /body/method: { ignoreCase: true } }
  - rule:
      on: newMessage
      until: { step: nowhere }
      steps:
        - say: { agent: sam, text: hi }
  - repeat:
      steps:
        - say: { agent: sam, text: again }
`);
    expect(problems).toEqual([
      expect.stringMatching(
        /qa\.yaml:7:42: conversation\[0\]\.where\["\/body\/method"\]\.ignoreCase: `ignoreCase: true` changes nothing here: put it beside equals, contains or matches/,
      ),
      expect.stringMatching(
        /qa\.yaml:10:22: conversation\[1\]\.rule\.until\.step: `step: nowhere` names no step: give the step to stop at `label: nowhere`/,
      ),
      expect.stringMatching(
        /qa\.yaml:14:7: conversation\[2\]\.repeat: repeats forever and never waits: add a wait, typing or expect step/,
      ),
    ]);
  });

  it('a file given by an absolute path is named as given, not relative to the working directory', () => {
    const file = path.join(tempDir(), 'absolute.yaml');
    writeFileSync(file, 'name: Bad Name\nstory: s\nconversation: []\n');
    expect(() => loadScenario(file)).toThrow(MockChatError);
    try {
      loadScenario(file);
    } catch (error) {
      expect((error as MockChatError).problems[0]).toMatch(new RegExp(`^${file.replaceAll('/', '\\/')}:1:7: name: `));
    }
  });

  it('validate --help says how problems print', async () => {
    const out: string[] = [];
    const io: CliIo = { out: (t) => void out.push(t), err: () => {}, isTTY: false, stdout: process.stdout };
    const program = createProgram(io, { code: EXIT.clean });
    await program.parseAsync(['node', 'mock-chat', 'validate', '--help']).catch(() => undefined);
    expect(out.join('')).toContain('file:line:column: place: problem and how to fix it');
    expect(out.join('')).not.toContain('file:line: /pointer problem');
  });
});

describe('D5: an unchecked frame is logged with every way it breaks the contract', () => {
  it('every violation, and frames that are no object say what they are', async () => {
    const { lines, log } = logLines();
    server = await start(
      scenario('unchecked', [
        {
          frame: {
            apiVersion: '1.0',
            type: 'notification',
            body: { method: 'newMessage', senderType: 'robot', timestamp: 'noon', type: 'robot', message: 'hi' },
          },
          unchecked: true,
        },
        { frame: 42, unchecked: true },
        { frame: ['a', 'list'], unchecked: true },
      ]),
      { log },
    );
    const client = await connect(server);
    await client.requestChat();
    await client.next((frame) => Array.isArray(frame));
    const unchecked = lines.find((line) => line.includes('← server newMessage')) ?? '';
    // Checked against what real servers send (the tolerant profile): any sender is one, but a
    // timestamp must be a number and a type text or widget; the unknown sender is a deviation.
    expect(unchecked).toMatch(/✗ .*\/body\/timestamp must be integer; .*\/body\/type must be one of/);
    expect(unchecked).toMatch(/⚠ deviates from the strict contract: .*\/body\/senderType/);
    expect(unchecked).toContain('(unchecked: a deliberate violation)');
    expect(lines.join('\n')).toContain('← server 42 (not a frame: a frame is a JSON object)');
    expect(lines.join('\n')).toContain('← server a list (not a frame: a frame is a JSON object)');
    expect(lines.join('\n')).not.toContain('undefined ?');
  });
});

describe('D6: what silently fell back is said', () => {
  it('a file scenario named like a built-in is served instead of it, with a warning', async () => {
    const { lines, log } = logLines();
    server = await start(
      { ...scenario('happy-path', [{ say: { agent: 'sam', text: 'my own happy path' } }]) },
      { log },
    );
    expect(lines.join('\n')).toMatch(
      /scenario happy-path from <object> is served instead of the built-in of the same name; rename it to keep both/,
    );
    const client = await connect(server);
    await client.requestChat();
    await client.next(said('my own happy path'));
  });

  it('a mock-scenario cookie that is no scenario name falls back to the running scenario, and says so once', async () => {
    const { lines, log } = logLines();
    server = await start('happy-path', { log });
    const answer = await fetch(`${server.url}/conversation/check-availability-v2`, {
      method: 'POST',
      headers: { ...FORM_HEADERS, Cookie: 'mock-scenario=%zz' },
      body: AVAILABILITY_FORM,
    });
    expect(answer.status).toBe(200);
    expect(lines.filter((line) => line.includes('cookie'))).toEqual([
      '[http] /conversation/check-availability-v2: the mock-scenario cookie "%zz" is no scenario name; the running scenario happy-path answers',
    ]);
  });
});

describe('the verification API: waitFor', () => {
  it('rejects with the sessions it saw as a property, not only in the message', async () => {
    server = await start('happy-path');
    const client = await connect(server);
    await client.requestChat('Grace');
    const error = await server.waitFor((sessions) => sessions.length > 1, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForTimeout);
    const sessions = (error as WaitForTimeout).sessions;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.received[0]?.frame).toMatchObject({ body: { method: 'requestChat' } });
  });
});

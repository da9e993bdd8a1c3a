/**
 * Issue 9, items 4, 8 and 10, black-box through the CLI: a `matches` pattern built to
 * backtrack, durations Node's timers overflow on, and YAML built to loop or explode.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../generated/chat-socket.js';
import { frames, isNotification, TestClient } from '../../integration/mock-server/client.js';
import { repoRoot } from '../../support/specs.js';
import { expectAnswering, serveChild, workDir, writeFile } from './support/serve-child.js';

const bin = path.join(repoRoot, 'cli/bin/mock-chat.js');

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: workDir, env: { ...process.env, NO_COLOR: '1' } }, (e, o, r) =>
      resolve({ code: e ? Number(e.code ?? 1) : 0, stdout: o, stderr: r }),
    );
  });
}

const said = (text: string) => (frame: ServerFrame) =>
  isNotification('newMessage')(frame) && (frame.body as { message?: string }).message === text;

describe('item 4: a pattern that backtracks', () => {
  const hostile = writeFile(
    'hostile-pattern.yaml',
    `name: hostile-pattern
story: Answers messages made of words only; the pattern backtracks exponentially in a JavaScript RegExp.
agents:
  sam: { id: agent-7, name: Sam }
conversation:
  - expect: requestChat
  - send: requestChat
  - join: sam
  - rule:
      on: newMessage
      where: { /body/message: { matches: "^([a-zA-Z]+\\\\s?)+$" } }
      steps:
        - say: { agent: sam, text: "words only" }
  - rule:
      on: newMessage
      steps:
        - say: { agent: sam, text: "not only words" }
`,
  );

  it('matches in linear time: a crafted message delays no other session and no HTTP answer', async () => {
    expect((await cli(['validate', hostile])).stdout).toContain('ok (hostile-pattern)');
    const served = await serveChild(['--scenario', hostile]);
    const attacker = await TestClient.connect(served.socketUrl);
    const other = await TestClient.connect(served.socketUrl);
    await attacker.requestChat();
    await other.requestChat();
    attacker.send(frames.newMessage(`${'a'.repeat(31)}!`));
    // 30 KB, twice in the frame (message and data.message): just under the 64 KiB frame limit.
    attacker.send(frames.newMessage(`${'ab '.repeat(10_000)}!`));
    const started = performance.now();
    other.send(frames.ping());
    await other.next(isNotification('pong'));
    expect(performance.now() - started).toBeLessThan(1000);
    await expectAnswering(served);
    await attacker.next(said('not only words'));
    await attacker.next(said('not only words'));
    attacker.send(frames.newMessage('only words here'));
    await attacker.next(said('words only'));
    attacker.close();
    other.close();
    served.child.kill();
  });

  it('a pattern RE2 cannot run (backreference, lookaround) is refused by validate at its line', async () => {
    const file = writeFile(
      'backreference.yaml',
      `name: backreference
story: Uses a backreference.
conversation:
  - expect: newMessage
    where: { /body/message: { matches: "(a)\\\\1" } }
`,
    );
    const { code, stdout } = await cli(['validate', file]);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /backreference\.yaml:5:40: conversation\[0\]\.where\["\/body\/message"\]\.matches: is not a regular expression mock-chat can run \(RE2 syntax/,
    );
  });
});

/** A scenario whose main sequence says "too early" after `delay`; a rule answers each message after `ruleWait`. */
function delayed(name: string, delay: string, ruleWait: string): string {
  return writeFile(
    `${name}.yaml`,
    `name: ${name}
story: Says "too early" after ${delay}; answers every message after ${ruleWait}.
agents:
  sam: { id: agent-7, name: Sam }
conversation:
  - expect: requestChat
  - send: requestChat
  - join: sam
  - rule:
      on: newMessage
      steps:
        - wait: ${ruleWait}
        - say: { agent: sam, text: "rule answered" }
  - wait: ${delay}
  - say: { agent: sam, text: "too early" }
`,
  );
}

describe('item 8: durations Node would fire after 1 ms', () => {
  const runs: [string, string, string[]][] = [
    ['wait: forever', delayed('forever', 'forever', '300ms'), []],
    // 1 day at speed 0.001 is 2.7 years of real time: past setTimeout's 2^31 ms.
    ['a day at --speed 0.001', delayed('tiny-speed', '86400', '0.3ms'), ['--speed', '0.001']],
  ];
  for (const [what, file, extra] of runs) {
    it(`${what} never fires: the rule's later answer comes first and alone`, async () => {
      const served = await serveChild(['--scenario', file, ...extra]);
      const client = await TestClient.connect(served.socketUrl);
      await client.requestChat();
      await client.next(isNotification('newParticipant'));
      client.send(frames.newMessage('hello'));
      await client.next(said('rule answered'));
      expect(client.received.filter(said('too early'))).toEqual([]);
      await expectAnswering(served);
      client.close();
      served.child.kill();
    });
  }

  it('validate refuses .inf and durations longer than a day, at their line, in QA words', async () => {
    const step = (wait: string) =>
      `name: too-long\nstory: A duration past the one-day maximum.\nagents:\n  sam: { id: agent-7, name: Sam }\nconversation:\n  - expect: requestChat\n${wait}\n`;
    for (const wait of ['  - wait: .inf', '  - wait: 2147484']) {
      const { code, stdout } = await cli(['validate', writeFile('too-long.yaml', step(wait))]);
      expect(code).toBe(1);
      expect(stdout).toMatch(/too-long\.yaml:7:11: conversation\[1\]\.wait: `wait: (\.inf|2147484)` /);
    }
    const strings = writeFile('too-long.yaml', step('  - wait: 90000s\n  - typing: { agent: sam, for: 1441m }'));
    const { code, stdout } = await cli(['validate', strings]);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'too-long.yaml:7: wait is longer than one day (86400 s): use a shorter duration, or forever',
    );
    expect(stdout).toContain('too-long.yaml:8: typing is longer than one day');
  });
});

describe('item 10: YAML built to loop or explode', () => {
  it('validate reports every file, each with file:line, and no stack trace', async () => {
    const cyclic = writeFile(
      'cyclic.yaml',
      'name: cyclic\nstory: loops\nconversation: &c\n  - expect: requestChat\n  - branch:\n      - steps: *c\n',
    );
    const laughs = ['name: laughs', 'story: a billion laughs', 'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++)
      laughs.push(
        `a${i}: &a${i} [${Array(7)
          .fill(`*a${i - 1}`)
          .join(',')}]`,
      );
    const bomb = writeFile('laughs.yaml', `${laughs.join('\n')}\nconversation: []\n`);
    const good = path.join(repoRoot, 'mock-server/scenarios/happy-path.yaml');
    const { code, stdout, stderr } = await cli(['validate', cyclic, bomb, good]);
    expect(code).toBe(2);
    expect(stderr).toContain('cyclic.yaml:6: alias *c refers to a node that contains it (a loop)');
    expect(stderr).toMatch(/laughs\.yaml:1: Excessive alias count .* \(at most 100 alias expansions\)/);
    expect(stdout).toContain('happy-path.yaml: ok (happy-path)');
    expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m);
  });
});

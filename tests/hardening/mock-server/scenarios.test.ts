/**
 * Scenarios built to hurt the mock, black-box through the CLI: a `matches` pattern built to
 * backtrack or to cost RE2 a large program, durations Node's timers overflow on, YAML built to
 * loop or explode, and a scenario "file" that is a FIFO. Each judges what the mock does (who is
 * answered, in which order, what is refused); how long it takes on this machine is a figure for
 * `npm run bench` (tests/support/bench-figure.ts), never a pass or fail of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { renameSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frames, isNotification, saidText as said, TestClient } from '../../integration/mock-server/client.js';
import { reportFigure } from '../../support/bench-figure.js';
import { repoRoot } from '../../support/specs.js';
import {
  cli,
  expectAnswering,
  outputMatching,
  type ServedChild,
  serveChild,
  workDir,
  writeFile,
} from './support/serve-child.js';

describe('a pattern that backtracks', () => {
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
    // 3 KB, words all along and a "!" at the end: the classic catastrophic case, long.
    attacker.send(frames.newMessage(`${'ab '.repeat(1000)}!`));
    // Backtracking, either message would hold the process for longer than the universe has
    // existed: an answer at all is the proof.
    other.send(frames.ping());
    await other.next(isNotification('pong'));
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

/** Median and largest of a list of milliseconds. */
function spread(ms: number[]): { median: number; max: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] as number, max: sorted.at(-1) as number };
}

/** Milliseconds from another session's ping to its pong. */
async function pong(client: TestClient): Promise<number> {
  const started = performance.now();
  client.send(frames.ping());
  await client.next(isNotification('pong'));
  return performance.now() - started;
}

describe('a pattern RE2 runs slowly (a large program) on a long message', () => {
  it('validate and serve refuse patterns over the program budget, at their place', async () => {
    const file = writeFile(
      'costly-pattern.yaml',
      `name: costly-pattern
story: A counted repetition that compiles to 5,003 RE2 instructions, and two that only together exceed the budget of 300.
conversation:
  - expect: newMessage
    where: { /body/message: { matches: "(.*a){1000}$" } }
  - expect: newMessage
    where: { /body/message: { matches: "(.*a){40}$" }, /body/type: { matches: "(.*a){40}$" } }
`,
    );
    const { code, stdout } = await cli(['validate', file]);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'costly-pattern.yaml:5:40: conversation[0].where["/body/message"].matches: is too costly to match: RE2 compiles it to 5003 instructions, and a scenario\'s patterns may have 300 together',
    );
    expect(stdout).toMatch(
      /costly-pattern\.yaml:7:\d+: conversation\[1\]\.where\["\/body\/type"\]\.matches: brings the scenario's patterns to 406 RE2 instructions together/,
    );
    const serve = await cli(['serve', '--port', '0', '--scenario', file]);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain('is too costly to match');
  });

  /** A scenario using the whole budget in one pattern (298 instructions), tested by a rule or an expect. */
  const heavy = (name: string, steps: string) =>
    writeFile(
      `${name}.yaml`,
      `name: ${name}
story: One pattern of 298 RE2 instructions, nearly all a scenario may spend.
agents:
  sam: { id: agent-7, name: Sam }
conversation:
  - expect: requestChat
  - send: requestChat
  - join: sam
${steps}`,
    );

  it('a 30,000-character message is matched on its first 4,096 characters, and another session is answered meanwhile', async () => {
    const served = await serveChild([
      '--scenario',
      heavy(
        'heavy-rule',
        `  - rule:
      on: newMessage
      where: { /body/message: { matches: "(.*a){59}$" } }
      steps:
        - say: { agent: sam, text: "ends in a" }
`,
      ),
    ]);
    const attacker = await TestClient.connect(served.socketUrl);
    const other = await TestClient.connect(served.socketUrl);
    await attacker.requestChat();
    await other.requestChat();
    // First a short message that ends in "b": looked at whole, it does not match.
    attacker.send(frames.newMessage(`${'a'.repeat(100)}b`));
    // In pairs, a quiet pong then one behind a hostile message, so both halves of a pair see the
    // same machine: the delay (a figure for the benchmark) is the median extra time.
    const extra: number[] = [];
    for (let i = 0; i < 20; i++) {
      const quiet = await pong(other);
      // 30,000 characters ending in "b": RE2 looks at the first 4,096, all "a", with 298 instructions.
      attacker.send(frames.newMessage(`${'a'.repeat(29_999)}b`));
      extra.push((await pong(other)) - quiet);
    }
    // 20 answers, one per hostile message, and none for the short one: had it matched, its
    // answer would have come first, and a 21st would be in by the pong after the 20th.
    for (let i = 0; i < 20; i++) await attacker.next(said('ends in a'));
    await pong(attacker);
    expect(attacker.received.filter(said('ends in a'))).toHaveLength(20);
    await expectAnswering(served);
    const delay = spread(extra).median;
    reportFigure({
      item: '4',
      figure:
        "mock-chat: another session's pong behind one message of 30,000 characters tested by 298 RE2 instructions",
      value: `${delay.toFixed(1)} ms extra, median of 20 (${extra.map((ms) => ms.toFixed(1)).join(', ')})`,
      budget: '< 50 ms',
      pass: delay < 50,
    });
    attacker.close();
    other.close();
    served.child.kill();
  });

  it('32 hostile messages waiting for an expect are looked through a frame at a time: another session is answered in between', async () => {
    const served = await serveChild([
      '--scenario',
      heavy(
        'heavy-inbox',
        `  - expect: isTyping
  - expect: newMessage
    where: { /body/message: { matches: "(.*a){59}$" } }
  - say: { agent: sam, text: "found it" }
`,
      ),
    ]);
    const attacker = await TestClient.connect(served.socketUrl);
    const other = await TestClient.connect(served.socketUrl);
    const attackerGuid = (await attacker.requestChat()).guid;
    const otherGuid = (await other.requestChat()).guid;
    // They wait in the inbox (no expect takes them yet); none matches (each ends in b).
    for (let i = 0; i < 31; i++) attacker.send(frames.newMessage('ab'.repeat(15_000)));
    attacker.send(frames.newMessage('a'.repeat(100)));
    await pong(attacker);
    // isTyping starts the search; the other session pings, one ping after another, until it ends.
    const looking = performance.now();
    attacker.send(frames.isTyping());
    let found = false;
    const answered = attacker.next(said('found it')).then(() => {
      found = true;
    });
    const during: number[] = [];
    while (!found) during.push(await pong(other));
    await answered;
    const lookedFor = performance.now() - looking;
    // The log has every frame in the order the mock handled it. Looked through in one go, the
    // search would run from the isTyping to the answer in one turn of the event loop, and no
    // other session's frame could be answered in between.
    const line = (guid: number, what: string) => new RegExp(`guid ${guid}\\s+${what}`);
    await outputMatching(served, line(attackerGuid, '← server newMessage'));
    const lines = served.output().split('\n');
    const start = lines.findIndex((text) => line(attackerGuid, '→ client isTyping').test(text));
    const end = lines.findIndex((text, i) => i > start && line(attackerGuid, '← server newMessage').test(text));
    expect(start).toBeGreaterThan(-1);
    const pongsBetween = lines.slice(start + 1, end).filter((text) => line(otherGuid, '← server pong').test(text));
    expect(pongsBetween.length, 'pongs to the other session while the inbox was looked through').toBeGreaterThan(0);
    const { median, max } = spread(during);
    reportFigure({
      item: '4',
      figure: "mock-chat: another session's pongs while 31 hostile inbox frames are looked through for an expect",
      value: `median ${median.toFixed(1)} ms, longest ${max.toFixed(1)} ms, over a ${lookedFor.toFixed(0)} ms search (${pongsBetween.length} pongs in it)`,
      budget: 'median < 50 ms; longest < half the search',
      pass: median < 50 && max < lookedFor / 2,
    });
    attacker.close();
    other.close();
    served.child.kill();
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

describe('durations Node would fire after 1 ms', () => {
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
      'too-long.yaml:7:11: conversation[1].wait: is longer than one day (86400 s): use a shorter duration, or forever',
    );
    expect(stdout).toContain('too-long.yaml:8:32: conversation[2].typing.for: is longer than one day');
  });
});

describe('a scenario file that is a FIFO', () => {
  const fifo = (name: string) => {
    const file = path.join(workDir, name);
    execFileSync('mkfifo', [file]);
    return file;
  };

  it('validate reports it as no regular file and goes on with the next file, without waiting for a writer', async () => {
    const good = path.join(repoRoot, 'mock-server/scenarios/typing.yaml');
    const { code, stdout, stderr } = await cli(['validate', fifo('pipe.yaml'), good]);
    expect(code).toBe(2);
    expect(stderr).toContain('pipe.yaml: it is not a regular file (a FIFO, socket or device)');
    expect(stdout).toContain('typing.yaml: ok (typing)');
  });

  it('serve --watch: a watched file replaced by a FIFO is reported, the last good version stays, SIGTERM still works', async () => {
    const file = writeFile(
      'watched-fifo.yaml',
      'name: watched-fifo\nstory: Replaced by a FIFO.\nconversation:\n  - expect: requestChat\n  - send: requestChat\n',
    );
    const served: ServedChild = await serveChild(['--scenario', file, '--watch']);
    renameSync(fifo('replacement.fifo'), file);
    await outputMatching(served, /watched-fifo\.yaml changed but does not load/);
    // The reason follows on the next line, which may arrive in a later chunk.
    await outputMatching(served, /it is not a regular file/);
    await expectAnswering(served);
    const client = await TestClient.connect(served.socketUrl);
    await client.requestChat();
    client.close();
    const exited = new Promise<number | null>((resolve) => served.child.once('exit', resolve));
    served.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('YAML built to loop or explode', () => {
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

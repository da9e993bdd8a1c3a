/**
 * Scenarios built to hurt the mock, black-box through the CLI: a `matches` pattern built to
 * backtrack or to cost RE2 a large program, durations Node's timers overflow on, YAML built to
 * loop or explode, and a scenario "file" that is a FIFO; a large scenario saved into a watched
 * folder, and files too large, too deep or mis-indented. Each judges what the mock does (who is
 * answered, in which order, what is refused); how long it takes on this machine is a figure for
 * `npm run bench` (tests/support/bench-figure.ts), never a pass or fail of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frames, isNotification, saidText as said, TestClient } from '../../integration/mock-server/client.js';
import { reportFigure } from '../../support/bench-figure.js';
import { cpuMs, threadCpuMs } from '../../support/proc.js';
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

  /**
   * A scenario using the whole budget in one pattern (298 instructions), tested by a rule or an
   * expect. It takes messages up to the frame limit: by default the mock refuses one over the
   * vendor's 10,000 characters before any pattern sees it.
   */
  const heavy = (name: string, steps: string) =>
    writeFile(
      `${name}.yaml`,
      `name: ${name}
story: One pattern of 298 RE2 instructions, nearly all a scenario may spend.
session: { maxMessageLength: 65536 }
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
    expect(stderr).toContain('cyclic.yaml:6:16: alias *c refers to a node that contains it (a loop)');
    expect(stderr).toMatch(/laughs\.yaml:1: Excessive alias count .* \(at most 100 alias expansions\)/);
    expect(stdout).toContain('happy-path.yaml: ok (happy-path)');
    expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m);
  });
});

describe('--watch reloads a large scenario without stopping the server', () => {
  /** A scenario of about `bytes` that loads: a long monologue of `say` steps. */
  function monologue(bytes: number): string {
    const head =
      'name: big\nstory: A long monologue.\nagents:\n  sam: { id: agent-7, name: Sam }\nconversation:\n  - expect: requestChat\n  - send: requestChat\n  - join: sam\n';
    const line = (n: number) => `  - say: { agent: sam, text: "line ${n} ${'x'.repeat(170)}" }\n`;
    const count = Math.floor((bytes - head.length) / line(10_000).length);
    return head + Array.from({ length: count }, (_, n) => line(n)).join('');
  }

  /** Every ping -> pong round trip, one ping at a time, until `done` settles (or `count` pings). */
  async function pongGaps(client: TestClient, until: { done?: Promise<unknown>; count?: number }): Promise<number[]> {
    let finished = false;
    void until.done?.finally(() => {
      finished = true;
    });
    const gaps: number[] = [];
    while (until.count === undefined ? !finished : gaps.length < until.count) gaps.push(await pong(client));
    return gaps;
  }

  it('the longest pong gap while a 1 MiB scenario is saved and loaded stays under 100 ms', async () => {
    const folder = path.join(workDir, 'watched-big');
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'big.yaml');
    writeFileSync(
      file,
      'name: big\nstory: Short for now.\nconversation:\n  - expect: requestChat\n  - send: requestChat\n',
    );
    const served = await serveChild(['--scenario', folder, '--watch']);
    const client = await TestClient.connect(served.socketUrl);
    const text = monologue(1024 * 1024 - 100);
    expect(text.length).toBeGreaterThan(1000 * 1024);
    /** Saves the large scenario under `name`; resolves with the line saying it loaded (or did not). */
    const saved = (name: string, loadedLine: RegExp) => {
      const reloaded = outputMatching(served, new RegExp(`${loadedLine.source}|big\\.yaml changed but does not load`));
      writeFileSync(file, text.replace('name: big\n', `name: ${name}\n`));
      return reloaded;
    };
    // First save: the longest pong gap while it is read, parsed and checked.
    const started = performance.now();
    const first = saved('big', /scenario big reloaded from .*big\.yaml/);
    const during = await pongGaps(client, { done: first });
    const reloadMs = performance.now() - started;
    expect(await first).toMatch(/scenario big reloaded/);
    const longest = Math.max(...during);
    // Second save, with nothing else to do: the CPU each thread spends on it, on the threads' own
    // clocks (/proc/PID/task/TID/stat), which the machine's load does not change.
    const pid = served.child.pid as number;
    const cpu = () => ({ all: cpuMs(pid), main: threadCpuMs(pid, pid) });
    const before = cpu();
    const second = saved('big-two', /scenario big is now named big-two/);
    expect(await second).toMatch(/now named big-two/);
    const after = cpu();
    const mainMs = after.main - before.main;
    const otherMs = after.all - after.main - (before.all - before.main);
    const figures = `longest pong ${longest.toFixed(1)} ms of ${during.length}, the load taking ${reloadMs.toFixed(0)} ms; a load costs the main thread ${mainMs} ms of CPU and other threads ${otherMs} ms`;
    // The issue's bound is a pong gap under 100 ms, and on a quiet machine it is (9 to 60 ms
    // here). But the test files running beside this one, and other work on a shared machine, can
    // keep any thread off the CPU for longer than that, loading or not: a wall-clock bound alone
    // would judge the machine. So the test asserts what keeps the gap short, on the CPU's own
    // clock: the parse runs on another thread, and the main thread spends next to nothing on a
    // load (on the code before, it spent the whole parse there, and a pong waited 2,563 ms). The
    // gap itself gets a generous bound, and is reported against the 100 ms budget in npm run bench.
    expect(mainMs, figures).toBeLessThan(50);
    expect(otherMs, figures).toBeGreaterThan(Math.max(100, 4 * mainMs));
    expect(longest, figures).toBeLessThan(1000);
    reportFigure({
      item: '23',
      figure: 'serve --watch: longest pong gap while a 1 MiB scenario is saved and loaded',
      value: figures,
      budget: '< 100 ms',
      pass: longest < 100,
    });
    // New sessions play the new version.
    const fresh = await TestClient.connect(`${served.socketUrl}?scenario=big-two`);
    await fresh.requestChat();
    await fresh.next((frame) => isNotification('newMessage')(frame) && JSON.stringify(frame).includes('line 0 x'));
    fresh.close();
    client.close();
    served.child.kill();
  }, 90_000);
});

describe('scenario files too large, too deep or mis-indented are refused in QA words', () => {
  it('more agents or steps than the caps: a load error at the place, before anything costly', async () => {
    const agents = Array.from({ length: 1001 }, (_, n) => `  a${n}: { id: agent-${n}, name: A${n} }`).join('\n');
    const crowd = writeFile(
      'crowd.yaml',
      `name: crowd\nstory: Too many agents.\nagents:\n${agents}\nconversation: []\n`,
    );
    const says = Array.from({ length: 10_001 }, () => '  - wait: 1').join('\n');
    const long = writeFile('long.yaml', `name: long\nstory: Too many steps.\nconversation:\n${says}\n`);
    const { code, stdout } = await cli(['validate', crowd, long]);
    expect(code).toBe(1);
    expect(stdout).toContain(
      'crowd.yaml:4:3: agents: names 1001 agents; a scenario may name at most 1000: split it into smaller scenarios',
    );
    expect(stdout).toContain(
      'long.yaml:4:3: conversation: has more than 10000 steps (nested ones counted); a scenario may have at most 10000: split it into smaller scenarios',
    );
  });

  it('nesting deeper than 64 levels: a load error at its line, never "Maximum call stack size exceeded"', async () => {
    const flow = writeFile(
      'deep-flow.yaml',
      `name: deep\nstory: deep\nconversation: []\nx: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`,
    );
    const steps = writeFile(
      'deep-steps.yaml',
      `name: deep-steps\nstory: deep\nconversation: ${'[{branch: [{steps: '.repeat(1000)}[{wait: 1}]${'}]}]'.repeat(1000)}\n`,
    );
    const { code, stdout, stderr } = await cli(['validate', flow, steps]);
    expect(code).toBe(2);
    const nests =
      'nests deeper than 64 levels of lists and maps: no scenario needs that many; flatten it (a scenario nests steps a few levels deep)';
    expect(stderr).toContain(`deep-flow.yaml:4:67: ${nests}`);
    expect(stderr).toContain(`deep-steps.yaml:3:311: ${nests}`);
    expect(`${stdout}${stderr}`).not.toMatch(/call stack|^\s+at /m);
  });

  it('an indentation slip is reported at the line to fix, with its column and a hint', async () => {
    const cases: [string, string, string][] = [
      [
        'indent-nested.yaml',
        'name: indent\nstory: s\nconversation:\n  - expect: requestChat\n  - send: requestChat\n     body:\n      intrinsics: { name: x }\n',
        'indent-nested.yaml:6:6: indentation: this line is indented 5 spaces, and line 5 already has its value, so nothing can be nested under it: YAML nests by indentation, so line it up with the key or item it belongs beside (4, 2, 0 spaces) (the YAML parser says: Nested mappings are not allowed in compact mappings)',
      ],
      [
        'indent-sibling.yaml',
        'name: indent\nstory: s\nagents:\n  sam: { id: a, name: Sam }\n   alex: { id: b, name: Alex }\nconversation: []\n',
        'indent-sibling.yaml:5:4: indentation: this line is indented 3 spaces, and line 4 already has its value, so nothing can be nested under it: YAML nests by indentation, so line it up with the key or item it belongs beside (2, 0 spaces) (the YAML parser says: All mapping items must start at the same column)',
      ],
      [
        'indent-item.yaml',
        'name: indent\nstory: s\nconversation:\n- say: { agent: sam, text: hi }\n  - wait: 1\n',
        'indent-item.yaml:5:3: indentation: this `-` item is lined up with the keys of the item on line 4, so it is read as one of them: start it at 0 spaces like that item, or give it a key to belong to (the YAML parser says: A block sequence may not be used as an implicit map key)',
      ],
    ];
    for (const [name, text, expected] of cases) {
      const { code, stderr } = await cli(['validate', writeFile(name, text)]);
      expect(code).toBe(2);
      expect(stderr).toContain(`/${expected}\n`);
    }
  });

  it('a duration in other units is converted in the hint, never read as its digits', async () => {
    const file = writeFile(
      'units.yaml',
      'name: units\nstory: s\nconversation:\n  - wait: 2d\n  - wait: 2h\n  - wait: "2 seconds"\n',
    );
    const { code, stdout } = await cli(['validate', file]);
    expect(code).toBe(1);
    expect(stdout.trim().split('\n')).toEqual([
      expect.stringContaining(
        'units.yaml:4:11: conversation[0].wait: `wait: 2d` is not a duration: 2 days is longer than one day, the longest a scenario waits (86400 seconds): use a shorter duration, or forever for never',
      ),
      expect.stringContaining(
        'units.yaml:5:11: conversation[1].wait: `wait: 2h` is not a duration: write a number of seconds (2 hours is `wait: 7200`), or 500ms, 2s, 1.5m, or forever',
      ),
      expect.stringContaining(
        'units.yaml:6:11: conversation[2].wait: `wait: "2 seconds"` is not a duration: write a number of seconds (2 seconds is `wait: 2`), or 500ms, 2s, 1.5m, or forever',
      ),
    ]);
  });
});

/**
 * `mock-chat validate` and the loader say every problem of a scenario file in one run, each at
 * file:line:column with its place in the scenario, and the file named as it was given.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliIo, EXIT } from '../../../cli/io.js';
import { createProgram } from '../../../cli/program.js';
import { loadScenario, MockChatError } from '../../../mock-server/index.js';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'mock-chat-problems-'));

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

describe('every problem in one run, each at file:line:column with its place', () => {
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

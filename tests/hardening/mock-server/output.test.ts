/**
 * Issue 9, item 7: what a client frame, a capture or a scenario file names reaches a terminal
 * or a CI log inert. A property name carrying ESC sequences and new lines (`::error::` starts a
 * GitHub Actions annotation at the start of a line) is printed escaped by `serve` (its log and
 * the problems of a scenario it cannot load), `validate` and `check`.
 */
import { describe, expect, it } from 'vitest';
import { frames, TestClient } from '../../integration/mock-server/client.js';
import { cli, expectAnswering, outputMatching, serveChild, writeFile } from './support/serve-child.js';

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

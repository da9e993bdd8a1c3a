/**
 * Issue 9, item 7: what a client frame or a capture names reaches a terminal or a CI log
 * inert. A property name carrying ESC sequences and new lines (`::error::` starts a GitHub
 * Actions annotation at the start of a line) is printed escaped by `serve` and `check`.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frames, TestClient } from '../../integration/mock-server/client.js';
import { repoRoot } from '../../support/specs.js';
import { expectAnswering, outputMatching, serveChild, workDir, writeFile } from './support/serve-child.js';

const HOSTILE_NAME = '\u001b[2J\u001b]0;owned\u0007x\n::error::injected\r\u009b31m';

/** No raw control character, and no line the payload started. */
function expectInert(output: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
  expect(output).not.toMatch(/[\u001b\u0007\r\u009b]/);
  expect(output).not.toMatch(/^::error::/m);
  expect(output).toContain('\\u001b[2J');
  expect(output).toContain('\\n::error::injected');
}

describe('item 7: control characters from clients and captures are printed escaped', () => {
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

  it('check, pretty output', async () => {
    // An extra property is a violation only in the strict profile (tolerant reports a deviation).
    const message = frames.newMessage('hi');
    const capture = writeFile(
      'hostile-names.jsonl',
      `${JSON.stringify({ direction: 'client', frame: { ...message, body: { ...message.body, [HOSTILE_NAME]: 1 } } })}\n`,
    );
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(
        process.execPath,
        [path.join(repoRoot, 'cli/bin/mock-chat.js'), 'check', '--profile', 'strict', capture],
        { cwd: workDir, env: { ...process.env, NO_COLOR: '1' } },
        (error, out) => resolve({ code: error ? Number(error.code) : 0, stdout: out }),
      ),
    );
    expect(code).toBe(1);
    expect(stdout).toContain('is not allowed: no such property in the contract');
    expectInert(stdout);
  });
});

/**
 * Issue 22: the allow-file round trip works for every capture `check` accepts. Whatever the
 * frames (any JSON value, property names with `/`, `~`, `*`, quotes, control characters; text
 * that is not JSON; binary frames), a baseline written by `--write-allow` read back by `--allow`
 * accepts every violation of the same capture: exit 0. Seeded, so a failure repeats.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../cli/io.js';
import { dir, file } from './fixtures.js';
import { inProcess } from './in-process.js';

async function check(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const cli = inProcess();
  await cli.parse('check', ...args);
  return { code: cli.run.code, out: cli.out(), err: cli.err() };
}

/** Property names that are hard on JSON pointers, regular expressions and YAML. */
const awkwardKey = fc.oneof(
  fc.constantFrom('*', '**', '~', '/', 'a/b', '~0', '~1', '.*', '$', '(', '"', "'", '\n', '\u202e', ': ', '- x', '#'),
  fc.string(),
);
const frameLike = fc.oneof(
  fc.jsonValue(),
  fc.record({
    apiVersion: fc.constantFrom('1.0', 2),
    type: fc.constantFrom('request', 'notification', 'error', 'odd'),
    body: fc.dictionary(awkwardKey, fc.jsonValue(), { maxKeys: 4 }).map((body) => ({ method: 'newMessage', ...body })),
  }),
);
const line = fc.oneof(
  fc.record({ direction: fc.constantFrom('client', 'server'), frame: frameLike }),
  fc.record({ direction: fc.constantFrom('client', 'server'), text: fc.string() }),
  fc.record({
    direction: fc.constantFrom('client', 'server'),
    binary: fc.uint8Array({ maxLength: 8 }).map((bytes) => Buffer.from(bytes).toString('base64')),
  }),
);

describe('--write-allow then --allow', () => {
  it('accepts every violation it wrote, for any capture check reads', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 6 }), async (lines) => {
        run += 1;
        const capture = file(`roundtrip-${run}.jsonl`, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
        const baseline = path.join(dir, `roundtrip-${run}.allow.yaml`);
        for (const profile of ['strict', 'tolerant']) {
          const first = await check(capture, '--profile', profile, '--write-allow', baseline);
          expect(first.code, first.out).not.toBe(EXIT.unusable);
          const second = await check(capture, '--profile', profile, '--allow', baseline, '--format', 'json');
          expect(second.code, `${second.err}\n${readFileSync(baseline, 'utf8')}`).toBe(EXIT.clean);
          expect(JSON.parse(second.out).summary.violations).toBe(0);
        }
      }),
      { seed: 22, numRuns: 40 },
    );
  });

  it('writes the whole frame of a text or binary frame as pointer "", which --allow reads', async () => {
    const capture = file(
      'not-json.jsonl',
      `${JSON.stringify({ direction: 'client', text: 'hello?' })}\n${JSON.stringify({ direction: 'server', binary: 'AQID' })}\n`,
    );
    const baseline = path.join(dir, 'not-json.allow.yaml');
    expect((await check(capture, '--write-allow', baseline)).code).toBe(EXIT.violations);
    expect(readFileSync(baseline, 'utf8')).toContain('pointer: ""');
    const again = await check(capture, '--allow', baseline);
    expect(again.code).toBe(EXIT.clean);
    expect(again.out).toContain('2 frames, all follow the contract, 2 allowed');
  });
});

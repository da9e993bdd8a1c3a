import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { TEST_MS } from '../support/patience.js';
import { repoRoot } from '../support/specs.js';

const run = promisify(execFile);
let temp = '';
afterAll(async () => {
  if (temp) await rm(temp, { recursive: true, force: true });
});

it(
  'generated/ is exactly what npm run generate writes from specs/ (regenerated to a temp folder)',
  async () => {
    temp = await mkdtemp(path.join(os.tmpdir(), 'generated-'));
    await run(path.join(repoRoot, 'node_modules/.bin/tsx'), ['scripts/generate.ts', '--out', temp], { cwd: repoRoot });
    const committed = (await readdir(path.join(repoRoot, 'generated'))).sort();
    const fresh = (await readdir(temp)).sort();
    expect(fresh).toEqual(committed);
    for (const file of fresh) {
      const [a, b] = await Promise.all([
        readFile(path.join(temp, file), 'utf8'),
        readFile(path.join(repoRoot, 'generated', file), 'utf8'),
      ]);
      expect(b, `generated/${file} is stale: run npm run generate and commit`).toBe(a);
    }
    // The generator is CPU-bound: about a minute on a busy machine (tests/support/patience.ts).
  },
  2 * TEST_MS,
);

it('every generated file says where it comes from and not to edit it', async () => {
  for (const file of await readdir(path.join(repoRoot, 'generated'))) {
    const text = await readFile(path.join(repoRoot, 'generated', file), 'utf8');
    const first = file.endsWith('.json') ? `// ${JSON.parse(text).$comment}` : text.split('\n')[0];
    expect(first, file).toMatch(/^\/\/ Generated from specs\/.+ by `npm run generate`.*Do not edit\.$/);
  }
});

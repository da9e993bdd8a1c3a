import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { asyncapiEnv } from '../../scripts/asyncapi-env.js';
import { TEST_MS } from '../support/patience.js';
import { repoRoot } from '../support/specs.js';

const run = promisify(execFile);

it(
  'asyncapi validate --fail-severity=warn passes, offline',
  async () => {
    const bin = path.join(repoRoot, 'node_modules/.bin/asyncapi');
    const { stdout } = await run(bin, ['validate', 'specs/chat-socket.asyncapi.yaml', '--fail-severity=warn'], {
      cwd: repoRoot,
      env: asyncapiEnv(process.env),
    });
    expect(stdout).toMatch(/is valid/);
    // With telemetry on, the CLI announces that it tracks command executions; it must not.
    expect(stdout).not.toMatch(/anonymously tracks/);
    // The CLI's start-up alone is CPU-bound: about a minute on a busy machine (tests/support/patience.ts).
  },
  2 * TEST_MS,
);

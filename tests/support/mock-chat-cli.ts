/** The built `mock-chat` command, as a QA engineer or integrator runs it, for the tests that spawn it. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './specs.js';

export const MOCK_CHAT_BIN = path.join(repoRoot, 'cli/bin/mock-chat.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `mock-chat <args>` to its end in `cwd`, colour off. Its standard input is `stdin` when
 * given, else empty and closed, so a command that reads it (`from-capture -`) never waits.
 */
export function runMockChat(args: string[], options: { cwd: string; stdin?: string }): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [MOCK_CHAT_BIN, ...args],
      { cwd: options.cwd, env: { ...process.env, NO_COLOR: '1' } },
      // A signal leaves no exit code: counted as a failure, never as 0.
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(options.stdin ?? '');
  });
}

/**
 * `mock-chat serve` (and `proxy`) as users run it: the real bin in a child process, its output
 * kept, and the check every reproduction ends with: the process is still running and answers `GET /`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { MOCK_CHAT_BIN as bin, type CliRun, runMockChat } from '../../../support/mock-chat-cli.js';

/** A temp folder for this test file's scenario and capture files. */
export const workDir = mkdtempSync(path.join(tmpdir(), 'mock-chat-hardening-'));

/** `mock-chat <args>` run to its end in workDir. */
export function cli(args: string[]): Promise<CliRun> {
  return runMockChat(args, { cwd: workDir });
}

export function writeFile(name: string, text: string): string {
  const full = path.join(workDir, name);
  writeFileSync(full, text);
  return full;
}

export interface ServedChild {
  child: ChildProcess;
  url: string;
  socketUrl: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves at the next output (or exit). */
  nextOutput(): Promise<void>;
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts `mock-chat serve --port 0 ...args` and resolves once it prints its URL. */
export function serveChild(args: string[]): Promise<ServedChild> {
  return spawnChild('serve', args);
}

/** Starts `mock-chat proxy --port 0 ...args` and resolves once it prints its URL. */
export function proxyChild(args: string[]): Promise<ServedChild> {
  return spawnChild('proxy', args);
}

/** `serve` and `proxy` both print `ready at http://... (socket ws://...)` once listening. */
function spawnChild(command: 'serve' | 'proxy', args: string[]): Promise<ServedChild> {
  const child = spawn(process.execPath, [bin, command, '--port', '0', ...args], {
    cwd: workDir,
    env: { ...process.env, NO_COLOR: '1' },
  });
  children.push(child);
  let output = '';
  let wakers: (() => void)[] = [];
  const wakeAll = () => {
    for (const wake of wakers) wake();
    wakers = [];
  };
  const nextOutput = () => new Promise<void>((resolve) => wakers.push(resolve));
  return new Promise((resolve, reject) => {
    // Decoded as a stream: a character split between two chunks (the log's arrows are three
    // bytes) must not turn into two replacement characters.
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      wakeAll();
      const match = /ready at (http:\/\/[^\s]+) \(socket (ws:\/\/[^\s)]+)\)/.exec(output);
      if (match) {
        resolve({ child, url: match[1] as string, socketUrl: match[2] as string, output: () => output, nextOutput });
      }
    });
    child.stderr.on('data', (chunk: string) => {
      output += chunk;
      wakeAll();
    });
    child.on('exit', (code) => {
      wakeAll();
      reject(new Error(`mock-chat ${command} exited ${code}:\n${output}`));
    });
  });
}

/**
 * The acceptance check after every attack: the process is still running and answers `GET /`.
 * A server an attack froze never answers (the test's timeout says so); how fast it answers on
 * a busy machine is no part of the check.
 */
export async function expectAnswering(served: ServedChild): Promise<void> {
  expect(served.child.exitCode, `the server ended:\n${served.output()}`).toBeNull();
  const response = await fetch(`${served.url}/`);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

/** Waits until the output matches `pattern`; fails at once if the process ends first. */
export async function outputMatching(served: ServedChild, pattern: RegExp): Promise<string> {
  for (;;) {
    const found = served.output().match(pattern);
    if (found) return found[0];
    if (served.child.exitCode !== null) throw new Error(`no output matching ${pattern}:\n${served.output()}`);
    await served.nextOutput();
  }
}

/**
 * Issue 24, cold start: `mock-chat serve` with built-in scenarios loads neither the code of the
 * other commands (check, proxy, scenario from-capture, their readers and libraries) nor the YAML
 * scenario loader (the yaml package, the scenario schema's validators, RE2): the built-ins come
 * prepared at build time. Judged on the real bin: every file Node loads is recorded by a module
 * hook, and what is in them is told by the module names the bundler writes above each module's
 * code (`// cli/check/read.ts`). A scenario file does load the loader: the check can see it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { childOutput } from '../support/changes.js';
import { MOCK_CHAT_BIN } from '../support/mock-chat-cli.js';
import { dir, goodScenario } from './fixtures.js';

/** The code of the other commands: never `serve`'s. */
const OTHER_COMMANDS = [
  'cli/commands/check.ts',
  'cli/commands/proxy.ts',
  'cli/commands/scenario.ts',
  'cli/check/read.ts',
  'mock-server/proxy/proxy.ts',
  'mock-server/scenario/from-capture.ts',
  'node_modules/@streamparser/',
];
/** The YAML scenario loader: only for a scenario that is not a prepared built-in. */
const LOADER = [
  'mock-server/scenario/load.ts',
  'mock-server/scenario/pattern.ts',
  'generated/scenario.validators.js',
  'node_modules/yaml/',
  'node_modules/re2js/',
];
const among = (modules: string[], names: string[]) => modules.filter((m) => names.some((name) => m.includes(name)));

const hooks = path.join(dir, 'record-loads.mjs');
writeFileSync(
  hooks,
  `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.LOADED_LOG, url + '\\n');
  return next(url, context);
}
`,
);
const register = path.join(dir, 'register-loads.mjs');
writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`);

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

let runs = 0;
/**
 * Starts `serve` with `args` until it is ready, runs `meanwhile` with its URL, stops it; the
 * module names inside every file it loaded.
 */
async function modulesLoadedBy(args: string[], meanwhile?: (url: string) => Promise<void>): Promise<string[]> {
  const log = path.join(dir, `loaded-${++runs}.txt`);
  writeFileSync(log, '');
  const child = spawn(process.execPath, ['--import', register, MOCK_CHAT_BIN, 'serve', '--port', '0', ...args], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', LOADED_LOG: log },
  });
  children.push(child);
  // A wall-clock bound for a start on a busy machine, not a budget (BENCHMARKS.md measures that).
  const ready = await childOutput(child).shows(/ready at (http:\/\/\S+)/, 30_000);
  await meanwhile?.(/ready at (http:\/\/\S+)/.exec(ready)?.[1] as string);
  child.kill('SIGTERM');
  const files = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))].map((url) => fileURLToPath(url));
  expect(files.some((file) => file.includes(`${path.sep}build${path.sep}`))).toBe(true);
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^\/\/ (\S+\.(?:ts|js|mjs|cjs))$/gm)].map((m) => m[1] as string),
  );
}

/** What reads agent console actions: loaded on the first one (serve passes lazyConsoleActions). */
const ACTION_READER = 'generated/agent-console.validators.js';

describe('what mock-chat serve loads', () => {
  it('serving built-ins: the server, not the other commands nor the YAML scenario loader', async () => {
    const modules = await modulesLoadedBy(['--scenario', 'happy-path', '--scenario', 'typing']);
    expect(modules).toContain('mock-server/server/start.ts');
    expect(modules).toContain('mock-server/socket/connection.ts');
    expect(among(modules, [...OTHER_COMMANDS, ...LOADER, ACTION_READER])).toEqual([]);
  });

  it('the agent console: what reads an action is loaded by the first action, which it reads', async () => {
    let answer: { status: number; message: string } | undefined;
    const modules = await modulesLoadedBy([], async (url) => {
      const response = await fetch(`${url}/__mock/sessions/1/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'sing' }),
      });
      answer = { status: response.status, message: ((await response.json()) as { message: string }).message };
    });
    expect(answer?.status).toBe(400);
    expect(answer?.message).toMatch(/"sing" is no action: use one of .*say/);
    expect(modules).toContain(ACTION_READER);
  });

  it('serving a scenario file: the YAML scenario loader too, still none of the other commands', async () => {
    const modules = await modulesLoadedBy(['--scenario', goodScenario()]);
    expect(modules).toContain('mock-server/scenario/load.ts');
    expect(modules.some((m) => m.startsWith('node_modules/yaml/'))).toBe(true);
    expect(among(modules, OTHER_COMMANDS)).toEqual([]);
  });
});

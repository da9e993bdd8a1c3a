/**
 * Mockoon (`@mockoon/cli`, when installed) as the socket benchmark's third server: an
 * environment file written here with one WebSocket route, /chat, in Mockoon's conversational
 * mode (each client frame answered by the route's response), whose body `{{body}}` is the frame
 * itself: an echo, templated by Mockoon as every answer of its routes is. Mockoon logs each frame
 * as a JSON line on stdout, as it does by default.
 *
 * It is not a devDependency: @mockoon/cli 9.9.0 brings 78 packages (about 60 MB: faker,
 * date-fns, express, an MCP SDK...) into every `npm ci`, CI's included, for one row of one
 * benchmark. Without it the bench prints why and how to add it, and BENCHMARKS.md keeps the
 * figures measured against Mockoon 9 when issue 24 was filed as the reference.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
/** The version the issue measured. */
const MOCKOON_PACKAGE = '@mockoon/cli@9.9.0';

export type MockoonCommand =
  | { installed: true; version: string; args(port: number): string[]; dispose(): void }
  | {
      installed: false;
      why: string;
    };

/** Where the installed CLI is, and the migration level its environment files are written at. */
function installed(): { bin: string; version: string; migration: number } | string {
  let manifest: string;
  try {
    manifest = require.resolve('@mockoon/cli/package.json');
  } catch {
    return `not installed (${MOCKOON_PACKAGE} is not a devDependency: 78 packages, about 60 MB, in every npm ci). To compare: npm install --no-save ${MOCKOON_PACKAGE}, then run the bench again; BENCHMARKS.md has the issue's Mockoon figures`;
  }
  const pkg = require(manifest) as { version: string; bin: Record<string, string> };
  const from = createRequire(manifest);
  const commons = from('@mockoon/commons') as { HighestMigrationId: number };
  const bin = Object.values(pkg.bin)[0] as string;
  return { bin: path.join(path.dirname(manifest), bin), version: pkg.version, migration: commons.HighestMigrationId };
}

/** `node <args>` starts Mockoon on `port` (it takes no port 0), or why it cannot run here. */
export function mockoonCommand(): MockoonCommand {
  const found = installed();
  if (typeof found === 'string') return { installed: false, why: found };
  const dir = mkdtempSync(path.join(tmpdir(), 'mockoon-bench-'));
  const file = path.join(dir, 'echo.json');
  const uuid = (n: number) => `7d1c0a52-3b9e-4c0f-9a11-${String(n).padStart(12, '0')}`;
  const environment = {
    uuid: uuid(1),
    lastMigration: found.migration,
    name: 'socket bench echo',
    port: 3000,
    hostname: '127.0.0.1',
    routes: [
      {
        uuid: uuid(2),
        type: 'ws',
        method: 'get',
        endpoint: 'chat',
        streamingMode: null,
        streamingInterval: 0,
        responses: [{ uuid: uuid(3), body: '{{body}}', latency: 0, default: true, rules: [] }],
      },
    ],
    rootChildren: [{ type: 'route', uuid: uuid(2) }],
  };
  writeFileSync(file, JSON.stringify(environment, null, 2));
  return {
    installed: true,
    version: found.version,
    // -X: its log on stdout only (no log file); no admin API, which the bench does not use.
    args: (port) => [found.bin, 'start', '--data', file, '--port', String(port), '-X', '--disable-admin-api'],
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

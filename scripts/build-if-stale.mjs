// npm start's first step: builds the widget (dist/widget/) and the Node side (build/) only when
// one of their inputs is newer than what was built from them, as make does. `npm install` has
// already built both, so an unchanged checkout starts at once instead of rebuilding for about
// 9 s every time (README, "Try it"). Each part has its own inputs: a change under widget/ builds
// the widget only, one under agent-console/ the console only, one under mock-server/ the Node
// side (and, under mock-server/live/, the console too). `--force` builds all three.
//
// An input is any file under the part's folders (or one of its files, or a folder itself, whose
// time changes when a file is added or removed). A part is up to date when its outputs exist and
// every input is older than either the output its build writes last, every time (as
// `npm install` or `npm run build` left it), or its stamp: the time the last build started
// here, kept in a file beside the outputs. (Not any output: tsc leaves an unchanged file's time
// alone.) The build commands are the package's own (`npm run build:widget`,
// `npm run build:node`), so nothing about how they build changes.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = ['contract', 'generated', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json'];

export const PARTS = [
  {
    name: 'widget',
    script: 'build:widget',
    inputs: [...shared, 'widget', 'vite.config.ts'],
    outputs: ['dist/widget/embed.js'],
    // vite empties dist/widget/ and writes every file again.
    writtenLast: 'dist/widget/embed.js',
    stamp: 'dist/.widget-built',
  },
  {
    name: 'agent console',
    script: 'build:console',
    // It imports the console's wire format (and its few constants) from mock-server/.
    inputs: [
      ...shared,
      'agent-console',
      'mock-server/live',
      'mock-server/socket/service-errors.ts',
      'vite.console.config.ts',
    ],
    outputs: ['dist/agent-console/index.html'],
    // vite empties dist/agent-console/ and writes index.html after the assets it names.
    writtenLast: 'dist/agent-console/index.html',
    stamp: 'dist/.agent-console-built',
  },
  {
    name: 'Node side',
    script: 'build:node',
    inputs: [...shared, 'mock-server', 'cli', 'specs', 'tsconfig.build.json'],
    outputs: ['build/cli/mock-chat.js', 'build/contract/index.js'],
    // scripts/build-node.mjs runs tsc, then bundles the program into an emptied build/cli/.
    writtenLast: 'build/cli/mock-chat.js',
    stamp: 'build/.node-built',
  },
];

/** The newest modification time among the files under `entry` (a file or a folder), 0 when none. */
function newest(entry) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  // A folder's own time changes when a file is added, removed or renamed in it.
  let latest = stats.mtimeMs;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(entry, name)));
  }
  return latest;
}

/** Why the part must be built, or null when what is built is newer than every input. */
export function staleness(part, base = root) {
  for (const output of part.outputs) {
    if (newest(path.join(base, output)) === 0) return `${output} is missing`;
  }
  const built = Math.max(newest(path.join(base, part.writtenLast)), newest(path.join(base, part.stamp)));
  for (const input of part.inputs) {
    if (newest(path.join(base, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

/** Records that the part was built from its inputs as they were at `startedMs`. */
export function stamp(part, startedMs, base = root) {
  const file = path.join(base, part.stamp);
  closeSync(openSync(file, 'a'));
  const time = new Date(startedMs);
  utimesSync(file, time, time);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  for (const part of PARTS) {
    const reason = force ? 'asked to (--force)' : staleness(part);
    if (reason === null) {
      console.log(`${part.name}: up to date`);
      continue;
    }
    console.log(`${part.name}: building (${reason})`);
    // A file saved while the build runs is newer than this, so the next start builds it.
    const startedMs = Date.now();
    // The npm that runs `npm start` (npm_execpath), else the one on the PATH.
    const npmCli = process.env.npm_execpath;
    const run = npmCli
      ? spawnSync(process.execPath, [npmCli, 'run', '-s', part.script], { cwd: root, stdio: 'inherit' })
      : spawnSync('npm', ['run', '-s', part.script], {
          cwd: root,
          stdio: 'inherit',
          shell: process.platform === 'win32',
        });
    if (run.status !== 0) process.exit(run.status ?? 1);
    stamp(part, startedMs);
  }
}

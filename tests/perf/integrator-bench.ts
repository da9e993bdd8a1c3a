/**
 * npm run bench:integrator (issue 22), also the `integrator` part of `npm run bench`: what an
 * integrator pays for mock-chat where they install it.
 * - The package: `npm pack` of this checkout, installed offline into an empty folder
 *   (tests/support/package-install.ts): the tarball, its files, and the installed node_modules.
 * - Starting the bin in CI: `mock-chat --version` run by `node` on the bin's path, through
 *   `npm exec --offline` and through `npx`, from the installed folder; median of RUNS (5).
 * - `check` on a generated capture of CHECK_MB (1024) megabytes (tests/perf/check-stream/):
 *   peak RSS (the process's own VmHWM, read at exit) and wall time; budget: under 150 MB.
 * Prints a table; `--json` adds a last line of machine-readable figures. Exits 1 on a failed budget.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from '../support/median.js';
import { MOCK_CHAT_BIN } from '../support/mock-chat-cli.js';
import { packAndInstall, run } from '../support/package-install.js';
import { writeCapture } from './check-stream/capture-lines.js';

export const INTEGRATOR_BENCH_JSON_PREFIX = 'integrator-bench-json: ';
const RSS_BUDGET_MB = 150;

export interface IntegratorFigures {
  tarballBytes: number;
  unpackedBytes: number;
  files: number;
  installedBytes: number;
  /** Median milliseconds of `mock-chat --version`, by how it is started. */
  startMs: { node: number; npmExecOffline: number; npx: number };
  check: { bytes: number; frames: number; seconds: number; rssMb: number; budgetMb: number };
}

async function timed(command: string, args: string[], cwd: string, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = await run(command, args, { cwd });
    if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** `mock-chat check FILE`: seconds, the peak RSS it reports at exit, and its report. */
async function checkFigures(work: string, file: string): Promise<{ seconds: number; rssMb: number; stdout: string }> {
  const preload = path.join(work, 'max-rss.mjs');
  writeFileSync(
    preload,
    // VmHWM is this process's own peak: resourceUsage().maxRSS also counts the parent's resident
    // size at the fork before exec (Linux keeps the larger), so after the browser part it read
    // the bench's own 287 MB.
    "import { readFileSync } from 'node:fs';\n" +
      "process.on('exit', () => process.stderr.write('\\nmax-rss-kb ' + /VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1] + '\\n'));\n",
  );
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', preload, MOCK_CHAT_BIN, 'check', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  await once(child, 'close');
  const kb = Number(/max-rss-kb (\d+)/.exec(stderr)?.[1]);
  return { seconds: (performance.now() - started) / 1000, rssMb: kb / 1024, stdout };
}

export async function integratorBench(
  options: { runs?: number; checkMb?: number; log?: (line: string) => void } = {},
): Promise<IntegratorFigures> {
  const log = options.log ?? (() => {});
  const runs = options.runs ?? 5;
  log('packing and installing offline ...');
  const pkg = await packAndInstall();
  const work = mkdtempSync(path.join(tmpdir(), 'integrator-bench-'));
  try {
    const bin = path.join(pkg.consumer, 'node_modules/chat-widget/cli/bin/mock-chat.js');
    log('mock-chat --version: node, npm exec --offline, npx ...');
    const startMs = {
      node: await timed(process.execPath, [bin, '--version'], pkg.consumer, runs),
      npmExecOffline: await timed('npm', ['exec', '--offline', '--', 'mock-chat', '--version'], pkg.consumer, runs),
      npx: await timed('npx', ['mock-chat', '--version'], pkg.consumer, runs),
    };
    const megabytes = options.checkMb ?? 1024;
    log(`generating a ${megabytes} MB capture and checking it ...`);
    const file = path.join(work, 'long.jsonl');
    const written = await writeCapture(file, megabytes);
    const checked = await checkFigures(work, file);
    if (!checked.stdout.includes(`long.jsonl: ${written.frames} frames`)) {
      throw new Error(`check did not read every frame:\n${checked.stdout.slice(-2000)}`);
    }
    return {
      tarballBytes: pkg.tarballBytes,
      unpackedBytes: pkg.unpackedBytes,
      files: pkg.files.length,
      installedBytes: pkg.installedBytes,
      startMs,
      check: {
        bytes: statSync(file).size,
        frames: written.frames,
        seconds: checked.seconds,
        rssMb: checked.rssMb,
        budgetMb: RSS_BUDGET_MB,
      },
    };
  } finally {
    pkg.remove();
    rmSync(work, { recursive: true, force: true });
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The figures as the rows of a table: [figure, value, budget, pass]. */
export function integratorRows(f: IntegratorFigures): [string, string, string, boolean | null][] {
  return [
    [
      'package tarball (npm pack), files in it',
      `${kib(f.tarballBytes)}, ${f.files} files (${kib(f.unpackedBytes)} unpacked)`,
      '',
      null,
    ],
    [
      'installed from the tarball, offline: node_modules',
      `${kib(f.installedBytes)} (chat-widget alone: no dependencies)`,
      '',
      null,
    ],
    [
      'mock-chat --version from the installed folder: node BIN / npm exec --offline / npx (median)',
      `${f.startMs.node.toFixed(0)} / ${f.startMs.npmExecOffline.toFixed(0)} / ${f.startMs.npx.toFixed(0)} ms`,
      '',
      null,
    ],
    [
      `check on a generated ${(f.check.bytes / 1024 ** 3).toFixed(2)} GiB capture (${f.check.frames} frames): peak RSS, time`,
      `${f.check.rssMb.toFixed(0)} MB, ${f.check.seconds.toFixed(1)} s (${(f.check.bytes / 1024 ** 2 / f.check.seconds).toFixed(0)} MB/s)`,
      `RSS < ${f.check.budgetMb} MB`,
      f.check.rssMb < f.check.budgetMb,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await integratorBench({
    runs: Number(process.env.RUNS ?? 5),
    checkMb: Number(process.env.CHECK_MB ?? 1024),
    log: (line) => console.log(line),
  });
  for (const [figure, value, budget, pass] of integratorRows(figures)) {
    console.log(`| ${figure} | ${value} | ${budget} | ${pass === null ? '' : pass ? 'PASS' : 'FAIL'} |`);
  }
  if (process.argv.includes('--json')) console.log(`${INTEGRATOR_BENCH_JSON_PREFIX}${JSON.stringify(figures)}`);
  process.exitCode = figures.check.rssMb < figures.check.budgetMb ? 0 : 1;
}

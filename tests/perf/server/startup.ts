/**
 * How long a server takes from spawn to its first answer, as a test suite that starts one mock
 * per file pays it: `mock-chat serve` (the real bin, compiled JavaScript, no TypeScript loader)
 * beside a bare node:http server (tests/perf/server/bare-http.mjs, the floor: Node's own start),
 * each on a free port, polled every 2 ms until it answers 200. Two figures per start: the wall
 * time from spawn to that answer, and the CPU time the server's threads had used by then
 * (/proc/PID/task/TID/schedstat): the one that does not depend on the machine's load, which the
 * budget judges (on a shared machine the wall time of a start swings by x3 from run to run). The
 * runs alternate between the servers (so the load weighs on both alike) after one warm-up round
 * (file caches); the figures are medians and the ratios are of the medians. `MOCK_CHAT_BEFORE=<bin>` adds a third
 * server: another build of the bin (e.g. of an earlier commit), for a before/after in one run.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { freePort } from '../../support/free-port.js';
import { median } from '../../support/median.js';
import { schedCpuMs } from '../../support/proc.js';

const ROOT = path.join(import.meta.dirname, '../../..');
const BIN = path.join(ROOT, 'cli/bin/mock-chat.js');
const BARE = path.join(import.meta.dirname, 'bare-http.mjs');
/** mock-chat serve's cold start may be at most this many times the bare server's (issue 24). */
export const COLD_START_RATIO_BUDGET = 1.5;

function answers(port: number, at: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: at, timeout: 200 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

interface Server {
  name: string;
  args(port: number): string[];
  /** What is asked until it answers 200. */
  path: string;
}

const serve = (name: string, bin: string): Server => ({
  name,
  args: (port) => [bin, 'serve', '--port', String(port)],
  path: '/__mock/contract/',
});

interface Start {
  /** ms from spawn to the first 200. */
  wallMs: number;
  /** CPU ms the server had used by then. */
  cpuMs: number;
}

/** One start, to its first 200. */
async function once(server: Server): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, server.args(port), { stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${server.name} exited ${child.exitCode} before answering`);
      if (await answers(port, server.path)) {
        const wallMs = performance.now() - started;
        return { wallMs, cpuMs: schedCpuMs(child.pid as number) };
      }
      if (performance.now() - started > 10_000) throw new Error(`${server.name} did not answer within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    child.kill('SIGKILL');
  }
}

/** One server's starts: medians and every run. */
export interface Starts {
  medianMs: number;
  runsMs: number[];
  cpuMedianMs: number;
  cpuRunsMs: number[];
}

export interface StartupFigures {
  /** mock-chat serve. */
  serve: Starts;
  /** The bare node:http server. */
  bare: Starts;
  /** mock-chat's medians over the bare server's: CPU (the budget) and wall. */
  cpuRatio: number;
  wallRatio: number;
  /** MOCK_CHAT_BEFORE's bin, when given. */
  before?: Starts & { bin: string; cpuRatio: number; wallRatio: number };
}

export async function serveStartup(runs = 9): Promise<StartupFigures> {
  const bare: Server = { name: 'node:http', args: (port) => [BARE, String(port)], path: '/' };
  const beforeBin = process.env.MOCK_CHAT_BEFORE;
  const servers = [bare, serve('mock-chat serve', BIN), ...(beforeBin ? [serve('before', beforeBin)] : [])];
  const samples = new Map(servers.map((s) => [s, [] as Start[]]));
  for (const server of servers) await once(server);
  for (let i = 0; i < runs; i++) {
    for (const server of servers) samples.get(server)?.push(await once(server));
  }
  const figure = (server: Server): Starts => {
    const got = samples.get(server) ?? [];
    const runsMs = got.map((s) => s.wallMs);
    const cpuRunsMs = got.map((s) => s.cpuMs);
    return { medianMs: median(runsMs), runsMs, cpuMedianMs: median(cpuRunsMs), cpuRunsMs };
  };
  const floor = figure(bare);
  const ratios = (of: Starts) => ({
    cpuRatio: of.cpuMedianMs / floor.cpuMedianMs,
    wallRatio: of.medianMs / floor.medianMs,
  });
  const mock = figure(servers[1] as Server);
  const before = servers[2] && beforeBin ? figure(servers[2]) : undefined;
  return {
    serve: mock,
    bare: floor,
    ...ratios(mock),
    ...(before && beforeBin ? { before: { ...before, bin: beforeBin, ...ratios(before) } } : {}),
  };
}

const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');

/** The figures as table rows: [figure, value, budget, pass]. */
export function startupRows(f: StartupFigures): [string, string, string, boolean | null][] {
  const runs = f.bare.runsMs.length;
  const starts = (s: Starts) =>
    `CPU ${s.cpuMedianMs.toFixed(1)} ms (runs ${list(s.cpuRunsMs)}); wall ${s.medianMs.toFixed(0)} ms (runs ${list(s.runsMs)})`;
  const rows: [string, string, string, boolean | null][] = [
    [`bare node:http server: spawn to its first answer, median of ${runs} (the floor)`, starts(f.bare), '', null],
    [
      `mock-chat serve (built-in happy-path, compiled): spawn to its first answer, median of ${runs}, interleaved with the floor`,
      `${starts(f.serve)}; x${f.cpuRatio.toFixed(2)} the floor's CPU, x${f.wallRatio.toFixed(2)} its wall time`,
      `CPU <= x${COLD_START_RATIO_BUDGET} the floor's`,
      f.cpuRatio <= COLD_START_RATIO_BUDGET,
    ],
  ];
  if (f.before) {
    rows.push([
      `the same, ${f.before.bin} (MOCK_CHAT_BEFORE)`,
      `${starts(f.before)}; x${f.before.cpuRatio.toFixed(2)} the floor's CPU, x${f.before.wallRatio.toFixed(2)} its wall time`,
      '',
      null,
    ]);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [figure, value, budget, pass] of startupRows(await serveStartup(Number(process.argv[2] ?? 9)))) {
    console.log(`| ${figure} | ${value} | ${budget} | ${pass === null ? '' : pass ? 'PASS' : 'FAIL'} |`);
  }
}

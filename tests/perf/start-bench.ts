/**
 * Issue 24: what it costs to start the demo and to call mock-chat inside this repository
 * (README, "The demo"; BENCHMARKS.md). `npx tsx tests/perf/start-bench.ts [runs]`, 5 runs by
 * default, interleaved, medians:
 * - spawn to the first HTTP answer of `npm start` with nothing to build (the widget and the Node
 *   side built, as `npm install` leaves them), of `mock-chat serve` alone, and of what `npm start`
 *   ran before (`npm run build`, then serve);
 * - one `mock-chat list` call as `node cli/bin/mock-chat.js`, `npx mock-chat` and
 *   `npm exec --offline -- mock-chat`.
 * Every server gets a free port (PORT) and is stopped with its process group.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { median } from './browser/page-tools.js';

const ROOT = path.join(import.meta.dirname, '../..');
const SERVE = 'node cli/bin/mock-chat.js serve --scenario happy-path --port $PORT';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const exited = once(child, 'exit').then(() => undefined);
  process.kill(-child.pid, 'SIGTERM');
  return exited;
}

/** ms from spawning `command` (a shell line) to the first answer of GET / on its PORT. */
async function toFirstAnswer(command: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('sh', ['-c', command], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited ${child.exitCode} before answering`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        await response.arrayBuffer();
        return performance.now() - started;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  } finally {
    await stop(child);
  }
}

/** ms one command takes to run to its end (a failure throws). */
async function toExit(command: string): Promise<number> {
  const started = performance.now();
  const child = spawn('sh', ['-c', command], { cwd: ROOT, stdio: 'ignore' });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${command} exited ${code}`);
  return performance.now() - started;
}

const measures: { name: string; run: () => Promise<number> }[] = [
  { name: 'npm start, nothing to build', run: () => toFirstAnswer('npm start') },
  { name: 'mock-chat serve alone', run: () => toFirstAnswer(SERVE) },
  {
    name: 'npm start before issue 24 (npm run build, then serve)',
    run: () => toFirstAnswer(`npm run -s build && ${SERVE}`),
  },
  { name: 'node cli/bin/mock-chat.js list', run: () => toExit('node cli/bin/mock-chat.js list') },
  { name: 'npx mock-chat list', run: () => toExit('npx mock-chat list') },
  { name: 'npm exec --offline -- mock-chat list', run: () => toExit('npm exec --offline -- mock-chat list') },
];

const runs = Number(process.argv[2] ?? 5);
const load = loadavg().map((value) => value.toFixed(1));
const samples = new Map(measures.map((measure) => [measure.name, [] as number[]]));
// One warm-up round (file caches), then the runs, interleaved so the machine's load hits all alike.
for (const measure of measures) await measure.run();
for (let i = 0; i < runs; i++) {
  for (const measure of measures) samples.get(measure.name)?.push(await measure.run());
}
console.log(
  `start-bench: ${runs} runs, medians; load average ${load.join(' ')} at start, ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')} at end`,
);
for (const [name, values] of samples) {
  console.log(`${name}: ${median(values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`);
}

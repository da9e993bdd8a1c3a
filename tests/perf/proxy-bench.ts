/**
 * mock-chat proxy against hostile contact centres (issue 23), the real compiled bin with its
 * default limits:
 * - flood: CLIENTS clients that stop reading, each sent FRAMES frames of 1 MiB by a contact
 *   centre as fast as the proxy takes them; the proxy's RSS (sampled from /proc every 50 ms)
 *   must stay bounded by --max-buffered per socket, not grow with the flood;
 * - a 300 MB availability answer: 502, and the RSS it costs;
 * - silent: a contact centre that accepts TCP and never answers; SILENT_CLIENTS sockets at once
 *   must each get close 1014 at --connect-timeout (10 s), and a REST call 504 at
 *   --request-timeout (30 s), not hang.
 * Env: CLIENTS (20), FRAMES (100), SILENT_CLIENTS (300). `npx tsx tests/perf/proxy-bench.ts`
 * prints the figures; `npm run bench` (run-all.ts) puts them in its table.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { MOCK_CHAT_BIN } from '../support/mock-chat-cli.js';
import { rssMiB } from '../support/proc.js';
import { floodingTarget, silentTarget } from '../support/proxy-targets.js';

const CLIENTS = Number(process.env.CLIENTS ?? 20);
const FRAMES = Number(process.env.FRAMES ?? 100);
const SILENT_CLIENTS = Number(process.env.SILENT_CLIENTS ?? 300);
const MiB = 1024 * 1024;

export interface ProxyBenchFigures {
  flood: { clients: number; frames: number; baselineMiB: number; peakMiB: number; sentFrames: number };
  hugeAnswer: { status: number; growthMiB: number; ms: number };
  silent: {
    clients: number;
    closes: string[];
    socketMsMedian: number;
    socketMsMax: number;
    restStatus: number;
    restMs: number;
  };
  budget: { floodGrowthMiB: number; hugeAnswerGrowthMiB: number; socketMs: number; restMs: number };
}

interface RunningProxy {
  child: ChildProcess;
  url: string;
  socketUrl: string;
  output(): string;
  stop(): Promise<void>;
}

function startProxy(args: string[]): Promise<RunningProxy> {
  const child = spawn(process.execPath, [MOCK_CHAT_BIN, 'proxy', '--port', '0', ...args], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`mock-chat proxy exited ${code}: ${output}`)));
    const look = () => {
      const match = /ready at (http:\/\/\S+) \(socket (ws:\/\/[^\s)]+)\)/.exec(output);
      if (!match) return;
      child.stdout?.off('data', look);
      resolve({
        child,
        url: match[1] as string,
        socketUrl: match[2] as string,
        output: () => output,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      });
    };
    child.stdout?.on('data', look);
  });
}

/** The proxy's peak RSS, sampled every 50 ms until `until` settles. */
async function peakRss(pid: number, until: Promise<unknown>): Promise<number> {
  let peak = rssMiB(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 50);
  await until;
  clearInterval(sampler);
  return Math.max(peak, rssMiB(pid));
}

/** Resolves once `test` holds, looked at every 50 ms (a benchmark's wait, bounded by `timeoutMs`). */
async function until(test: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('bench: gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function flood(): Promise<ProxyBenchFigures['flood']> {
  const target = await floodingTarget({ frameBytes: MiB, frames: FRAMES });
  const proxy = await startProxy(['--target', `ws://${target.hostPort}/chat`]);
  const pid = proxy.child.pid as number;
  const baselineMiB = rssMiB(pid);
  const sockets: Socket[] = [];
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const ws = new WebSocket(proxy.socketUrl);
      ws.on('error', () => {});
      await new Promise((resolve) => ws.once('upgrade', resolve));
      // This client reads nothing from here on.
      const raw = (ws as unknown as { _socket: Socket })._socket;
      raw.pause();
      sockets.push(raw);
      return ws;
    }),
  );
  const paused = () => (proxy.output().match(/reading paused/g) ?? []).length >= CLIENTS;
  // Every pair paused, then two more seconds of the flood pressing on.
  const settled = until(paused, 60_000).then(() => new Promise((resolve) => setTimeout(resolve, 2000)));
  const peakMiB = await peakRss(pid, settled);
  const sentFrames = target.sent;
  for (const ws of clients) ws.terminate();
  await proxy.stop();
  await target.close();
  return { clients: CLIENTS, frames: FRAMES, baselineMiB, peakMiB, sentFrames };
}

async function hugeAnswer(): Promise<ProxyBenchFigures['hugeAnswer']> {
  const target = await floodingTarget({ frameBytes: 1, frames: 0, restBytes: 300 * MiB });
  const proxy = await startProxy(['--target', `ws://${target.hostPort}/chat`]);
  const pid = proxy.child.pid as number;
  const before = rssMiB(pid);
  const started = performance.now();
  const answer = fetch(`${proxy.url}/conversation/check-availability-v2`, { method: 'POST', body: 'a=b' }).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
  );
  const peak = await peakRss(pid, answer);
  const ms = performance.now() - started;
  const status = await answer;
  await proxy.stop();
  await target.close();
  return { status, growthMiB: peak - before, ms };
}

async function silent(): Promise<ProxyBenchFigures['silent']> {
  const target = await silentTarget();
  const proxy = await startProxy(['--target', `ws://${target.hostPort}/chat`]);
  const started = performance.now();
  const sockets = Array.from({ length: SILENT_CLIENTS }, () => {
    const ws = new WebSocket(proxy.socketUrl);
    ws.on('error', () => {});
    return new Promise<{ close: string; ms: number }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ close: `${code} ${reason}`, ms: performance.now() - started })),
    );
  });
  const rest = fetch(`${proxy.url}/conversation/check-availability-v2`, { method: 'POST', body: 'a=b' }).then(
    async (response) => {
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    },
  );
  const ends = await Promise.all(sockets);
  const restEnd = await rest;
  await proxy.stop();
  await target.close();
  const times = ends.map((end) => end.ms).sort((a, b) => a - b);
  return {
    clients: SILENT_CLIENTS,
    closes: [...new Set(ends.map((end) => end.close))],
    socketMsMedian: times[Math.floor(times.length / 2)] as number,
    socketMsMax: times.at(-1) as number,
    restStatus: restEnd.status,
    restMs: restEnd.ms,
  };
}

export async function proxyBench(log: (line: string) => void = console.log): Promise<ProxyBenchFigures> {
  log(`proxy: ${CLIENTS} clients not reading, a contact centre flooding ${FRAMES} x 1 MiB each...`);
  const floodFigures = await flood();
  log('proxy: a 300 MB availability answer...');
  const huge = await hugeAnswer();
  log(`proxy: a silent contact centre, ${SILENT_CLIENTS} sockets and a REST call (default timeouts: 10 s, 30 s)...`);
  const silentFigures = await silent();
  return {
    flood: floodFigures,
    hugeAnswer: huge,
    silent: silentFigures,
    budget: {
      // Per pair: --max-buffered (1 MiB), a 1 MiB frame on its way in and one on its way out;
      // and the heap the run itself grows. Without backpressure it is the flood: CLIENTS x FRAMES MiB.
      floodGrowthMiB: 32 + 4 * CLIENTS,
      hugeAnswerGrowthMiB: 32,
      // The default --connect-timeout and --request-timeout, and a second to say so.
      socketMs: 10_000 + 1000,
      restMs: 30_000 + 1000,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await proxyBench(), null, 2));
}

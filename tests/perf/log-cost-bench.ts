/**
 * What mock-chat's log costs the server: CPU time (user + system, from /proc/PID/stat) and
 * write system calls (/proc/PID/io: the log's, beside the socket's) per 1,000 round trips (a
 * customer newMessage to its acknowledgement and the agent's answer; about five frames each,
 * one log line per frame), with the log silent, pretty and json. The server
 * runs in its own process (tests/perf/server/child.ts) writing its log to a pipe this process
 * drains; the clients run here. Env: ROUND_TRIPS (10,000), SESSIONS (20), RUNS (3, median).
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import WebSocket from 'ws';
import { median } from '../support/median.js';
import { cpuMs, writeCalls } from '../support/proc.js';
import { message, REQUEST_CHAT } from './server/frames.js';

const ROUND_TRIPS = Number(process.env.ROUND_TRIPS ?? 10_000);
const SESSIONS = Number(process.env.SESSIONS ?? 20);
const RUNS = Number(process.env.RUNS ?? 3);

export type LogMode = 'silent' | 'pretty' | 'json';

export interface LogCostFigures {
  /** CPU ms per 1,000 round trips, median of RUNS, by log mode. */
  cpuMsPer1000: Record<LogMode, number>;
  runs: Record<LogMode, number[]>;
  roundTrips: number;
  /** Log bytes the server wrote per round trip, by mode. */
  logBytesPerRoundTrip: Record<LogMode, number>;
  /** Write system calls per 1,000 round trips (sockets and log), median of RUNS, by mode. */
  writesPer1000: Record<LogMode, number>;
}

/** Resolves with the first frame for which `test` holds. */
function until(ws: WebSocket, test: (text: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = (data: WebSocket.RawData) => {
      if (!test(String(data))) return;
      ws.off('message', look);
      resolve();
    };
    ws.on('message', look);
  });
}

async function oneRun(
  mode: LogMode,
): Promise<{ cpuMsPer1000: number; logBytesPerRoundTrip: number; writesPer1000: number }> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'server/child.ts'), ['mock', '1000', mode], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let logBytes = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    logBytes += chunk.length;
  });
  const url = await new Promise<string>((resolve) => child.once('message', (m: { url: string }) => resolve(m.url)));
  const sockets = await Promise.all(
    Array.from({ length: SESSIONS }, async () => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      await new Promise((resolve) => ws.once('open', resolve));
      const greeted = until(ws, (text) => text.includes('"senderType":"live_agent"'));
      ws.send(REQUEST_CHAT);
      await greeted;
      return ws;
    }),
  );
  const pid = child.pid as number;
  const cpuBefore = cpuMs(pid);
  const writesBefore = writeCalls(pid);
  const bytesBefore = logBytes;
  const perSession = Math.ceil(ROUND_TRIPS / SESSIONS);
  await Promise.all(
    sockets.map(async (ws) => {
      for (let n = 0; n < perSession; n++) {
        const answered = until(ws, (text) => text.includes(`question ${n}\\"`));
        ws.send(message(n));
        await answered;
      }
    }),
  );
  const cpu = cpuMs(pid) - cpuBefore;
  const writes = writeCalls(pid) - writesBefore;
  const bytes = logBytes - bytesBefore;
  for (const ws of sockets) ws.terminate();
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
  const trips = perSession * SESSIONS;
  return {
    cpuMsPer1000: (cpu / trips) * 1000,
    logBytesPerRoundTrip: bytes / trips,
    writesPer1000: (writes / trips) * 1000,
  };
}

export async function logCostBench(log: (line: string) => void = console.log): Promise<LogCostFigures> {
  const modes: LogMode[] = ['silent', 'pretty', 'json'];
  const runs: Record<LogMode, number[]> = { silent: [], pretty: [], json: [] };
  const bytes: Record<LogMode, number> = { silent: 0, pretty: 0, json: 0 };
  const writes: Record<LogMode, number[]> = { silent: [], pretty: [], json: [] };
  // Interleaved, so each mode sees the same machine over the runs.
  for (let run = 0; run < RUNS; run++) {
    for (const mode of modes) {
      const result = await oneRun(mode);
      runs[mode].push(result.cpuMsPer1000);
      bytes[mode] = result.logBytesPerRoundTrip;
      writes[mode].push(result.writesPer1000);
      log(
        `log ${mode}: ${result.cpuMsPer1000.toFixed(0)} ms CPU and ${result.writesPer1000.toFixed(0)} write calls per 1,000 round trips (${result.logBytesPerRoundTrip.toFixed(0)} log bytes each)`,
      );
    }
  }
  return {
    cpuMsPer1000: { silent: median(runs.silent), pretty: median(runs.pretty), json: median(runs.json) },
    runs,
    roundTrips: Math.ceil(ROUND_TRIPS / SESSIONS) * SESSIONS,
    logBytesPerRoundTrip: bytes,
    writesPer1000: { silent: median(writes.silent), pretty: median(writes.pretty), json: median(writes.json) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await logCostBench();
  console.log(JSON.stringify(figures));
}

/**
 * mock-chat near the socket (issue 24): what one round trip costs the server's CPU, mock-chat
 * beside a raw `ws` echo (tests/perf/server/echo-server.mjs) and Mockoon's WebSocket route
 * (tests/perf/server/mockoon.ts), each server in its own process, the clients here.
 *
 * Closed loop: SOCKETS sockets (100, then 1,000) each send a frame, wait for its answer, send
 * the next. A round trip is one client frame and the one frame that answers it: the widget's
 * keep-alive `ping` (the same text to all three servers), which mock-chat answers with `pong`
 * after the whole path every frame takes (parsed, depth-checked, checked against the contract,
 * logged, kept in the session's journal, handed to the scenario; the pong checked, logged and
 * journaled in turn), and the other two send back. mock-chat is the compiled bin as users run
 * it: `mock-chat serve --speed 1000` (happy-path, the strict contract, the pretty log on a pipe
 * the bench drains); each of its sockets has started a chat and been greeted first. A second
 * exchange, a chat message (`newMessage`, answered by an acknowledgement, the agent typing on
 * and off and the agent's answer), is measured per frame, beside the echo's figure per frame.
 *
 * The figure that does not depend on the machine's load is the server's CPU time per 1,000
 * round trips (user + system from /proc/PID/stat, all its threads), read around ROUND_TRIPS
 * trips after WARM_UP trips; round trips per second are printed as context. Each run starts
 * every server afresh; the runs are interleaved (echo, mock-chat, Mockoon, then again) and the
 * figures are medians. Env: ROUND_TRIPS (20,000), WARM_UP (2,000), RUNS (3), BENCH_CPU_PROF=<dir>
 * (every server writes a V8 CPU profile there), ONLY=echo,mock-chat,mockoon (the servers to run),
 * CHAT=0 (no chat message exchange), MOCK_CHAT_BEFORE=<bin> (another build of the bin, e.g. of an
 * earlier commit, run as a fourth server: a before/after in one run), MOCK_CHAT_ARGS (more `serve`
 * options for both, e.g. `--log json`).
 * `npx tsx tests/perf/socket-bench.ts` prints the table; `npm run bench` puts the figures in its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { freePort } from '../support/free-port.js';
import { MOCK_CHAT_BIN } from '../support/mock-chat-cli.js';
import { cpuMs } from '../support/proc.js';
import { median } from './browser/page-tools.js';
import { message, REQUEST_CHAT } from './server/frames.js';
import { type MockoonCommand, mockoonCommand } from './server/mockoon.js';

const ROUND_TRIPS = Number(process.env.ROUND_TRIPS ?? 20_000);
const WARM_UP = Number(process.env.WARM_UP ?? 2_000);
const RUNS = Number(process.env.RUNS ?? 3);
export const SOCKET_COUNTS = [100, 1000] as const;
/** mock-chat's CPU per round trip may be at most this many times the raw echo's (issue 24). */
export const CPU_RATIO_BUDGET = 2;

const PING = JSON.stringify({ apiVersion: '1.0', type: 'request', authToken: '', body: { method: 'ping' } });
const ECHO = path.join(import.meta.dirname, 'server/echo-server.mjs');
const START_TIMEOUT_MS = 30_000;

export type ServerKind = 'echo' | 'mock-chat' | 'mockoon' | 'before';
const BEFORE_BIN = process.env.MOCK_CHAT_BEFORE;
const isMockChat = (kind: ServerKind) => kind === 'mock-chat' || kind === 'before';

interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** One exchange: the frame to send for trip `n`, and the frame that ends the trip. */
interface Exchange {
  frame(n: number): string;
  done(text: string, n: number): boolean;
}

const anyFrame = () => true;
const keepAlive = (kind: ServerKind): Exchange => ({
  frame: () => PING,
  done: isMockChat(kind) ? (text) => text.includes('"method":"pong"') : anyFrame,
});
/** The happy-path agent's answer quotes the message: its arrival ends the trip. */
const chatMessage: Exchange = { frame: message, done: (text, n) => text.includes(`question ${n}\\"`) };

/** Spawns a server and resolves with its socket URL once its output says it listens. */
function spawnServer(args: string[], ready: (output: string) => string | undefined): Promise<Running> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...args], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The output is drained as it comes (a server whose log pipe fills would stall); the start is kept for errors.
  let head = '';
  let url: string | undefined;
  // SIGTERM first: a server started with --cpu-prof writes its profile as it exits.
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(killer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${args.join(' ')} did not start within ${START_TIMEOUT_MS} ms: ${head}`));
    }, START_TIMEOUT_MS);
    const take = (chunk: Buffer) => {
      if (url !== undefined) return;
      if (head.length < 8192) head += chunk;
      url = ready(head);
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ url, pid: child.pid as number, stop });
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (url === undefined) reject(new Error(`${args.join(' ')} exited ${code}: ${head}`));
    });
  });
}

function startServer(kind: ServerKind, mockoon: MockoonCommand): Promise<Running> {
  if (kind === 'echo') return spawnServer([ECHO], (out) => /ready at (ws:\S+)/.exec(out)?.[1]);
  if (isMockChat(kind)) {
    return spawnServer(
      [
        kind === 'before' && BEFORE_BIN ? BEFORE_BIN : MOCK_CHAT_BIN,
        'serve',
        '--port',
        '0',
        '--speed',
        '1000',
        ...(process.env.MOCK_CHAT_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      (out) => /ready at http:\S+ \(socket (ws:[^\s)]+)\)/.exec(out)?.[1],
    );
  }
  if (!mockoon.installed) throw new Error(mockoon.why);
  return freePort().then((port) =>
    spawnServer(mockoon.args(port), (out) =>
      out.includes('Server started on port') ? `ws://127.0.0.1:${port}/chat` : undefined,
    ),
  );
}

/** A client socket whose frames are awaited one predicate at a time. */
class Peer {
  readonly ws: WebSocket;
  received = 0;
  #waiter: ((text: string) => boolean) | undefined;

  constructor(url: string) {
    this.ws = new WebSocket(url, { perMessageDeflate: false });
    this.ws.on('error', () => {});
    this.ws.on('message', (data) => {
      this.received++;
      if (this.#waiter?.(String(data))) this.#waiter = undefined;
    });
  }

  async opened(): Promise<void> {
    if (this.ws.readyState !== WebSocket.OPEN) await once(this.ws, 'open');
  }

  /** Sends `frame` and resolves with the first frame after it for which `done` holds. */
  ask(frame: string, done: (text: string) => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiter = (text) => {
        if (!done(text)) return false;
        resolve();
        return true;
      };
      this.ws.send(frame, (error) => error && reject(error));
    });
  }
}

export interface Measured {
  /** Server CPU ms per 1,000 round trips. */
  cpuMsPer1000: number;
  /** Frames both ways per round trip. */
  framesPerTrip: number;
  tripsPerSecond: number;
}

/** One server, freshly started: SOCKETS sockets, WARM_UP trips, then ROUND_TRIPS measured. */
async function measure(
  kind: ServerKind,
  sockets: number,
  exchange: Exchange,
  mockoon: MockoonCommand,
): Promise<Measured> {
  const server = await startServer(kind, mockoon);
  const peers = Array.from({ length: sockets }, () => new Peer(server.url));
  try {
    await Promise.all(peers.map((peer) => peer.opened()));
    // mock-chat's sockets carry a chat, as a widget's do: started, and the agent's greeting in.
    if (isMockChat(kind)) {
      await Promise.all(peers.map((peer) => peer.ask(REQUEST_CHAT, (t) => t.includes('"senderType":"live_agent"'))));
    }
    const loop = async (trips: number) => {
      let next = 0;
      await Promise.all(
        peers.map(async (peer) => {
          for (let i = 0; i < trips; i++) {
            const n = next++;
            await peer.ask(exchange.frame(n), (text) => exchange.done(text, n));
          }
        }),
      );
    };
    await loop(Math.ceil(WARM_UP / sockets));
    const perSocket = Math.ceil(ROUND_TRIPS / sockets);
    const trips = perSocket * sockets;
    const receivedBefore = peers.reduce((sum, p) => sum + p.received, 0);
    const cpuBefore = cpuMs(server.pid);
    const started = performance.now();
    await loop(perSocket);
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuMs(server.pid) - cpuBefore;
    const received = peers.reduce((sum, p) => sum + p.received, 0) - receivedBefore;
    return {
      cpuMsPer1000: (cpu / trips) * 1000,
      framesPerTrip: (trips + received) / trips,
      tripsPerSecond: trips / seconds,
    };
  } finally {
    for (const peer of peers) peer.ws.terminate();
    await server.stop();
  }
}

export interface SocketRow {
  sockets: number;
  kind: ServerKind;
  /** Medians of the runs; undefined when the server could not run (see `why`). */
  measured?: Measured;
  runs: number[];
  why?: string;
}

export interface SocketBenchFigures {
  /** The keep-alive round trip, per server and socket count. */
  rows: SocketRow[];
  /** mock-chat's chat message exchange per socket count (CPU per 1,000 frames in `cpuMsPer1000Frames`). */
  chat: { sockets: number; cpuMsPer1000Frames: number; framesPerTrip: number; runs: number[] }[];
  mockoon: string;
  roundTrips: number;
  runs: number;
  load: { start: number[]; end: number[] };
}

/** mock-chat's CPU per round trip over the echo's, for `sockets`. */
export function cpuRatio(figures: SocketBenchFigures, sockets: number): number {
  const of = (kind: ServerKind) => figures.rows.find((r) => r.sockets === sockets && r.kind === kind)?.measured;
  return (of('mock-chat')?.cpuMsPer1000 ?? Number.NaN) / (of('echo')?.cpuMsPer1000 ?? Number.NaN);
}

export async function socketBench(log: (line: string) => void = console.log): Promise<SocketBenchFigures> {
  const start = loadavg();
  const mockoon = mockoonCommand();
  const only = process.env.ONLY?.split(',');
  const all: ServerKind[] = ['echo', 'mock-chat', ...(BEFORE_BIN ? (['before'] as const) : []), 'mockoon'];
  const kinds = all.filter((kind) => !only || only.includes(kind));
  const samples = new Map<string, Measured[]>();
  const chatSamples = new Map<number, Measured[]>();
  const failures = new Map<string, string>();
  const key = (sockets: number, kind: ServerKind) => `${sockets} ${kind}`;
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const sockets of SOCKET_COUNTS) {
        for (const kind of kinds) {
          if (kind === 'mockoon' && !mockoon.installed) continue;
          try {
            const result = await measure(kind, sockets, keepAlive(kind), mockoon);
            samples.set(key(sockets, kind), [...(samples.get(key(sockets, kind)) ?? []), result]);
            log(
              `socket bench run ${run + 1}, ${sockets} sockets, ${kind}: ${result.cpuMsPer1000.toFixed(1)} ms CPU per 1,000 round trips, ${result.tripsPerSecond.toFixed(0)} round trips/s`,
            );
          } catch (error) {
            failures.set(key(sockets, kind), String((error as Error)?.message ?? error).slice(0, 300));
          }
        }
        if (!kinds.includes('mock-chat') || process.env.CHAT === '0') continue;
        const chat = await measure('mock-chat', sockets, chatMessage, mockoon);
        chatSamples.set(sockets, [...(chatSamples.get(sockets) ?? []), chat]);
        log(
          `socket bench run ${run + 1}, ${sockets} sockets, mock-chat chat messages: ${(chat.cpuMsPer1000 / chat.framesPerTrip).toFixed(1)} ms CPU per 1,000 frames (${chat.framesPerTrip.toFixed(1)} frames a trip)`,
        );
      }
    }
  } finally {
    if (mockoon.installed) mockoon.dispose();
  }
  const rows: SocketRow[] = [];
  for (const sockets of SOCKET_COUNTS) {
    for (const kind of kinds) {
      const got = samples.get(key(sockets, kind)) ?? [];
      const why = kind === 'mockoon' && !mockoon.installed ? mockoon.why : failures.get(key(sockets, kind));
      rows.push({
        sockets,
        kind,
        runs: got.map((m) => m.cpuMsPer1000),
        ...(got.length > 0
          ? {
              measured: {
                cpuMsPer1000: median(got.map((m) => m.cpuMsPer1000)),
                framesPerTrip: median(got.map((m) => m.framesPerTrip)),
                tripsPerSecond: median(got.map((m) => m.tripsPerSecond)),
              },
            }
          : {}),
        ...(why ? { why } : {}),
      });
    }
  }
  const chat = SOCKET_COUNTS.flatMap((sockets) => {
    const got = chatSamples.get(sockets) ?? [];
    if (got.length === 0) return [];
    const perFrame = got.map((m) => m.cpuMsPer1000 / m.framesPerTrip);
    return [
      {
        sockets,
        cpuMsPer1000Frames: median(perFrame),
        framesPerTrip: median(got.map((m) => m.framesPerTrip)),
        runs: perFrame,
      },
    ];
  });
  return {
    rows,
    chat,
    mockoon: mockoon.installed ? `Mockoon ${mockoon.version}` : 'Mockoon',
    roundTrips: ROUND_TRIPS,
    runs: RUNS,
    load: { start, end: loadavg() },
  };
}

const LABELS: Record<ServerKind, string> = {
  echo: 'raw ws echo',
  'mock-chat': 'mock-chat serve',
  mockoon: 'Mockoon',
  before: `mock-chat serve, ${BEFORE_BIN} (MOCK_CHAT_BEFORE)`,
};

/** The bench's figures as table rows: [figure, value, budget, pass]. */
export function socketRows(figures: SocketBenchFigures): [string, string, string, boolean | null][] {
  const rows: [string, string, string, boolean | null][] = [];
  for (const sockets of SOCKET_COUNTS) {
    const echo = figures.rows.find((r) => r.sockets === sockets && r.kind === 'echo')?.measured;
    for (const row of figures.rows.filter((r) => r.sockets === sockets)) {
      const name = row.kind === 'mockoon' ? figures.mockoon : LABELS[row.kind];
      const figure = `${name}, ${sockets} sockets closed loop: server CPU per 1,000 round trips (ping -> its answer; median of ${figures.runs})`;
      if (!row.measured) {
        rows.push([
          figure,
          row.why ?? 'no figure',
          row.kind === 'mockoon' ? '' : 'runs',
          row.kind === 'mockoon' ? null : false,
        ]);
        continue;
      }
      const m = row.measured;
      const ratio = echo ? m.cpuMsPer1000 / echo.cpuMsPer1000 : Number.NaN;
      const value = `${m.cpuMsPer1000.toFixed(1)} ms (runs ${row.runs.map((v) => v.toFixed(0)).join(', ')})${row.kind === 'echo' ? '' : `, x${ratio.toFixed(2)} the echo`}; ${m.tripsPerSecond.toFixed(0)} round trips/s`;
      if (row.kind === 'mock-chat') {
        rows.push([figure, value, `<= x${CPU_RATIO_BUDGET} the echo`, ratio <= CPU_RATIO_BUDGET]);
      } else rows.push([figure, value, '', null]);
    }
    const chat = figures.chat.find((c) => c.sockets === sockets);
    if (chat && echo) {
      const echoPerFrame = echo.cpuMsPer1000 / echo.framesPerTrip;
      rows.push([
        `mock-chat serve, ${sockets} sockets: a chat message (newMessage -> acknowledgement, typing on and off, the answer: ${chat.framesPerTrip.toFixed(0)} frames), server CPU per 1,000 frames`,
        `${chat.cpuMsPer1000Frames.toFixed(1)} ms, x${(chat.cpuMsPer1000Frames / echoPerFrame).toFixed(2)} the echo's ${echoPerFrame.toFixed(1)} ms`,
        '',
        null,
      ]);
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await socketBench();
  const rows = socketRows(figures);
  console.log(
    `\nmock-chat near the socket: ${figures.roundTrips} round trips a run after a warm-up, medians of ${figures.runs} interleaved runs; load average ${figures.load.start.map((v) => v.toFixed(1)).join(' ')} at start, ${figures.load.end.map((v) => v.toFixed(1)).join(' ')} at end`,
  );
  for (const [figure, value, budget, pass] of rows) {
    console.log(`| ${figure} | ${value} | ${budget} | ${pass === null ? '' : pass ? 'PASS' : 'FAIL'} |`);
  }
}

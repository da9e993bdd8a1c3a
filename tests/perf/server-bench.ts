/**
 * npm run bench:server — N concurrent sessions (default 2,000) playing happy-path at high
 * speed against the mock contact centre (contract validation on), beside a raw `ws` echo
 * server carrying the same number of frames over the same number of sockets. Each server
 * runs in its own process; the clients run here. Traffic stays on 127.0.0.1; every loop
 * is bounded and the run stops by itself (a hard timeout ends it in any case).
 *
 * Two runs per server:
 * - saturated: every session fires at once; frames/s is the capacity figure (the ratio to
 *   the echo server is the budgeted number), latencies there are mostly queueing;
 * - paced: sessions ramp up over RAMP_MS and customers think 1-3 s between messages, as
 *   people do; all SESSIONS are open at once, and p50/p99 there are the latency figures.
 *
 * Env: SESSIONS (2000), MESSAGES per session (5), SPEED (1000), RAMP_MS (4000),
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process there.
 * `--json` adds one last line, SERVER_BENCH_JSON_PREFIX + the figures as JSON (npm run bench reads it).
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createRandom } from '../../mock-server/random.js';
import { SERVER_BENCH_JSON_PREFIX, type ServerBenchFigures } from './server/figures.js';
import { CLOSE, message, REQUEST_CHAT } from './server/frames.js';

const SESSIONS = Number(process.env.SESSIONS ?? 2000);
const MESSAGES = Number(process.env.MESSAGES ?? 5);
const SPEED = Number(process.env.SPEED ?? 1000);
const RAMP_MS = Number(process.env.RAMP_MS ?? 4000);
const THINK_MS: [number, number] = [1000, 3000];
const HARD_TIMEOUT_MS = 180_000;
const BUDGET = { sessions: 2000, p99Ms: 100, ratio: 0.5 };

const here = path.dirname(fileURLToPath(import.meta.url));

interface Result {
  sessions: number;
  frames: number;
  seconds: number;
  latencies: number[];
  /** Server event-loop delay during the message phase. */
  loopP99Ms: number;
  loopMaxMs: number;
  /** requestChat -> confirmation only (mock). */
  startLatencies: number[];
  rss: number;
  failures: number;
}

interface ServerStats {
  rss: number;
  sessions: number;
  /** Event-loop delay of the server process since the previous stats call. */
  loopP99Ms: number;
  loopMaxMs: number;
}

interface ChildServer {
  url: string;
  child: ChildProcess;
  stats(): Promise<ServerStats>;
  stop(): Promise<void>;
}

function startChild(kind: 'mock' | 'echo'): Promise<ChildServer> {
  const child = fork(path.join(here, 'server/child.ts'), [kind, String(SPEED)], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message: { url: string }) => {
      resolve({
        url: message.url,
        child,
        stats: () =>
          new Promise((done) => {
            child.once('message', (m) => done(m as ServerStats));
            child.send('stats');
          }),
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.send('stop');
          }),
      });
    });
  });
}

/** A socket whose frames are awaited one predicate at a time. */
class Peer {
  readonly ws: WebSocket;
  frames = 0;
  #queue: string[] = [];
  #waiter: ((text: string) => void) | undefined;
  readonly closed: Promise<void>;

  constructor(url: string) {
    this.ws = new WebSocket(url, { perMessageDeflate: false });
    this.ws.on('message', (data) => {
      this.frames++;
      const text = String(data);
      if (this.#waiter) {
        const waiter = this.#waiter;
        this.#waiter = undefined;
        waiter(text);
      } else this.#queue.push(text);
    });
    this.closed = new Promise((resolve) => this.ws.once('close', () => resolve()));
    this.ws.on('error', () => {});
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  next(): Promise<string> {
    const queued = this.#queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve) => {
      this.#waiter = resolve;
    });
  }

  async until(fragment: string): Promise<void> {
    for (let i = 0; i < 100; i++) if ((await this.next()).includes(fragment)) return;
    throw new Error(`no frame containing ${fragment}`);
  }

  send(text: string): void {
    this.frames++;
    this.ws.send(text);
  }
}

interface Pacing {
  /** Delay before session i starts. */
  start(i: number): number;
  /** Think time before each customer message. */
  think(): number;
}

const saturated: Pacing = { start: () => 0, think: () => 0 };

function paced(seed: number): Pacing {
  const random = createRandom(seed);
  return {
    start: (i) => (i * RAMP_MS) / SESSIONS,
    think: () => THINK_MS[0] + random.next() * (THINK_MS[1] - THINK_MS[0]),
  };
}

const pause = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

function finalStats(rss: number, end: ServerStats) {
  return { rss: Math.max(rss, end.rss), loopP99Ms: end.loopP99Ms, loopMaxMs: end.loopMaxMs };
}

async function all<T>(items: number, run: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  return Promise.allSettled(Array.from({ length: items }, (_, i) => run(i)));
}

/** Every session: requestChat, greeting, MESSAGES questions (each timed to its first answer), close. */
async function runMock(server: ChildServer, pacing: Pacing): Promise<Result> {
  const latencies: number[] = [];
  const startLatencies: number[] = [];
  const started = performance.now();
  const peers: Peer[] = [];
  const phase1 = await all(SESSIONS, async (i) => {
    await pause(pacing.start(i));
    const peer = new Peer(server.url);
    peers[i] = peer;
    await peer.opened();
    const t0 = performance.now();
    peer.send(REQUEST_CHAT);
    await peer.until('"method":"requestChat"');
    latencies.push(performance.now() - t0);
    startLatencies.push(performance.now() - t0);
    await peer.until('"senderType":"live_agent"');
  });
  const { rss, sessions } = await server.stats();
  const phase2 = await all(SESSIONS, async (i) => {
    const peer = peers[i] as Peer;
    for (let n = 0; n < MESSAGES; n++) {
      await pause(pacing.think());
      const t0 = performance.now();
      peer.send(message(n));
      await peer.until('"type":"acknowledgement"');
      latencies.push(performance.now() - t0);
      await peer.until(`question ${n}`);
    }
    peer.send(CLOSE);
    await peer.closed;
  });
  const seconds = (performance.now() - started) / 1000;
  const frames = peers.reduce((sum, p) => sum + (p?.frames ?? 0), 0);
  const failures = [...phase1, ...phase2].filter((r) => r.status === 'rejected').length;
  return {
    sessions,
    frames,
    seconds,
    latencies,
    startLatencies,
    ...finalStats(rss, await server.stats()),
    failures,
  };
}

/** The same sockets and frame count, echoed: the raw ceiling of ws on this machine. */
async function runEcho(server: ChildServer, framesPerSession: number, pacing: Pacing): Promise<Result> {
  const latencies: number[] = [];
  const started = performance.now();
  const peers: Peer[] = [];
  const rounds = Math.max(1, Math.round(framesPerSession / 2));
  const phase1 = await all(SESSIONS, async (i) => {
    await pause(pacing.start(i));
    const peer = new Peer(server.url);
    peers[i] = peer;
    await peer.opened();
  });
  const { rss, sessions } = await server.stats();
  const phase2 = await all(SESSIONS, async (i) => {
    const peer = peers[i] as Peer;
    for (let n = 0; n < rounds; n++) {
      if (n > 0 && n % Math.ceil(rounds / MESSAGES) === 0) await pause(pacing.think());
      const t0 = performance.now();
      peer.send(message(n));
      await peer.next();
      latencies.push(performance.now() - t0);
    }
    peer.ws.close(1000);
    await peer.closed;
  });
  const seconds = (performance.now() - started) / 1000;
  const frames = peers.reduce((sum, p) => sum + (p?.frames ?? 0), 0);
  const failures = [...phase1, ...phase2].filter((r) => r.status === 'rejected').length;
  return {
    sessions,
    frames,
    seconds,
    latencies,
    startLatencies: [],
    ...finalStats(rss, await server.stats()),
    failures,
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function row(cells: string[], widths: number[]): string {
  return `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
}

async function main() {
  const guard = setTimeout(() => {
    console.error(`bench: gave up after ${HARD_TIMEOUT_MS / 1000} s`);
    process.exit(1);
  }, HARD_TIMEOUT_MS);
  guard.unref();

  const mockServer = await startChild('mock');
  const mock = await runMock(mockServer, saturated);
  const mockPaced = await runMock(mockServer, paced(1));
  await mockServer.stop();
  const perSession = mock.frames / Math.max(1, SESSIONS);
  const echoServer = await startChild('echo');
  const echo = await runEcho(echoServer, perSession, saturated);
  const echoPaced = await runEcho(echoServer, perSession, paced(1));
  await echoServer.stop();

  const fps = (r: Result) => r.frames / r.seconds;
  const ratio = fps(mock) / fps(echo);
  const p99 = percentile(mockPaced.latencies, 99);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const widths = [40, 13, 13, 24];
  const lines = [
    `mock-chat server benchmark: ${SESSIONS} sessions x happy-path (${MESSAGES} messages each), speed ${SPEED}, contract strict, node ${process.version}, ${(await import('node:os')).cpus().length} cores`,
    '',
    row(['', 'mock-chat', 'raw ws echo', 'budget'], widths),
    row(['---', '---', '---', '---'], widths),
    row(
      [
        'concurrent sessions (paced run)',
        String(mockPaced.sessions),
        String(echoPaced.sessions),
        `>= ${BUDGET.sessions} ${pass(mockPaced.sessions >= BUDGET.sessions)}`,
      ],
      widths,
    ),
    row(
      [
        'frames/s, saturated',
        fps(mock).toFixed(0),
        fps(echo).toFixed(0),
        `ratio ${ratio.toFixed(2)} >= ${BUDGET.ratio} ${pass(ratio >= BUDGET.ratio)}`,
      ],
      widths,
    ),
    row(['frames, saturated (both ways)', String(mock.frames), String(echo.frames), ''], widths),
    row(
      [
        'p50 frame latency, paced',
        ms(percentile(mockPaced.latencies, 50)),
        ms(percentile(echoPaced.latencies, 50)),
        '',
      ],
      widths,
    ),
    row(
      [
        'p99 frame latency, paced',
        ms(p99),
        ms(percentile(echoPaced.latencies, 99)),
        `< ${BUDGET.p99Ms} ms ${pass(p99 < BUDGET.p99Ms)}`,
      ],
      widths,
    ),
    row(
      [
        'p50 / p99 latency, saturated',
        `${percentile(mock.latencies, 50).toFixed(0)} / ${percentile(mock.latencies, 99).toFixed(0)} ms`,
        `${percentile(echo.latencies, 50).toFixed(0)} / ${percentile(echo.latencies, 99).toFixed(0)} ms`,
        '(queueing; not budgeted)',
      ],
      widths,
    ),
    row(
      [
        'server event-loop delay p99/max, paced',
        `${mockPaced.loopP99Ms.toFixed(0)} / ${mockPaced.loopMaxMs.toFixed(0)} ms`,
        `${echoPaced.loopP99Ms.toFixed(0)} / ${echoPaced.loopMaxMs.toFixed(0)} ms`,
        '',
      ],
      widths,
    ),
    row(['p99 requestChat -> confirmation, paced', ms(percentile(mockPaced.startLatencies, 99)), '', ''], widths),
    row(
      ['server RSS (peak)', mb(Math.max(mock.rss, mockPaced.rss)), mb(Math.max(echo.rss, echoPaced.rss)), ''],
      widths,
    ),
    row(
      ['failed sessions', String(mock.failures + mockPaced.failures), String(echo.failures + echoPaced.failures), '0'],
      widths,
    ),
    '',
    'Latency: request frame sent -> its first answer (requestChat -> confirmation, newMessage -> acknowledgement; echo: frame -> echo).',
    `Paced: sessions start over ${RAMP_MS} ms, customers think ${THINK_MS[0] / 1000}-${THINK_MS[1] / 1000} s between messages (seeded).`,
  ];
  console.log(lines.join('\n'));
  if (process.argv.includes('--json')) {
    // One machine-readable line for tests/perf/run-all.ts (npm run bench).
    const figures: ServerBenchFigures = {
      sessions: SESSIONS,
      pacedSessions: mockPaced.sessions,
      framesPerSecond: fps(mock),
      echoFramesPerSecond: fps(echo),
      ratio,
      p50Ms: percentile(mockPaced.latencies, 50),
      p99Ms: p99,
      echoP99Ms: percentile(echoPaced.latencies, 99),
      loopP99Ms: mockPaced.loopP99Ms,
      rssBytes: Math.max(mock.rss, mockPaced.rss),
      failures: mock.failures + mockPaced.failures,
      budget: BUDGET,
    };
    console.log(`${SERVER_BENCH_JSON_PREFIX}${JSON.stringify(figures)}`);
  }
  clearTimeout(guard);
}

await main();

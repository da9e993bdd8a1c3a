/** The figures `server-bench.ts --json` prints on its last line, read by run-all.ts. */

/** With --json, the last line of output is this prefix and the figures as JSON. */
export const SERVER_BENCH_JSON_PREFIX = 'server-bench-json: ';

export interface ServerBenchFigures {
  sessions: number;
  pacedSessions: number;
  framesPerSecond: number;
  echoFramesPerSecond: number;
  ratio: number;
  p50Ms: number;
  p99Ms: number;
  echoP99Ms: number;
  loopP99Ms: number;
  rssBytes: number;
  failures: number;
  budget: { sessions: number; p99Ms: number; ratio: number };
}

/**
 * How long `mock-chat serve` takes from spawn to its first answer, as a test suite that starts
 * one mock per file pays it: the real bin (compiled JavaScript, no TypeScript loader) on a
 * free port, `GET /__mock/contract/` polled every 2 ms until it answers 200. Median of `runs`.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '../../..');
const BIN = path.join(ROOT, 'cli/bin/mock-chat.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/__mock/contract/', timeout: 200 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** Milliseconds from spawn to the first 200, one run. */
async function once(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port)], { stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`mock-chat serve exited ${child.exitCode} before answering`);
      if (await answers(port)) return performance.now() - started;
      if (performance.now() - started > 10_000) throw new Error('mock-chat serve did not answer within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    child.kill('SIGKILL');
  }
}

export interface StartupFigures {
  medianMs: number;
  runsMs: number[];
}

export async function serveStartup(runs = 5): Promise<StartupFigures> {
  const runsMs: number[] = [];
  for (let i = 0; i < runs; i++) runsMs.push(await once());
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)] as number, runsMs };
}

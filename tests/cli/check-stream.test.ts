/**
 * Issue 22: `mock-chat check` streams: the memory it holds does not grow with the size of the
 * capture (it read a whole file before; 150 MB took 510 MB and 600 MB failed outright). The real
 * bin checks a capture and one eight times its size; a preload samples live memory (the heap and
 * the buffers outside it) after a full garbage collection every few milliseconds, and the larger run's peak must stay within 1.5
 * times the smaller's (a reader that keeps the file grows with it, about eightfold here). The
 * 1 GB figure (RSS and time) is measured by `npm run bench:check` (BENCHMARKS.md).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCapture } from '../perf/check-stream/capture-lines.js';
import { MOCK_CHAT_BIN } from '../support/mock-chat-cli.js';

const work = mkdtempSync(path.join(tmpdir(), 'check-stream-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Samples live memory (the heap, and buffers outside it) after a full collection while the program runs; prints the peak at exit. */
const PRELOAD = path.join(work, 'heap-sampler.mjs');
writeFileSync(
  PRELOAD,
  `let peak = 0;
const sample = () => { globalThis.gc(); const m = process.memoryUsage(); peak = Math.max(peak, m.heapUsed + m.external); };
setInterval(sample, 5).unref();
process.on('exit', () => { sample(); process.stderr.write('\\nlive-heap-peak ' + peak + '\\n'); });
`,
);

function checkPeak(file: string): Promise<{ code: number; stdout: string; peak: number }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', PRELOAD, MOCK_CHAT_BIN, 'check', file],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          stdout,
          peak: Number(/live-heap-peak (\d+)/.exec(stderr)?.[1] ?? Number.NaN),
        }),
    );
  });
}

describe('check streams its input', () => {
  it('the live memory checking a capture eight times larger stays within 1.5 times the smaller one’s', async () => {
    const small = path.join(work, 'small.jsonl');
    const large = path.join(work, 'large.jsonl');
    const { frames: smallFrames } = await writeCapture(small, 3);
    const { frames: largeFrames } = await writeCapture(large, 24);
    const a = await checkPeak(small);
    const b = await checkPeak(large);
    // Same report shape, every frame read: the check did its work.
    expect(a.code).toBe(1);
    expect(b.code).toBe(1);
    expect(a.stdout).toContain(`small.jsonl: ${smallFrames} frames`);
    expect(b.stdout).toContain(`large.jsonl: ${largeFrames} frames`);
    expect(a.peak).toBeGreaterThan(0);
    expect(b.peak / a.peak, `live memory ${a.peak} vs ${b.peak} bytes`).toBeLessThan(1.5);
  }, 120_000);
});

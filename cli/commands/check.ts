/**
 * mock-chat check <capture.jsonl>: every frame against the contract for its direction.
 * Violations print as file:line: /pointer problem. Exit 0 clean, 1 violations, 2 unusable.
 */
import { checkFrame } from '../../contract/frame-check.js';
import { printable } from '../../mock-server/printable.js';
import { type CapturedFrame, readCapture } from '../capture.js';
import { type CliIo, EXIT, type ExitCode } from '../io.js';
import { junitXml } from '../junit.js';

export type CheckFormat = 'pretty' | 'json' | 'junit';

interface FrameResult {
  captured: CapturedFrame;
  method: string;
  violations: { pointer: string; problem: string }[];
}

function methodOf(frame: unknown): string {
  const f = frame as { type?: unknown; body?: { method?: unknown } } | null;
  if (typeof f !== 'object' || f === null) return '?';
  if (f.type === 'error') return 'error';
  return typeof f.body?.method === 'string' ? f.body.method : '?';
}

export function checkCapture(io: CliIo, file: string, format: CheckFormat): ExitCode {
  let capture: ReturnType<typeof readCapture>;
  try {
    capture = readCapture(file);
  } catch (error) {
    io.err(
      `mock-chat check: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`,
    );
    return EXIT.unusable;
  }
  if (capture.unusable.length > 0) {
    for (const line of capture.unusable) io.err(`${printable(line)}\n`);
    io.err(`mock-chat check: ${file} is not a usable capture (one JSON object a line with direction and frame)\n`);
    return EXIT.unusable;
  }
  const results: FrameResult[] = capture.frames.map((captured) => {
    const result = checkFrame(captured.direction, captured.frame);
    return { captured, method: methodOf(captured.frame), violations: result.ok ? [] : result.violations };
  });
  const located = (r: FrameResult, v: FrameResult['violations'][number]) =>
    `${file}:${r.captured.line}: ${v.pointer || '/'} ${v.problem}`;
  const bad = results.filter((r) => r.violations.length > 0);
  const count = bad.reduce((n, r) => n + r.violations.length, 0);

  if (format === 'json') {
    io.out(
      `${JSON.stringify(
        {
          file,
          frames: results.length,
          ok: bad.length === 0,
          violations: bad.flatMap((r) =>
            r.violations.map((v) => ({
              line: r.captured.line,
              direction: r.captured.direction,
              method: r.method,
              ...v,
            })),
          ),
        },
        null,
        2,
      )}\n`,
    );
  } else if (format === 'junit') {
    io.out(
      junitXml(
        `mock-chat check ${file}`,
        results.map((r) => ({
          classname: `${r.captured.direction}.${r.method}`,
          name: `${file}:${r.captured.line} ${r.captured.direction} ${r.method}`,
          failures: r.violations.map((v) => located(r, v)),
        })),
      ),
    );
  } else {
    for (const r of bad) {
      // Property names come from the capture: printed inert (no ESC, no new lines).
      for (const v of r.violations) io.out(`${printable(located(r, v))}\n`);
    }
    const summary =
      bad.length === 0
        ? `${file}: ${results.length} frames, all follow the contract`
        : `${file}: ${results.length} frames, ${count} violation${count === 1 ? '' : 's'} in ${bad.length} frame${bad.length === 1 ? '' : 's'}`;
    io.out(`${printable(summary)}\n`);
  }
  return bad.length === 0 ? EXIT.clean : EXIT.violations;
}

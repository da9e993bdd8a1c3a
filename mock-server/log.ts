/**
 * Frame logging and recording. `pretty` prints one readable line per frame (time, session,
 * direction arrow, method, violations; ANSI colour only on a TTY), `json` one JSON object
 * per line. `record` writes the capture format `mock-chat check` reads:
 * { "direction": "client" | "server", "frame": {...}, "time": ISO } per line.
 *
 * Logging never throws: what the client controls is printed through `printable` (no control
 * characters reach the terminal), and a frame that cannot be serialised again (nested too
 * deep for JSON.stringify) is written as the raw text it arrived as.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { formatViolations, type Violation } from '../contract/frame-check.js';
import { printable } from './printable.js';

export type LogMode = 'silent' | 'pretty' | 'json';
export type Direction = 'client' | 'server';

export interface FrameEvent {
  time: Date;
  /** Session label: "guid 482913", or "conn 3" before requestChat. */
  session: string;
  direction: Direction;
  /** The parsed frame, or the raw text when it was not JSON. */
  frame: unknown;
  /** The text the frame arrived as (client frames), written instead when `frame` cannot be serialised. */
  raw?: string;
  violations?: readonly Violation[];
  /** Tolerant profile: how an accepted client frame departs from the strict contract (a warning). */
  deviations?: readonly Violation[];
  /** What happened to it, e.g. "not sent (strict)". */
  note?: string;
}

export interface Logger {
  frame(event: FrameEvent): void;
  info(message: string): void;
  warn(message: string): void;
  /** Flushes and closes the recording; idempotent. */
  close(): Promise<void>;
}

export interface LoggerOptions {
  mode: LogMode | ((line: string) => void);
  out?: NodeJS.WritableStream & { isTTY?: boolean };
  record?: string;
}

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

function describeFrame(frame: unknown): string {
  if (typeof frame !== 'object' || frame === null) return 'not JSON';
  const f = frame as { type?: unknown; body?: { method?: unknown; code?: unknown; errorMessage?: unknown } };
  if (f.type === 'error') return `error ${String(f.body?.code)} ${JSON.stringify(f.body?.errorMessage)}`;
  const method = typeof f.body?.method === 'string' ? f.body.method : '?';
  return f.type === 'request' || f.type === 'notification' ? method : `${String(f.type)} ${method}`;
}

/** JSON of a log or capture record; the raw text in place of a frame JSON cannot write again. */
export function serialise(record: Record<string, unknown>, raw: string | undefined): string {
  try {
    return JSON.stringify(record);
  } catch {
    return JSON.stringify({ ...record, frame: raw ?? '[a frame that cannot be serialised]' });
  }
}

export function prettyLine(event: FrameEvent, color: boolean): string {
  const time = event.time.toISOString().slice(11, 23);
  const arrow = event.direction === 'client' ? '→' : '←';
  const who = event.direction === 'client' ? 'client' : 'server';
  let line = `${paint(color, '2', time)} ${event.session.padEnd(13)} ${arrow} ${who} ${printable(describeFrame(event.frame))}`;
  if (event.violations && event.violations.length > 0) {
    line += ` ${paint(color, '31;1', `✗ ${printable(formatViolations(event.violations))}`)}`;
  }
  if (event.deviations && event.deviations.length > 0) {
    line += ` ${paint(color, '33', `⚠ deviates from the strict contract: ${printable(formatViolations(event.deviations))}`)}`;
  }
  if (event.note) line += ` ${paint(color, '33', `(${printable(event.note)})`)}`;
  return line;
}

export function createLogger(options: LoggerOptions): Logger {
  const out = options.out ?? process.stdout;
  const color = Boolean(out.isTTY) && !process.env.NO_COLOR;
  const write = typeof options.mode === 'function' ? options.mode : (line: string) => void out.write(`${line}\n`);
  const mode = typeof options.mode === 'function' ? 'pretty' : options.mode;
  let recording: WriteStream | undefined = options.record
    ? createWriteStream(options.record, { flags: 'w' })
    : undefined;
  let closing: Promise<void> | undefined;
  recording?.on('error', (error) => write(`[mock-chat] cannot record to ${options.record}: ${error.message}`));

  return {
    frame(event) {
      recording?.write(
        `${serialise({ direction: event.direction, frame: event.frame, time: event.time.toISOString() }, event.raw)}\n`,
      );
      if (mode === 'silent') return;
      if (mode === 'json') {
        write(
          serialise(
            {
              time: event.time.toISOString(),
              session: event.session,
              direction: event.direction,
              frame: event.frame,
              ...(event.violations?.length ? { violations: event.violations } : {}),
              ...(event.deviations?.length ? { deviations: event.deviations } : {}),
              ...(event.note ? { note: event.note } : {}),
            },
            event.raw,
          ),
        );
      } else write(prettyLine(event, color));
    },
    info(message) {
      if (mode === 'json') write(JSON.stringify({ time: new Date().toISOString(), level: 'info', message }));
      else if (mode !== 'silent') write(printable(message));
    },
    warn(message) {
      if (mode === 'json') write(JSON.stringify({ time: new Date().toISOString(), level: 'warn', message }));
      else if (mode !== 'silent') write(paint(color, '33', printable(message)));
    },
    close() {
      if (!closing) {
        const stream = recording;
        recording = undefined;
        closing = stream ? new Promise<void>((resolve) => stream.end(resolve)) : Promise.resolve();
      }
      return closing;
    },
  };
}

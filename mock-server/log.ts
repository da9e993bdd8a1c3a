/**
 * Frame logging. `pretty` prints one readable line per frame (time, session, direction arrow,
 * method, violations; ANSI colour only on a TTY), `json` one JSON object per line. (Captures
 * are written apart, by proxy/capture.ts: what was on the wire, not what was logged.)
 *
 * Logging never throws: what the client controls is printed through `printable` (no control
 * characters reach the terminal), and a frame that cannot be serialised again (nested too
 * deep for JSON.stringify) is written as the raw text it arrived as.
 *
 * Lines reach their stream through a LineSink (line-sink.ts): written together once per turn of
 * the event loop, in order, in bounded memory (a reader that does not keep up loses lines, with
 * a notice saying how many), and never written again once the stream is closed (`| head -1`).
 */
import { formatViolations, type Violation } from '../contract/frame-check.js';
import { createLineSink, type LineOut } from './line-sink.js';
import { inertJson, printable } from './printable.js';

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
  /** Writes the lines still waiting (bounded: a reader that is gone is not waited for); idempotent. */
  close(): Promise<void>;
}

export interface LoggerOptions {
  mode: LogMode | ((line: string) => void);
  out?: LineOut & { isTTY?: boolean };
}

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

const stamped = (level: 'info' | 'warn', message: string) =>
  inertJson(JSON.stringify({ time: new Date().toISOString(), level, message }));

/** A value a frame carries, in a few characters, whatever it is (never throws). */
function shortValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * What a frame is, for the pretty log: its method, its type and method, or what it is instead
 * of a frame (`unparsed`: the text of a client frame that was not JSON). Everything here comes from a client or an `unchecked` scenario frame, so nothing
 * is assumed about types (`{"type": {"toString": 1}}` must not throw).
 */
function describeFrame(frame: unknown, unparsed = false, violations: readonly Violation[] = []): string {
  // Parsed, but refused unread for its depth (socket/frame-depth.ts): said as what it is.
  if (violations.some((v) => v.pointer === '' && /^nests deeper than \d+ levels$/.test(v.problem))) {
    return 'JSON nested too deep (not read)';
  }
  if (unparsed) return 'not JSON';
  if (frame === null || typeof frame !== 'object')
    return `${shortValue(frame)} (not a frame: a frame is a JSON object)`;
  if (Array.isArray(frame)) return 'a list (not a frame: a frame is a JSON object)';
  const f = frame as { type?: unknown; body?: unknown };
  const body = (typeof f.body === 'object' && f.body !== null ? f.body : {}) as Record<string, unknown>;
  const method =
    typeof body.method === 'string' ? body.method : body.method === undefined ? '?' : shortValue(body.method);
  if (f.type === 'error') {
    const text =
      typeof body.errorMessage === 'string' ? JSON.stringify(body.errorMessage) : shortValue(body.errorMessage);
    return `error ${shortValue(body.code)} ${text}`;
  }
  if (f.type === 'request' || f.type === 'notification') return method;
  const type = typeof f.type === 'string' ? f.type : f.type === undefined ? '(no type)' : `type ${shortValue(f.type)}`;
  return `${type} ${method}`;
}

/** JSON of a log record; the raw text in place of a frame JSON cannot write again. */
function serialise(record: Record<string, unknown>, raw: string | undefined): string {
  try {
    return inertJson(JSON.stringify(record));
  } catch {
    return inertJson(JSON.stringify({ ...record, frame: raw ?? '[a frame that cannot be serialised]' }));
  }
}

export function prettyLine(event: FrameEvent, color: boolean): string {
  const time = event.time.toISOString().slice(11, 23);
  const arrow = event.direction === 'client' ? '→' : '←';
  const who = event.direction === 'client' ? 'client' : 'server';
  let line = `${paint(color, '2', time)} ${event.session.padEnd(13)} ${arrow} ${who} ${printable(describeFrame(event.frame, typeof event.frame === 'string' && event.frame === event.raw, event.violations))}`;
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
  const mode = typeof options.mode === 'function' ? 'pretty' : options.mode;
  const lines =
    typeof options.mode === 'function' || mode === 'silent'
      ? undefined
      : createLineSink(out, (dropped) => {
          const message = `[mock-chat] ${dropped} log line${dropped === 1 ? '' : 's'} dropped: the log's reader does not keep up`;
          return mode === 'json' ? stamped('warn', message) : message;
        });
  const sink =
    typeof options.mode === 'function'
      ? options.mode
      : (line: string, important: boolean) => lines?.write(line, important);
  let closing: Promise<void> | undefined;
  /**
   * Logging never throws: a line that cannot be made or written is reported in its place, or
   * dropped. `important` lines (warnings, violations) are the last a slow reader loses.
   */
  const guarded = (make: () => string | undefined, important = true) => {
    let line: string | undefined;
    try {
      line = make();
    } catch (error) {
      line = `[mock-chat] a log line could not be written: ${printable((error as Error)?.message ?? String(error))}`;
    }
    if (line === undefined) return;
    try {
      sink(line, important);
    } catch {
      // The log's own destination failed (a closed pipe): nothing more can be said there.
    }
  };

  return {
    frame(event) {
      if (mode === 'silent') return;
      guarded(
        () =>
          mode === 'json'
            ? serialise(
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
              )
            : prettyLine(event, color),
        Boolean(event.violations?.length || event.deviations?.length),
      );
    },
    info(message) {
      if (mode === 'silent') return;
      guarded(() => (mode === 'json' ? stamped('info', message) : printable(message)), false);
    },
    warn(message) {
      if (mode === 'silent') return;
      guarded(() => (mode === 'json' ? stamped('warn', message) : paint(color, '33', printable(message))));
    },
    close() {
      closing ??= lines ? lines.flush() : Promise.resolve();
      return closing;
    },
  };
}

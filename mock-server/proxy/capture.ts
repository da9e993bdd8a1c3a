/**
 * The capture format, as `serve --record` and `proxy --record` write it and `mock-chat check`
 * and `scenario from-capture` read it: JSON lines that record what happened on every socket,
 * not only its frames.
 *
 *   {"event":"open","connection":3,"time":"..."}
 *   {"direction":"client","connection":3,"frame":{...},"time":"..."}
 *   {"direction":"server","connection":3,"session":482913,"frame":{...},"time":"..."}
 *   {"event":"close","connection":3,"session":482913,"code":1006,"reason":"","by":"server","time":"..."}
 *
 * A frame line names its connection, and the chat session's guid once it is known (from the
 * service's requestChat confirmation, or the client's renewChat); a JSON frame is written as its
 * value (`frame`), a text frame that is not JSON as the text it arrived as (`text`), a binary
 * frame as its bytes in base64 (`binary`), so `check` says what was on the wire. A close says
 * its code and reason and who closed: 1006 is a connection dropped without a close frame.
 * Lines without `connection` or `session` (captures of older versions) stay readable.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { assertNever } from '../../contract/assert-never.js';
import type { FrameDirection } from '../../contract/frame-check.js';

export type CaptureDirection = FrameDirection;

/** What a recorder saw: the parsed frame, or why there is none. */
export type Seen =
  | { kind: 'json'; frame: unknown; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: Buffer };

/** How a socket ended: its close code and reason, and which side ended it. */
export interface SocketClose {
  code: number;
  reason: string;
  by: FrameDirection;
}

/** The close code of a connection that ended without a close frame (RFC 6455 7.1.5). */
export const DROPPED = 1006;

/**
 * What a capture holds, as the readers (`check`, `scenario from-capture`) see it whatever its
 * format (JSON lines or HAR): frames, sockets opening and closing, and the places that could not
 * be used, each with where it is in the file.
 */
/** Where a record is: its line (a HAR: the message's number in the file) and, in a HAR, its path. */
export interface Place {
  line: number;
  /** A HAR message's place: `entries[3]._webSocketMessages[7]`. */
  at?: string;
}

export interface FrameRecord extends Place {
  kind: 'frame';
  direction: FrameDirection;
  /** The frame's JSON value; for one that was not JSON, its text (undefined when binary). */
  frame: unknown;
  /** Set when the frame on the wire was not JSON text: the violation that is. */
  notJson?: string;
  time?: unknown;
  /** The socket it went through; undefined in captures that do not say. */
  connection?: number;
  /** The chat session's guid, when the recorder knew it. */
  session?: number;
}

export interface OpenRecord extends Place {
  kind: 'open';
  connection: number;
  time?: unknown;
}

export interface CloseRecord extends Place, SocketClose {
  kind: 'close';
  connection: number;
  session?: number;
  time?: unknown;
}

export interface UnusableRecord extends Place {
  kind: 'unusable';
  problem: string;
}

/** The file stops being readable here (a HAR cut short): nothing after it can be read. */
export interface BrokenRecord {
  kind: 'broken';
  problem: string;
}

export type CaptureRecord = FrameRecord | OpenRecord | CloseRecord | UnusableRecord | BrokenRecord;

export interface CaptureWriter {
  /** A socket was accepted. */
  opened(connection: number, time: Date): void;
  /** A frame went through; `session` when the recorder knows it (else learnt from the frames). */
  frame(connection: number, direction: CaptureDirection, seen: Seen, time: Date, session?: number): void;
  /** A socket ended (the recorder says so once per connection: the first side that ended it). */
  closed(connection: number, close: SocketClose, time: Date): void;
  /** Flushes and closes the file; idempotent. */
  close(): Promise<void>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The chat session a frame names: the guid of the service's requestChat confirmation, or of the
 * client's renewChat (the socket it arrives on now carries that chat). Undefined for any other frame.
 */
export function sessionNamedBy(direction: FrameDirection, frame: unknown): number | undefined {
  const body = isObject(frame) && isObject(frame.body) ? frame.body : undefined;
  const guid = body?.guid;
  if (typeof guid !== 'number' || !Number.isSafeInteger(guid)) return undefined;
  const named =
    direction === 'server'
      ? frame !== null && (frame as { type?: unknown }).type === 'notification' && body?.method === 'requestChat'
      : body?.method === 'renewChat';
  return named ? guid : undefined;
}

/** The frame's fields of one capture line: as JSON, as text, or as base64 bytes. */
function frameFields(seen: Seen): Record<string, unknown> {
  switch (seen.kind) {
    case 'binary':
      return { binary: seen.bytes.toString('base64') };
    case 'json':
      return { frame: seen.frame };
    case 'text':
      return { text: seen.text };
    default:
      return assertNever(seen, 'recorded frame');
  }
}

/** One capture line (without its line end); never throws. */
function captureLine(fields: Record<string, unknown>, seen?: Seen): string {
  try {
    return JSON.stringify(fields);
  } catch {
    // A frame nested too deep to write again: the text it came as says the same.
    return JSON.stringify({ ...fields, frame: undefined, text: seen?.kind === 'json' ? seen.text : '' });
  }
}

export function createCaptureWriter(file: string, onError: (message: string) => void): CaptureWriter {
  let stream: WriteStream | undefined = createWriteStream(file, { flags: 'w' });
  stream.on('error', (error) => onError(`[mock-chat] cannot record to ${file}: ${error.message}`));
  /** The session of each open connection, once known; forgotten when it closes. */
  const sessions = new Map<number, number>();
  let closing: Promise<void> | undefined;
  const write = (fields: Record<string, unknown>, seen?: Seen) => stream?.write(`${captureLine(fields, seen)}\n`);
  return {
    opened(connection, time) {
      write({ event: 'open', connection, time: time.toISOString() });
    },
    frame(connection, direction, seen, time, known) {
      const session = known ?? (seen.kind === 'json' ? sessionNamedBy(direction, seen.frame) : undefined);
      if (session !== undefined) sessions.set(connection, session);
      const current = sessions.get(connection);
      write(
        {
          direction,
          connection,
          ...(current === undefined ? {} : { session: current }),
          ...frameFields(seen),
          time: time.toISOString(),
        },
        seen,
      );
    },
    closed(connection, close, time) {
      const session = sessions.get(connection);
      sessions.delete(connection);
      write({
        event: 'close',
        connection,
        ...(session === undefined ? {} : { session }),
        code: close.code,
        reason: close.reason,
        by: close.by,
        time: time.toISOString(),
      });
    },
    close() {
      if (!closing) {
        const open = stream;
        stream = undefined;
        closing = open ? new Promise<void>((resolve) => open.end(resolve)) : Promise.resolve();
      }
      return closing;
    },
  };
}

/**
 * The proxy's recording: one capture line per frame, as `mock-chat check` reads them. A JSON
 * frame is written as its value (`frame`); a text frame that is not JSON keeps the text it
 * arrived as (`text`), and a binary frame its bytes in base64 (`binary`), so `check` can say
 * what was actually on the wire instead of checking a stand-in.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { assertNever } from '../../contract/assert-never.js';

export type CaptureDirection = 'client' | 'server';

/** What the proxy saw: the parsed frame, or why there is none. */
export type Seen =
  | { kind: 'json'; frame: unknown; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: Buffer };

export interface CaptureWriter {
  write(direction: CaptureDirection, seen: Seen, time: Date): void;
  /** Flushes and closes the file; idempotent. */
  close(): Promise<void>;
}

/** One capture line (without its line end). */
function captureLine(direction: CaptureDirection, seen: Seen, time: Date): string {
  const at = time.toISOString();
  switch (seen.kind) {
    case 'binary':
      return JSON.stringify({ direction, binary: seen.bytes.toString('base64'), time: at });
    case 'json':
      try {
        return JSON.stringify({ direction, frame: seen.frame, time: at });
      } catch {
        // Nested too deep to write again: the text it came as says the same.
        return JSON.stringify({ direction, text: seen.text, time: at });
      }
    case 'text':
      return JSON.stringify({ direction, text: seen.text, time: at });
    default:
      return assertNever(seen, 'proxied frame');
  }
}

export function createCaptureWriter(file: string, onError: (message: string) => void): CaptureWriter {
  let stream: WriteStream | undefined = createWriteStream(file, { flags: 'w' });
  stream.on('error', (error) => onError(`[proxy] cannot record to ${file}: ${error.message}`));
  let closing: Promise<void> | undefined;
  return {
    write(direction, seen, time) {
      stream?.write(`${captureLine(direction, seen, time)}\n`);
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

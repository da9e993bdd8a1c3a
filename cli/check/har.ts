/**
 * HAR input: what a browser's DevTools ("Save all as HAR"), HTTP Toolkit, mitmproxy and other
 * recording proxies export. HAR 1.2 has no field for WebSocket traffic; these tools add one per
 * socket entry, `_webSocketMessages`, a list of
 *   { "type": "send" | "receive", "time": <seconds since 1970, fractional>, "opcode": 1 | 2, "data": "..." }
 * (opcode 1: a text frame, `data` its text; 2: a binary frame, `data` its bytes in base64;
 * 8: a close frame). Every entry that has such a list is one connection, numbered in the order
 * the entries come; `send` is the client's frame, `receive` the server's. A HAR records no
 * close codes: a socket's end is not in it, unless a tool wrote its close frame.
 *
 * Read as a stream (a streaming JSON parser picks out the messages): memory holds one message
 * at a time, whatever the size of the file. A message's place is its number in the file and
 * its path, `entries[3]._webSocketMessages[7]`.
 */
import { JSONParser } from '@streamparser/json';
import type { FrameDirection } from '../../contract/frame-check.js';
import { NOT_JSON } from '../../contract/profile-check.js';
import type { CaptureRecord } from '../../mock-server/proxy/capture.js';
import { textFrame } from './records.js';

const OPCODE = { text: 1, binary: 2, close: 8, ping: 9, pong: 10 } as const;
/** Close code of a close frame without one (RFC 6455 7.1.5). */
const NO_STATUS = 1005;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A HAR time (seconds since 1970) as ISO 8601; undefined when it is none. */
function isoTime(seconds: unknown): string | undefined {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return undefined;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The close code a close frame's payload carries (the first two bytes, when a tool kept them). */
function closeCode(data: unknown): number {
  if (typeof data !== 'string') return NO_STATUS;
  const bytes = Buffer.from(data, 'base64');
  return bytes.length >= 2 ? bytes.readUInt16BE(0) : NO_STATUS;
}

/** Turns HAR messages into capture records, numbering sockets by their entry. */
class HarMessages {
  #count = 0;
  readonly #connections = new Map<number, number>();

  record(message: unknown, entry: number, index: number, emit: (record: CaptureRecord) => void): void {
    this.#count += 1;
    const place = { line: this.#count, at: `entries[${entry}]._webSocketMessages[${index}]` };
    let connection = this.#connections.get(entry);
    if (connection === undefined) {
      connection = this.#connections.size + 1;
      this.#connections.set(entry, connection);
      emit({ kind: 'open', ...place, connection });
    }
    if (!isObject(message)) {
      emit({ kind: 'unusable', ...place, problem: 'is not a WebSocket message object' });
      return;
    }
    const { type, opcode, data, time } = message;
    if (type !== 'send' && type !== 'receive') {
      emit({ kind: 'unusable', ...place, problem: 'type must be "send" or "receive"' });
      return;
    }
    const direction: FrameDirection = type === 'send' ? 'client' : 'server';
    const at = isoTime(time);
    if (opcode === OPCODE.ping || opcode === OPCODE.pong) return; // answered by the WebSocket itself
    if (opcode === OPCODE.close) {
      emit({ kind: 'close', ...place, connection, code: closeCode(data), reason: '', by: direction, time: at });
      return;
    }
    if (opcode === OPCODE.binary) {
      emit({ kind: 'frame', ...place, direction, connection, frame: undefined, notJson: NOT_JSON.binary, time: at });
      return;
    }
    if (opcode !== OPCODE.text || typeof data !== 'string') {
      emit({ kind: 'unusable', ...place, problem: 'is neither a text frame (opcode 1, data a string) nor binary (2)' });
      return;
    }
    emit({ kind: 'frame', ...place, direction, connection, ...textFrame(data), time: at });
  }
}

/** The WebSocket messages of a HAR, as capture records, read from the stream as it comes. */
export async function* harRecords(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<CaptureRecord> {
  const parser = new JSONParser({ paths: ['$.log.entries.*._webSocketMessages.*'], keepStack: false });
  const messages = new HarMessages();
  const ready: CaptureRecord[] = [];
  parser.onValue = ({ value, key, stack }) => {
    const entry = stack[3]?.key;
    messages.record(value, typeof entry === 'number' ? entry : -1, typeof key === 'number' ? key : -1, (record) =>
      ready.push(record),
    );
  };
  let failure: string | undefined;
  parser.onError = (error) => {
    failure ??= error.message;
  };
  try {
    for await (const chunk of chunks) {
      if (parser.isEnded) break;
      parser.write(chunk);
      yield* ready.splice(0);
      if (failure) break;
    }
    if (!parser.isEnded && !failure) failure = 'the file ends before the HAR does';
  } catch (error) {
    failure ??= (error as Error).message;
  }
  yield* ready.splice(0);
  if (failure) {
    yield { kind: 'broken', problem: `is not a complete HAR (JSON): ${failure.split('\n')[0]}` };
  }
}

/** Reads one line of a JSON lines capture (the format: mock-server/proxy/capture.ts) as a capture record. */
import { NOT_JSON } from '../../contract/profile-check.js';
import type { CaptureRecord, FrameRecord } from '../../mock-server/proxy/capture.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const wholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** A frame's text as it was on the wire: its JSON value, or (not JSON) the text and why it breaks the contract. */
export function textFrame(text: string): Pick<FrameRecord, 'frame' | 'notJson'> {
  try {
    return { frame: JSON.parse(text) };
  } catch {
    return { frame: text, notJson: NOT_JSON.text };
  }
}

/** The open or close event of a line, or why it cannot be used. */
function eventRecord(entry: Record<string, unknown>, line: number): CaptureRecord {
  const { event, connection, session, code, reason, by, time } = entry;
  if (!wholeNumber(connection)) return { kind: 'unusable', line, problem: `${String(event)} event lacks connection` };
  if (event === 'open') return { kind: 'open', line, connection, time };
  if (event !== 'close') {
    return { kind: 'unusable', line, problem: `event ${JSON.stringify(event)} is none of open, close` };
  }
  if (!wholeNumber(code) || (by !== 'client' && by !== 'server')) {
    return { kind: 'unusable', line, problem: 'close event lacks code or by ("client" or "server")' };
  }
  return {
    kind: 'close',
    line,
    connection,
    ...(wholeNumber(session) ? { session } : {}),
    code,
    reason: typeof reason === 'string' ? reason : '',
    by,
    time,
  };
}

/** One line of a JSON lines capture (not blank). */
export function lineRecord(raw: string, line: number): CaptureRecord {
  let entry: unknown;
  try {
    entry = JSON.parse(raw);
  } catch {
    return { kind: 'unusable', line, problem: 'is not JSON (a recorder stopped mid-line?)' };
  }
  if (!isObject(entry)) return { kind: 'unusable', line, problem: 'is not a JSON object' };
  if ('event' in entry) return eventRecord(entry, line);
  const { direction, frame, text, binary, time, connection, session } = entry;
  if (direction !== 'client' && direction !== 'server') {
    return { kind: 'unusable', line, problem: 'lacks direction ("client" or "server")' };
  }
  const where: Omit<FrameRecord, 'frame'> = {
    kind: 'frame',
    line,
    direction,
    time,
    ...(wholeNumber(connection) ? { connection } : {}),
    ...(wholeNumber(session) ? { session } : {}),
  };
  if ('frame' in entry) return { ...where, frame };
  if (typeof text === 'string') return { ...where, ...textFrame(text) };
  if (typeof binary === 'string') return { ...where, frame: undefined, notJson: NOT_JSON.binary };
  return { kind: 'unusable', line, problem: 'lacks frame (or text, or binary)' };
}

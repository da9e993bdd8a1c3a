/**
 * Incoming socket data → a validated server frame (read liberally, see normalize.ts), a frame
 * to ignore, or a reported problem. Never throws: an unknown type or method is a TypeError for
 * the error hook (sections 4 and 8), other contract violations are plain Errors, and the frame
 * is dropped either way.
 */
import { checkServerFrame, formatViolations } from '../../../contract/frame-check.js';
import { DEFAULTS } from '../config/defaults.js';
import { normalizeServerFrame, type ReadServerFrame, withoutStandIns } from './normalize.js';

export type Incoming =
  | { kind: 'frame'; frame: ReadServerFrame }
  /** A frame of an older server or out of scope: nothing to act on, and not an error. */
  | { kind: 'ignored'; what: string }
  | { kind: 'refused'; error: Error };

function asText(data: unknown): string | null {
  if (typeof data === 'string') return data;
  // ws delivers Buffers (Uint8Array subclasses) when not asked for strings.
  if (data instanceof Uint8Array) return new TextDecoder().decode(data);
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(new Uint8Array(data));
  return null;
}

/** UTF-8 size without encoding when the length alone decides (1 to 3 bytes per UTF-16 unit). */
function exceeds(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return new TextEncoder().encode(text).length > maxBytes;
}

export function parseIncoming(data: unknown, maxBytes: number = DEFAULTS.maxIncomingFrameBytes): Incoming {
  const text = asText(data);
  if (text === null) return { kind: 'refused', error: new TypeError('chat socket: expected a JSON text frame') };
  // A size limit before parsing: a hostile or broken server must not make the page parse megabytes.
  if (exceeds(text, maxBytes)) {
    return { kind: 'refused', error: new Error(`chat socket: frame larger than ${maxBytes} bytes refused`) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'refused', error: new TypeError(`chat socket: frame is not JSON: ${text.slice(0, 200)}`) };
  }
  const normalized = normalizeServerFrame(value);
  if (normalized.kind === 'ignored') return normalized;
  const checked = checkServerFrame(normalized.value);
  if (checked.ok) return { kind: 'frame', frame: withoutStandIns(checked.frame) };
  const unknownKind = checked.violations.some((v) => v.pointer === '/type' || v.pointer === '/body/method');
  const message = `chat socket: ${unknownKind ? 'unknown message type or method' : 'frame breaks the contract'}: ${formatViolations(checked.violations)}`;
  return { kind: 'refused', error: unknownKind ? new TypeError(message) : new Error(message) };
}

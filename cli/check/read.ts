/**
 * Reads captures for `mock-chat check`: one JSON object a line,
 * { "direction": "client" | "server", "frame": {...}, "time"?: ... } (what `serve --record` and
 * `proxy --record` write). In place of `frame`, `"text": "..."` is a text frame as it was on
 * the wire (JSON or not) and `"binary": "<base64>"` a binary frame: the proxy records frames
 * that are not JSON so. A file may be `-` (stdin). A UTF-8 byte order mark and CRLF line
 * ends are fine; blank lines are skipped; every line that cannot be used is reported with its
 * number and why, and the usable ones are still checked.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FrameDirection } from '../../contract/frame-check.js';
import { NOT_JSON } from '../../contract/profile-check.js';

export interface CapturedFrame {
  line: number;
  direction: FrameDirection;
  /** The frame's JSON value; for one that was not JSON, its text (undefined when binary). */
  frame: unknown;
  /** Set when the frame on the wire was not JSON text: the violation that is. */
  notJson?: string;
  time?: unknown;
}

export interface UnusableLine {
  line: number;
  problem: string;
}

export interface Capture {
  /** As shown in reports: the path relative to the working directory, or "stdin". */
  name: string;
  frames: CapturedFrame[];
  unusable: UnusableLine[];
  /** Why the file could not be read at all (missing, a folder...), else undefined. */
  unreadable?: string;
  /** How long reading and parsing took. */
  readMs?: number;
}

/** The frames of a capture's text. */
export function parseCapture(name: string, text: string): Capture {
  const frames: CapturedFrame[] = [];
  const unusable: UnusableLine[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const line = index + 1;
      if (raw.trim() === '') return;
      let entry: unknown;
      try {
        entry = JSON.parse(raw);
      } catch {
        unusable.push({ line, problem: 'is not JSON (a recorder stopped mid-line?)' });
        return;
      }
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
        unusable.push({ line, problem: 'is not a JSON object' });
        return;
      }
      const { direction, frame, text, binary, time } = entry as Record<string, unknown>;
      if (direction !== 'client' && direction !== 'server') {
        unusable.push({ line, problem: 'lacks direction ("client" or "server")' });
        return;
      }
      if ('frame' in entry) frames.push({ line, direction, frame, time });
      else if (typeof text === 'string') {
        try {
          frames.push({ line, direction, frame: JSON.parse(text), time });
        } catch {
          frames.push({ line, direction, frame: text, notJson: NOT_JSON.text, time });
        }
      } else if (typeof binary === 'string') {
        frames.push({ line, direction, frame: undefined, notJson: NOT_JSON.binary, time });
      } else unusable.push({ line, problem: 'lacks frame (or text, or binary)' });
    });
  return { name, frames, unusable };
}

/** A capture file, or stdin for `-`. */
export function readCapture(file: string, stdin: () => string): Capture {
  const started = performance.now();
  const name = file === '-' ? 'stdin' : path.relative(process.cwd(), file) || file;
  let text: string;
  try {
    text = file === '-' ? stdin() : readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : (code ?? (error as Error).message);
    return { name, frames: [], unusable: [], unreadable: why, readMs: performance.now() - started };
  }
  return { ...parseCapture(name, text), readMs: performance.now() - started };
}

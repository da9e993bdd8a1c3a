/**
 * Reads a capture: one JSON object a line, { "direction": "client" | "server", "frame": {...},
 * "time"?: ... } (what `serve --record` writes). Lines that cannot be used are reported by
 * number; blank lines are skipped.
 */
import { readFileSync } from 'node:fs';
import type { FrameDirection } from '../contract/frame-check.js';

export interface CapturedFrame {
  line: number;
  direction: FrameDirection;
  frame: unknown;
  time?: unknown;
}

export interface Capture {
  frames: CapturedFrame[];
  /** "file:line: why" for each unusable line. */
  unusable: string[];
}

export function readCapture(file: string): Capture {
  const text = readFileSync(file, 'utf8');
  const frames: CapturedFrame[] = [];
  const unusable: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let entry: unknown;
    try {
      entry = JSON.parse(raw);
    } catch {
      unusable.push(`${file}:${line}: is not JSON`);
      return;
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      unusable.push(`${file}:${line}: is not a JSON object`);
      return;
    }
    const { direction, frame, time } = entry as Record<string, unknown>;
    if (direction !== 'client' && direction !== 'server') {
      unusable.push(`${file}:${line}: lacks direction ("client" or "server")`);
      return;
    }
    if (!('frame' in entry)) {
      unusable.push(`${file}:${line}: lacks frame`);
      return;
    }
    frames.push({ line, direction, frame, time });
  });
  return { frames, unusable };
}

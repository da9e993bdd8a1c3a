/**
 * The report of `mock-chat check`: every violation of every frame of every capture (in the
 * chosen profile), deviations the tolerant profile accepts, violations the allow list accepts,
 * and every line or file that could not be used. Its JSON form is published as
 * specs/check-report.schema.json.
 */
import type { FrameDirection } from '../../contract/frame-check.js';
import { checkInProfile, type Profile } from '../../contract/profile-check.js';
import type { AllowList, Located } from './allow.js';
import type { Capture } from './read.js';

export interface FrameProblem extends Located {
  line: number;
  /** For an allowed violation: why it is accepted (from the allow list). */
  reason?: string;
}

export interface FileReport {
  file: string;
  frames: number;
  /** Why the file could not be read at all; null when it could. */
  error: string | null;
  violations: FrameProblem[];
  /** Tolerant profile: what breaks only the strict contract. Not failures. */
  deviations: FrameProblem[];
  /** Violations the allow list accepts. Not failures. */
  allowed: FrameProblem[];
  unusable: { line: number; problem: string }[];
  /** The rules (direction and method) the frames were checked against: how many frames each, and how long. */
  rules: { direction: FrameDirection; method: string; frames: number; durationMs: number }[];
  /** Reading the file and checking its frames. */
  durationMs: number;
}

export interface CheckReport {
  tool: 'mock-chat check';
  version: string;
  profile: Profile;
  timestamp: string;
  durationMs: number;
  ok: boolean;
  exitCode: 0 | 1 | 2;
  summary: { files: number; frames: number; violations: number; deviations: number; allowed: number; unusable: number };
  files: FileReport[];
}

/** The method a frame is about, for grouping: body.method, "error", or "?". */
function methodOf(frame: unknown): string {
  const f = frame as { type?: unknown; body?: { method?: unknown } } | null;
  if (typeof f !== 'object' || f === null) return '?';
  if (f.type === 'error') return 'error';
  if (f.type === 'newChatAcknowledgement') return 'newChatAcknowledgement';
  return typeof f.body?.method === 'string' ? f.body.method : '?';
}

function fileReport(capture: Capture, profile: Profile, allow: AllowList): FileReport {
  const started = performance.now() - (capture.readMs ?? 0);
  const report: FileReport = {
    file: capture.name,
    frames: capture.frames.length,
    error: capture.unreadable ?? null,
    violations: [],
    deviations: [],
    allowed: [],
    unusable: capture.unusable,
    rules: [],
    durationMs: 0,
  };
  const rules = new Map<string, FileReport['rules'][number]>();
  for (const captured of capture.frames) {
    const method = methodOf(captured.frame);
    const key = `${captured.direction} ${method}`;
    const rule = rules.get(key) ?? { direction: captured.direction, method, frames: 0, durationMs: 0 };
    rule.frames += 1;
    rules.set(key, rule);
    const checking = performance.now();
    const result =
      captured.notJson === undefined
        ? checkInProfile(profile, captured.direction, captured.frame)
        : { violations: [{ pointer: '', problem: captured.notJson }], deviations: [] };
    rule.durationMs += performance.now() - checking;
    const at = (v: { pointer: string; problem: string }): FrameProblem => ({
      line: captured.line,
      direction: captured.direction,
      method,
      ...v,
    });
    for (const violation of result.violations.map(at)) {
      const accepted = allow.match(violation);
      if (accepted) report.allowed.push({ ...violation, ...(accepted.reason ? { reason: accepted.reason } : {}) });
      else report.violations.push(violation);
    }
    report.deviations.push(...result.deviations.map(at));
  }
  report.rules = [...rules.values()];
  report.durationMs = performance.now() - started;
  return report;
}

/** Checks every capture. Exit 2 when anything could not be used (or nothing was captured), else 1 on violations. */
export function buildReport(
  captures: readonly Capture[],
  profile: Profile,
  allow: AllowList,
  version: string,
): CheckReport {
  const read = captures.reduce((sum, capture) => sum + (capture.readMs ?? 0), 0);
  const started = performance.now() - read;
  const timestamp = new Date(Date.now() - read).toISOString();
  const files = captures.map((capture) => fileReport(capture, profile, allow));
  for (const file of files) {
    if (file.error === null && file.frames === 0 && file.unusable.length === 0) {
      file.error = 'has no frames: an empty capture proves nothing (is the recorder running?)';
    }
  }
  const sum = (pick: (f: FileReport) => number) => files.reduce((n, f) => n + pick(f), 0);
  const summary = {
    files: files.length,
    frames: sum((f) => f.frames),
    violations: sum((f) => f.violations.length),
    deviations: sum((f) => f.deviations.length),
    allowed: sum((f) => f.allowed.length),
    unusable: sum((f) => f.unusable.length + (f.error === null ? 0 : 1)),
  };
  const exitCode = summary.unusable > 0 ? 2 : summary.violations > 0 ? 1 : 0;
  return {
    tool: 'mock-chat check',
    version,
    profile,
    timestamp,
    durationMs: performance.now() - started,
    ok: exitCode === 0,
    exitCode,
    summary,
    files,
  };
}

/**
 * The report of `mock-chat check`: every violation of every frame of every capture (in the
 * chosen profile), deviations the tolerant profile accepts, violations the allow list accepts,
 * every line or file that could not be used, and what each connection carried and how it
 * ended. Its JSON form is published as specs/check-report.schema.json.
 *
 * Captures are checked as they are read, one record at a time, so memory does not grow with
 * the size of a capture: what is kept per file is bounded (MAX_LISTED problems of each kind,
 * MAX_RULES rules, the first connections); beyond that problems are counted, not listed, and
 * the summary's counts stay exact.
 */
import { assertNever } from '../../contract/assert-never.js';
import type { FrameDirection } from '../../contract/frame-check.js';
import { checkInProfile, type Profile } from '../../contract/profile-check.js';
import { frameMethod } from '../../mock-server/frame-method.js';
import type { CaptureRecord, FrameRecord, Place } from '../../mock-server/proxy/capture.js';
import type { AllowList, Located } from './allow.js';
import { ConnectionLedger, type ConnectionReport } from './connections.js';
import type { CaptureSource } from './read.js';

export interface FrameProblem extends Located {
  line: number;
  /** In a HAR, the message's path: `entries[3]._webSocketMessages[7]`. */
  at?: string;
  /** The connection the frame went through, when the capture names it. */
  connection?: number;
  /** For an allowed violation: why it is accepted (from the allow list). */
  reason?: string;
}

export interface UnusablePlace {
  line: number;
  at?: string;
  problem: string;
}

/** How many of each kind a file had beyond what it lists. */
export interface Omitted {
  violations: number;
  deviations: number;
  allowed: number;
  unusable: number;
  connections: number;
}

export interface FileReport {
  file: string;
  /** jsonl or har. */
  format: string;
  frames: number;
  /** Why the file could not be read (at all, or to its end); null when it could. */
  error: string | null;
  violations: FrameProblem[];
  /** Tolerant profile: what breaks only the strict contract. Not failures. */
  deviations: FrameProblem[];
  /** Violations the allow list accepts. Not failures. */
  allowed: FrameProblem[];
  unusable: UnusablePlace[];
  /** The rules (direction and method) the frames were checked against: how many frames each, and how long. */
  rules: { direction: FrameDirection; method: string; frames: number; durationMs: number }[];
  /** Each connection: its session, frames, violations and how it ended. */
  connections: ConnectionReport[];
  /** Present when a list was cut at MAX_LISTED (or connections at MAX_CONNECTIONS): how many more. */
  omitted?: Omitted;
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

type Counts = Pick<Omitted, 'violations' | 'deviations' | 'allowed' | 'unusable'>;

/** Problems of each kind listed per file; the rest are counted. */
export const MAX_LISTED = 10_000;
/** Distinct rules (direction and method) per file; frames naming further methods count under `?`. */
const MAX_RULES = 200;

const EMPTY = 'has no frames: an empty capture proves nothing (is the recorder running?)';
const EMPTY_HAR =
  'has no WebSocket frames (no entry has _webSocketMessages): record the chat with the browser’s network panel open, then save it as HAR';

/** A list that keeps the first MAX_LISTED items and counts every one. */
class Capped<T> {
  readonly items: T[] = [];
  count = 0;
  add(item: T): void {
    this.count += 1;
    if (this.items.length < MAX_LISTED) this.items.push(item);
  }
  get omitted(): number {
    return this.count - this.items.length;
  }
}

/** One capture, checked record by record. */
class FileChecker {
  readonly #profile: Profile;
  readonly #allow: AllowList;
  readonly #violations = new Capped<FrameProblem>();
  readonly #deviations = new Capped<FrameProblem>();
  readonly #allowed = new Capped<FrameProblem>();
  readonly #unusable = new Capped<UnusablePlace>();
  readonly #rules = new Map<string, FileReport['rules'][number]>();
  readonly #connections = new ConnectionLedger();
  #frames = 0;
  #error: string | null = null;

  readonly #seen: ((violation: Located) => void) | undefined;

  constructor(profile: Profile, allow: AllowList, seen?: (violation: Located) => void) {
    this.#profile = profile;
    this.#allow = allow;
    this.#seen = seen;
  }

  add(record: CaptureRecord): void {
    switch (record.kind) {
      case 'frame':
        this.#frame(record);
        return;
      case 'open':
        this.#connections.open(record.connection);
        return;
      case 'close':
        this.#connections.close(record);
        return;
      case 'unusable':
        this.#unusable.add({ line: record.line, ...(record.at ? { at: record.at } : {}), problem: record.problem });
        return;
      case 'broken':
        this.#error ??= record.problem;
        return;
      default:
        assertNever(record, 'capture record');
    }
  }

  broken(problem: string): void {
    this.#error ??= problem;
  }

  #rule(direction: FrameDirection, frame: unknown) {
    const named = frameMethod(frame);
    const method = this.#rules.has(`${direction} ${named}`) || this.#rules.size < MAX_RULES ? named : '?';
    const key = `${direction} ${method}`;
    const rule = this.#rules.get(key) ?? { direction, method, frames: 0, durationMs: 0 };
    this.#rules.set(key, rule);
    return rule;
  }

  #frame(record: FrameRecord): void {
    this.#frames += 1;
    const rule = this.#rule(record.direction, record.frame);
    rule.frames += 1;
    const checking = performance.now();
    const result =
      record.notJson === undefined
        ? checkInProfile(this.#profile, record.direction, record.frame)
        : { violations: [{ pointer: '', problem: record.notJson }], deviations: [] };
    rule.durationMs += performance.now() - checking;
    const at = (v: { pointer: string; problem: string }): FrameProblem => ({
      line: record.line,
      ...placeOf(record),
      direction: record.direction,
      method: rule.method,
      ...(record.connection === undefined ? {} : { connection: record.connection }),
      ...v,
    });
    let failed = 0;
    for (const violation of result.violations.map(at)) {
      const accepted = this.#allow.match(violation);
      if (accepted) this.#allowed.add({ ...violation, ...(accepted.reason ? { reason: accepted.reason } : {}) });
      else {
        this.#violations.add(violation);
        this.#seen?.(violation);
        failed += 1;
      }
    }
    for (const deviation of result.deviations) this.#deviations.add(at(deviation));
    this.#connections.frame(record, failed);
  }

  /** The file's report, and how many problems of each kind it had in all (listed or not). */
  report(source: CaptureSource, durationMs: number): { file: FileReport; counts: Counts } {
    const empty = this.#frames === 0 && this.#unusable.count === 0;
    const omitted: Omitted = {
      violations: this.#violations.omitted,
      deviations: this.#deviations.omitted,
      allowed: this.#allowed.omitted,
      unusable: this.#unusable.omitted,
      connections: this.#connections.omitted,
    };
    const file: FileReport = {
      file: source.name,
      format: source.format,
      frames: this.#frames,
      error: source.unreadable ?? this.#error ?? (empty ? (source.format === 'har' ? EMPTY_HAR : EMPTY) : null),
      violations: this.#violations.items,
      deviations: this.#deviations.items,
      allowed: this.#allowed.items,
      unusable: this.#unusable.items,
      rules: [...this.#rules.values()],
      connections: this.#connections.list(),
      ...(Object.values(omitted).some((n) => n > 0) ? { omitted } : {}),
      durationMs,
    };
    const counts = {
      violations: this.#violations.count,
      deviations: this.#deviations.count,
      allowed: this.#allowed.count,
      unusable: this.#unusable.count + (file.error === null ? 0 : 1),
    };
    return { file, counts };
  }
}

const placeOf = (place: Place) => (place.at ? { at: place.at } : {});

/** Reads and checks one capture. */
async function checkFile(source: CaptureSource, profile: Profile, allow: AllowList, seen?: (v: Located) => void) {
  const started = performance.now();
  const checker = new FileChecker(profile, allow, seen);
  if (source.unreadable === undefined) {
    try {
      for await (const record of source.records) checker.add(record);
    } catch (error) {
      // A read that fails midway (the disk, a closed pipe): what was read is still reported.
      checker.broken(
        `could not be read to its end: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }
  return checker.report(source, performance.now() - started);
}

/**
 * Checks every capture, one after the other. Exit 2 when anything could not be used (or nothing
 * was captured), else 1 on violations. `seen` hears every violation the allow list does not
 * accept, listed or not (for --write-allow).
 */
export async function buildReport(
  captures: readonly (() => Promise<CaptureSource>)[],
  profile: Profile,
  allow: AllowList,
  version: string,
  seen?: (violation: Located) => void,
): Promise<CheckReport> {
  const started = performance.now();
  const timestamp = new Date().toISOString();
  const checked: Awaited<ReturnType<typeof checkFile>>[] = [];
  // Opened one at a time, as they are checked: `check *.jsonl` holds one file open.
  for (const open of captures) checked.push(await checkFile(await open(), profile, allow, seen));
  const sum = (pick: (f: (typeof checked)[number]) => number) => checked.reduce((n, f) => n + pick(f), 0);
  const summary = {
    files: checked.length,
    frames: sum((f) => f.file.frames),
    violations: sum((f) => f.counts.violations),
    deviations: sum((f) => f.counts.deviations),
    allowed: sum((f) => f.counts.allowed),
    unusable: sum((f) => f.counts.unusable),
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
    files: checked.map((f) => f.file),
  };
}

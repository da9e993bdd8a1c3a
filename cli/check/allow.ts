/**
 * `mock-chat check --allow FILE`: a baseline of deviations an integrator accepts (their brand
 * flag's name, a field their deployment adds), so CI fails only on new ones. A YAML or JSON
 * list; each entry matches a violation by pointer (`*` matches one segment, `**` any rest; `""` the
 * whole frame, as for a frame that is not JSON) and, optionally, by a part of its problem, its
 * direction and its method:
 *
 *   - pointer: /body/intrinsics/getAcmeUpdates
 *     problem: is not allowed
 *     direction: client
 *     method: requestChat
 *     reason: our brand's marketing flag
 *
 * `--write-allow FILE` writes every violation of a run in this form, to start a baseline.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import type { FrameDirection, Violation } from '../../contract/frame-check.js';

export interface AllowEntry {
  pointer: string;
  problem?: string;
  direction?: FrameDirection;
  method?: string;
  reason?: string;
}

export interface Located extends Violation {
  direction: FrameDirection;
  method: string;
}

export interface AllowList {
  /** The entry that accepts this violation, or undefined. */
  match(violation: Located): AllowEntry | undefined;
}

function pointerPattern(pointer: string): RegExp {
  const escaped = pointer
    .split('/')
    .map((token) => (token === '**' ? '.*' : token === '*' ? '[^/]*' : token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}

/** Reads an allow file; throws an Error in words for an unusable one. */
export function readAllowList(file: string): AllowList {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'), { maxAliasCount: 100 });
  } catch (error) {
    throw new Error(`${file}: cannot be read as YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!Array.isArray(data))
    throw new Error(`${file}: must be a list of { pointer, problem?, direction?, method?, reason? }`);
  const entries = data.map((entry: unknown, index): AllowEntry => {
    const e = entry as Record<string, unknown> | null;
    // "" is the whole frame: what a frame that is not JSON (text or binary) breaks.
    if (typeof e !== 'object' || e === null || typeof e.pointer !== 'string' || !/^(\/|$)/.test(e.pointer)) {
      throw new Error(
        `${file}: entry ${index + 1} needs pointer: a JSON pointer such as /body/intrinsics/* ("" for the whole frame)`,
      );
    }
    if (e.direction !== undefined && e.direction !== 'client' && e.direction !== 'server') {
      throw new Error(`${file}: entry ${index + 1}: direction must be client or server`);
    }
    return e as unknown as AllowEntry;
  });
  const compiled = entries.map((entry) => ({ entry, pointer: pointerPattern(entry.pointer) }));
  return {
    match(violation) {
      return compiled.find(
        ({ entry, pointer }) =>
          pointer.test(violation.pointer) &&
          (entry.problem === undefined || violation.problem.includes(entry.problem)) &&
          (entry.direction === undefined || entry.direction === violation.direction) &&
          (entry.method === undefined || entry.method === violation.method),
      )?.entry;
    },
  };
}

export const ACCEPT_NOTHING: AllowList = { match: () => undefined };

/** Distinct violations a baseline lists at most (a capture of random garbage could name millions). */
export const MAX_BASELINE = 100_000;

/** Collects the distinct violations of a run (by direction, method, pointer and problem) for a baseline. */
export class Baseline {
  readonly #entries = new Map<string, AllowEntry>();
  /** Distinct violations past MAX_BASELINE, not written. */
  dropped = 0;

  add(v: Located): void {
    const key = `${v.direction} ${v.method} ${v.pointer} ${v.problem}`;
    if (this.#entries.has(key)) return;
    if (this.#entries.size >= MAX_BASELINE) {
      this.dropped += 1;
      return;
    }
    this.#entries.set(key, {
      pointer: v.pointer,
      problem: v.problem,
      direction: v.direction,
      method: v.method,
      reason: 'accepted',
    });
  }

  /** Writes the baseline; returns how many entries it has. */
  write(file: string): number {
    writeFileSync(
      file,
      `# mock-chat check --allow: deviations accepted as a baseline; say why in each reason.\n${stringify([...this.#entries.values()])}`,
    );
    return this.#entries.size;
  }
}

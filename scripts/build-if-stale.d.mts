/** Types of scripts/build-if-stale.mjs for the tests. */
export interface BuildPart {
  name: string;
  script: string;
  inputs: string[];
  /** Must exist. */
  outputs: string[];
  /** The output its build writes every time, last. */
  writtenLast: string;
  /** The file whose time is when the last build here started. */
  stamp: string;
}
export const PARTS: BuildPart[];
export function staleness(part: BuildPart, base?: string): string | null;
export function stamp(part: BuildPart, startedMs: number, base?: string): void;

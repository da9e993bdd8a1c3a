/**
 * Problems found while loading a scenario, each as `file:line:column: place: problem`, where
 * the place is written as the reader sees it in the YAML (`conversation[5].where["/body/message"]`).
 */
import { type ParsedSource, yamlPath } from './source.js';

/** Parsed YAML after generated/scenario.schema.json accepted it: the schema vouches for its shape. */
// biome-ignore lint/suspicious/noExplicitAny: validated against the scenario schema just before use
export type Raw = Record<string, any>;

const lineOf = (text: string) => {
  const match = /:([0-9]+)(?::([0-9]+))?: /.exec(text);
  return match ? Number(match[1]) * 10_000 + Number(match[2] ?? 0) : 0;
};

export class Problems {
  readonly lines: string[] = [];
  readonly #pointers: string[] = [];
  constructor(readonly source: ParsedSource) {}

  /** A problem at a YAML location (a JSON pointer into the file's data). */
  add(pointer: string, problem: string): void {
    const where = this.source.locate(pointer);
    const location = where ? `:${where.line}:${where.column}` : '';
    this.lines.push(`${this.source.label}${location}: ${yamlPath(pointer)}: ${problem}`);
    this.#pointers.push(pointer);
  }

  /** The problems in file order (line, then column), as a reader fixes them. */
  sorted(): string[] {
    return [...this.lines].sort((a, b) => lineOf(a) - lineOf(b));
  }

  /** Whether a problem was found at or inside `pointer` (that part is not built or checked further). */
  within(pointer: string): boolean {
    return this.#pointers.some((p) => p === pointer || p.startsWith(`${pointer}/`));
  }
}

/** Problems found while loading a scenario, each as `file:line: /pointer problem`. */
import type { ParsedSource } from './source.js';

/** Parsed YAML after specs/scenario.schema.json accepted it: the schema vouches for its shape. */
// biome-ignore lint/suspicious/noExplicitAny: validated against the scenario schema just before use
export type Raw = Record<string, any>;

export class Problems {
  readonly lines: string[] = [];
  constructor(readonly source: ParsedSource) {}
  /** A problem at a YAML location; `shown` is the pointer printed (default: the YAML one). */
  add(pointer: string, problem: string, shown = pointer): void {
    const line = this.source.lineOf(pointer);
    this.lines.push(`${this.source.label}${line ? `:${line}` : ''}: ${shown || '/'} ${problem}`);
  }
  /** A problem at a step already located as `file:line`. */
  addAt(at: string, problem: string): void {
    this.lines.push(`${at}: ${problem}`);
  }
}

/**
 * Where scenarios come from: the built-in library in mock-server/scenarios/, a YAML file,
 * or an already-parsed object. Maps JSON pointers back to file:line with the yaml
 * package's LineCounter, so every problem points at the user's line.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type Document, isNode, LineCounter, type Node, parseDocument, visit } from 'yaml';
import { packageRoot } from '../package-root.js';

/** The package folder (the same from the sources and from the compiled build/). */
export const repoRoot = packageRoot;
const mockServerRoot = path.join(repoRoot, 'mock-server');
const builtInScenarioDir = path.join(mockServerRoot, 'scenarios');
export const builtInFileDir = path.join(mockServerRoot, 'files');

export function builtInScenarioNames(): string[] {
  return readdirSync(builtInScenarioDir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.slice(0, -'.yaml'.length))
    .sort();
}

export function builtInScenarioPath(name: string): string | undefined {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) return undefined;
  const file = path.join(builtInScenarioDir, `${name}.yaml`);
  return existsSync(file) ? file : undefined;
}

/** How problems and reports name a built-in's file: its path in the package, e.g. mock-server/scenarios/typing.yaml. */
export function builtInScenarioLabel(name: string): string {
  return path.posix.join('mock-server', 'scenarios', `${name}.yaml`);
}

/** A parsed YAML text that can say which line a JSON pointer is on. */
export interface ParsedSource {
  /** Display name: the path as given, a built-in's path in the package, or "<object>". */
  label: string;
  /** Directory relative paths in the scenario resolve against. */
  dir: string;
  data: unknown;
  /** Syntax problems as "file:line: message". */
  syntaxErrors: string[];
  /** Line and column (1-based) of the node at a JSON pointer, else of its nearest ancestor. */
  locate(pointer: string): { line: number; column: number } | undefined;
}

/**
 * A JSON pointer as a reader of the YAML file names the place: `conversation[5].where["/body/message"].matches`.
 */
export function yamlPath(pointer: string): string {
  let out = '';
  for (const key of pointerKeys(pointer)) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out || '(the file)';
}

function pointerKeys(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => raw.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((token) => (/^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : token));
}

/** Alias expansions a scenario may make; a "billion laughs" file makes millions. */
const MAX_ALIAS_COUNT = 100;

/** An alias inside the node it names would make the scenario infinite: refused at its line. */
function aliasProblems(doc: Document, at: (offset: number) => string): string[] {
  const problems: string[] = [];
  visit(doc, {
    Alias(_key, alias, ancestors) {
      const target = alias.resolve(doc) as Node | undefined;
      if (target !== undefined && ancestors.includes(target as never)) {
        problems.push(
          `${at(alias.range?.[0] ?? 0)}: alias *${alias.source} refers to a node that contains it (a loop)`,
        );
      }
    },
  });
  return problems;
}

export function parseYamlSource(text: string, file: string, label: string = file): ParsedSource {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number) => `${label}:${lineCounter.linePos(offset).line}`;
  const syntaxErrors = doc.errors.map((error) => `${at(error.pos[0])}: ${error.message.split('\n')[0]}`);
  if (syntaxErrors.length === 0) syntaxErrors.push(...aliasProblems(doc, at));
  const locate = (pointer: string) => {
    const keys = pointerKeys(pointer);
    // The node itself, else its nearest existing ancestor (a missing property's parent).
    for (let depth = keys.length; depth >= 0; depth--) {
      const node: unknown = depth === 0 ? doc.contents : doc.getIn(keys.slice(0, depth), true);
      if (isNode(node) && node.range) {
        const { line, col } = lineCounter.linePos(node.range[0]);
        return { line, column: col };
      }
    }
    return undefined;
  };
  let data: unknown;
  if (syntaxErrors.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      syntaxErrors.push(`${label}:1: ${(error as Error).message} (at most ${MAX_ALIAS_COUNT} alias expansions)`);
    }
  }
  return {
    label,
    dir: path.dirname(path.resolve(file)),
    data,
    syntaxErrors,
    locate,
  };
}

export function objectSource(data: unknown): ParsedSource {
  return { label: '<object>', dir: process.cwd(), data, syntaxErrors: [], locate: () => undefined };
}

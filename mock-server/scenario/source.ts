/**
 * Where scenarios come from: the built-in library in mock-server/scenarios/, a YAML file,
 * or an already-parsed object. Maps JSON pointers back to file:line with the yaml
 * package's LineCounter, so every problem points at the user's line.
 *
 * The text is parsed in two steps so that nesting is measured before anything recursive runs:
 * the yaml package's Parser (no recursion) makes the concrete syntax tree, its depth is counted
 * without recursion, and only a tree at most MAX_YAML_DEPTH deep is composed into a document
 * (a thousand `[` would overflow the composer's stack: "Maximum call stack size exceeded").
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Composer, type CST, type Document, isNode, LineCounter, type Node, Parser, visit, YAMLParseError } from 'yaml';
import { packageRoot } from '../package-root.js';
import { describeYamlErrors } from './yaml-errors.js';

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

/** YAML collections may nest this deep; a scenario needs a few dozen levels at most. */
export const MAX_YAML_DEPTH = 64;

/** Where the concrete syntax tree first nests deeper than `limit` collections, counted without recursion. */
function tooDeepAt(tokens: readonly CST.Token[], limit: number): number | undefined {
  const stack: [CST.Token, number][] = tokens.map((token) => [token, 0]);
  while (stack.length > 0) {
    const [token, depth] = stack.pop() as [CST.Token, number];
    if (token.type === 'document') {
      if (token.value) stack.push([token.value, depth]);
    } else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth + 1 > limit) return token.offset;
      for (const item of token.items) {
        if (item.key) stack.push([item.key, depth + 1]);
        if (item.value) stack.push([item.value, depth + 1]);
      }
    }
  }
  return undefined;
}

/** One YAML document, as parseDocument makes it, unless it nests deeper than MAX_YAML_DEPTH. */
function composeDocument(text: string, lineCounter: LineCounter): Document | { tooDeepAt: number } {
  const tokens = [...new Parser(lineCounter.addNewLine).parse(text)];
  const deep = tooDeepAt(tokens, MAX_YAML_DEPTH);
  if (deep !== undefined) return { tooDeepAt: deep };
  let doc: Document | undefined;
  for (const next of new Composer().compose(tokens, true, text.length)) {
    if (!doc) doc = next;
    else {
      doc.errors.push(
        new YAMLParseError(
          [next.range[0], next.range[1]],
          'MULTIPLE_DOCS',
          'the file holds more than one YAML document (a line ---): one scenario per file',
        ),
      );
      break;
    }
  }
  return doc as Document;
}

export function parseYamlSource(text: string, file: string, label: string = file): ParsedSource {
  const lineCounter = new LineCounter();
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return `${label}:${line}:${col}`;
  };
  const composed = composeDocument(text, lineCounter);
  if (!('errors' in composed)) {
    return {
      label,
      dir: path.dirname(path.resolve(file)),
      data: undefined,
      syntaxErrors: [
        `${at(composed.tooDeepAt)}: nests deeper than ${MAX_YAML_DEPTH} levels of lists and maps: no scenario needs that many; flatten it (a scenario nests steps a few levels deep)`,
      ],
      locate: () => undefined,
    };
  }
  const doc = composed;
  const syntaxErrors = describeYamlErrors(doc.errors, text, label, lineCounter);
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

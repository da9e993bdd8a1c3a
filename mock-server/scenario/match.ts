/**
 * Field matchers of expect, branch and rule steps, applied to a client frame. A pattern's
 * answer for a field of a frame is kept with the frame: however many rules and waiters (a rule
 * step inside a repeat is one active rule per round) test the same pattern on the same field,
 * RE2 runs once per frame, which is what bounds a frame's cost (see pattern.ts).
 */
import type { Pattern } from './pattern.js';
import type { Matcher, Matchers } from './types.js';

/**
 * How `matches:` patterns are compiled: set by pattern.ts (RE2) once it is loaded. Every
 * scenario with a pattern had it checked by the scenario loader, which loads pattern.ts; a
 * server serving only built-ins prepared at build time (none has a pattern: the build says
 * which do, server/start.ts) starts without RE2's code.
 */
let compilePattern: (source: string, ignoreCase: boolean) => Pattern = () => {
  throw new Error('a matches: pattern ran before RE2 was loaded (mock-server/scenario/pattern.ts)');
};

export function setPatternCompiler(compile: (source: string, ignoreCase: boolean) => Pattern): void {
  compilePattern = compile;
}

export function valueAt(root: unknown, pointer: string): { found: boolean; value: unknown } {
  if (pointer === '') return { found: true, value: root };
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token))
      return { found: false, value: undefined };
    node = (node as Record<string, unknown>)[token];
  }
  return { found: true, value: node };
}

const folded = (value: unknown, ignoreCase: boolean | undefined): unknown =>
  ignoreCase && typeof value === 'string' ? value.toLowerCase() : value;

/** Per frame: "flags pattern NUL pointer" -> whether it matched. */
const answers = new WeakMap<object, Map<string, boolean>>();

function patternHolds(frame: unknown, pointer: string, value: string, source: string, ignoreCase: boolean): boolean {
  if (frame === null || typeof frame !== 'object') return compilePattern(source, ignoreCase).test(value);
  let known = answers.get(frame);
  if (!known) {
    known = new Map();
    answers.set(frame, known);
  }
  const key = `${ignoreCase ? 'i' : '-'}${source}\u0000${pointer}`;
  let answer = known.get(key);
  if (answer === undefined) {
    answer = compilePattern(source, ignoreCase).test(value);
    known.set(key, answer);
  }
  return answer;
}

interface Place {
  frame: unknown;
  pointer: string;
}

function matchOne(found: boolean, value: unknown, matcher: Matcher, place: Place): boolean {
  if (matcher === null || typeof matcher !== 'object') return found && value === matcher;
  const { ignoreCase } = matcher;
  if (matcher.exists !== undefined && found !== matcher.exists) return false;
  if (
    'equals' in matcher &&
    !(found && JSON.stringify(folded(value, ignoreCase)) === JSON.stringify(folded(matcher.equals, ignoreCase)))
  ) {
    return false;
  }
  if (
    matcher.matches !== undefined &&
    !(
      typeof value === 'string' && patternHolds(place.frame, place.pointer, value, matcher.matches, ignoreCase === true)
    )
  ) {
    return false;
  }
  if (
    matcher.contains !== undefined &&
    !(
      typeof value === 'string' &&
      (folded(value, ignoreCase) as string).includes(folded(matcher.contains, ignoreCase) as string)
    )
  ) {
    return false;
  }
  if (matcher.not !== undefined && matchOne(found, value, matcher.not, place)) return false;
  return true;
}

export function matches(frame: unknown, matchers: Matchers | undefined): boolean {
  if (!matchers) return true;
  for (const [pointer, matcher] of Object.entries(matchers)) {
    const { found, value } = valueAt(frame, pointer);
    if (!matchOne(found, value, matcher, { frame, pointer })) return false;
  }
  return true;
}

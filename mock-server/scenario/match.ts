/** Field matchers of expect, branch and rule steps, applied to a client frame. */
import { compilePattern } from './pattern.js';
import type { Matcher, Matchers } from './types.js';

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

function matchOne(found: boolean, value: unknown, matcher: Matcher): boolean {
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
    !(typeof value === 'string' && compilePattern(matcher.matches, ignoreCase === true).test(value))
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
  if (matcher.not !== undefined && matchOne(found, value, matcher.not)) return false;
  return true;
}

export function matches(frame: unknown, matchers: Matchers | undefined): boolean {
  if (!matchers) return true;
  for (const [pointer, matcher] of Object.entries(matchers)) {
    const { found, value } = valueAt(frame, pointer);
    if (!matchOne(found, value, matcher)) return false;
  }
  return true;
}

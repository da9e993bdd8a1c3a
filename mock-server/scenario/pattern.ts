/**
 * `matches:` patterns run on RE2 (the pure-JS `re2js` port): matching takes time linear in the
 * input, so no pattern can freeze the server however a customer message is crafted (a
 * backtracking engine spends ~100 s on `^([a-zA-Z]+\s?)+$` against 32 characters). RE2 has
 * no backreferences and no lookaround; a scenario using them is refused at load with file:line.
 * Matching looks at no more than MAX_MATCH_INPUT characters of a value.
 */
import { RE2JS } from 're2js';

/** Characters of a value a pattern is matched against (a client frame is at most 64 KiB anyway). */
export const MAX_MATCH_INPUT = 64 * 1024;

export interface Pattern {
  test(value: string): boolean;
}

const compiled = new Map<string, Pattern>();

/** Compiles once per pattern source; throws with RE2's reason when the syntax is not supported. */
export function compilePattern(source: string, ignoreCase = false): Pattern {
  const key = `${ignoreCase ? 'i' : '-'}${source}`;
  let pattern = compiled.get(key);
  if (!pattern) {
    const re = RE2JS.compile(source, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
    pattern = {
      test: (value) => re.matcher(value.length > MAX_MATCH_INPUT ? value.slice(0, MAX_MATCH_INPUT) : value).find(),
    };
    compiled.set(key, pattern);
  }
  return pattern;
}

/** Why a pattern cannot be used, in words, or undefined when it can. */
export function patternProblem(source: string): string | undefined {
  try {
    compilePattern(source);
    return undefined;
  } catch (error) {
    return `is not a regular expression mock-chat can run (RE2 syntax: no backreferences or lookaround): ${(error as Error).message}`;
  }
}

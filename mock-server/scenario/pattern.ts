/**
 * `matches:` patterns run on RE2 (the pure-JS `re2js` port): matching takes time linear in the
 * input, so no pattern can freeze the server however a customer message is crafted (a
 * backtracking engine spends ~100 s on `^([a-zA-Z]+\s?)+$` against 32 characters). RE2 has
 * no backreferences and no lookaround; a scenario using them is refused at load with its place.
 *
 * Linear is not free: RE2's time is the input length times the size of the pattern's program,
 * and counted repetitions multiply the program (`(.*a){1000}$` compiles to 5,003 instructions;
 * against 30,000 characters that is ~1.9 s of a blocked event loop). So both factors are
 * bounded: only the first MAX_MATCH_INPUT characters of a value are matched, and the patterns
 * of one scenario may compile to MAX_SCENARIO_PROGRAM instructions together (checked at load,
 * see check-matchers.ts). A frame meets each pattern of its scenario at most once, so one
 * frame costs at most MAX_MATCH_INPUT x MAX_SCENARIO_PROGRAM steps (about 12 ms on a 2-core CI machine).
 */
import { RE2JS } from 're2js';
import { setPatternCompiler } from './match.js';

/**
 * Characters of a value a pattern is matched against. The widget's composer allows 4,000
 * (maxMessageLength), so every message it sends is matched whole.
 */
const MAX_MATCH_INPUT = 4096;

/** RE2 program instructions the `matches` patterns of one scenario may compile to, together. */
export const MAX_SCENARIO_PROGRAM = 300;

export interface Pattern {
  /** Instructions of the compiled program: the cost per character matched. */
  readonly size: number;
  test(value: string): boolean;
}

/** Compiled patterns, by flags and source; scenarios reloaded for days must not grow it without bound. */
const compiled = new Map<string, Pattern>();
const MAX_COMPILED = 1000;

/** Compiles once per pattern source; throws with RE2's reason when the syntax is not supported. */
export function compilePattern(source: string, ignoreCase = false): Pattern {
  const key = `${ignoreCase ? 'i' : '-'}${source}`;
  let pattern = compiled.get(key);
  if (!pattern) {
    const re = RE2JS.compile(source, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
    pattern = {
      size: re.programSize(),
      test: (value) => re.matcher(value.length > MAX_MATCH_INPUT ? value.slice(0, MAX_MATCH_INPUT) : value).find(),
    };
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, pattern);
  }
  return pattern;
}

// The runner matches frames with these (match.ts does not import RE2 itself).
setPatternCompiler(compilePattern);

/** The compiled pattern, or why it cannot be used, in words. */
export function checkPattern(source: string, ignoreCase: boolean): { pattern: Pattern } | { problem: string } {
  try {
    return { pattern: compilePattern(source, ignoreCase) };
  } catch (error) {
    return {
      problem: `is not a regular expression mock-chat can run (RE2 syntax: no backreferences or lookaround): ${(error as Error).message}`,
    };
  }
}

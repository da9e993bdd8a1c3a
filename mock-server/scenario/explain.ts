/**
 * Schema and contract errors in a QA engineer's words, with the fix: "`delay: 20s` must be a
 * number of seconds, e.g. `delay: 20`" rather than "must be number". Works on ajv errors
 * (the scenario schema, with allErrors and verbose) and on the contract validators' errors.
 */
import { durationHint, secondsWritten } from './durations.js';
import { valueAt } from './match.js';

/** The parts of an ajv error this needs (the generated validators' errors have them too). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  /** With ajv's verbose option: the schema object holding the failing keyword. */
  parentSchema?: Record<string, unknown>;
}

export interface Explained {
  /** JSON pointer of the place to fix. */
  pointer: string;
  problem: string;
}

/** Keys whose values are durations: a number of seconds or 500ms, 2s, 1.5m. */
const DURATION_KEYS = new Set(['delay', 'holdTime', 'wait', 'within', 'for', 'after', 'refuse']);

/** The step kinds the scenario schema's step lists: its anyOf is one `{ required: [kind] }` each. */
function stepKinds(stepSchema: Record<string, unknown> | undefined): string[] {
  const branches = Array.isArray(stepSchema?.anyOf) ? (stepSchema.anyOf as { required?: unknown }[]) : [];
  return branches.flatMap((branch) => (Array.isArray(branch.required) ? branch.required.map(String) : []));
}

/** How a value looks in YAML, for quoting it back: 20s, "two words", [1, 2]. */
function show(value: unknown): string {
  if (typeof value === 'string') return /^[\w./:-]*$/.test(value) && value !== '' ? value : JSON.stringify(value);
  if (value === undefined) return '(nothing)';
  if (typeof value === 'number' && !Number.isFinite(value)) return value > 0 ? '.inf' : value < 0 ? '-.inf' : '.nan';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function lastKey(pointer: string): string {
  const token = pointer.split('/').at(-1) ?? '';
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** `key: value` as the reader wrote it (array items show just the value). */
function quoted(pointer: string, value: unknown): string {
  const key = lastKey(pointer);
  return /^[0-9]+$/.test(key) || key === '' ? `\`${show(value)}\`` : `\`${key}: ${show(value)}\``;
}

/** Levenshtein distance, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number;
      row[j] = Math.min(
        (row[j] as number) + 1,
        (row[j - 1] as number) + 1,
        previous + (a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1),
      );
      previous = current;
    }
  }
  return row[b.length] as number;
}

/** " (did you mean `text`?)" when one known name is close to the one written. */
export function didYouMean(written: string, known: readonly string[]): string {
  const best = known.map((name) => ({ name, d: distance(written, name) })).sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(1, Math.floor(written.length / 3)) ? ` (did you mean \`${best.name}\`?)` : '';
}

const article = (type: string) =>
  ({
    number: 'a number',
    integer: 'a whole number',
    string: 'text',
    boolean: 'true or false',
    object: 'a map of settings (key: value)',
    array: 'a list',
    null: 'empty (null)',
  })[type] ?? type;

/** One alternative of a oneOf, in words: "text (a key of agents)", "a map with agent". */
function describeForm(branch: Record<string, unknown>): string {
  if (branch.const !== undefined) return show(branch.const);
  if (branch.type === 'object' && Array.isArray(branch.required)) return `a map with ${branch.required.join(', ')}`;
  if (typeof branch.type === 'string') {
    const description = typeof branch.description === 'string' ? ` (${branch.description.replace(/\.$/, '')})` : '';
    return `${article(branch.type)}${description}`;
  }
  return 'another form (see the README)';
}

function typeProblem(pointer: string, value: unknown, expected: string): string {
  const key = lastKey(pointer);
  if (DURATION_KEYS.has(key) && (expected === 'number' || expected === 'integer')) {
    const seconds = typeof value === 'string' ? secondsWritten(value)?.seconds : undefined;
    return `${quoted(pointer, value)} must be a number of seconds, e.g. \`${key}: ${seconds ?? 20}\``;
  }
  return `${quoted(pointer, value)} must be ${article(expected)}`;
}

function durationProblem(pointer: string, value: unknown): string {
  return `${quoted(pointer, value)} is not a duration: ${durationHint(lastKey(pointer), value)}`;
}

const isDurationPattern = (pattern: unknown) => typeof pattern === 'string' && pattern.includes('forever');

/** One error in words, at the place to fix. */
export function explain(error: SchemaError, data: unknown): Explained {
  const at = error.instancePath;
  const value = valueAt(data, at).value;
  const p = error.params;
  switch (error.keyword) {
    case 'type':
      return { pointer: at, problem: typeProblem(at, value, String(p.type)) };
    case 'pattern':
      if (isDurationPattern(p.pattern)) return { pointer: at, problem: durationProblem(at, value) };
      if (lastKey(at) === 'name') {
        return {
          pointer: at,
          problem: `${quoted(at, value)} must be kebab-case: lower-case letters, digits and hyphens, e.g. test-drive-question`,
        };
      }
      if (lastKey(at) === 'label') {
        return { pointer: at, problem: `${quoted(at, value)} must be letters, digits, _ and -, e.g. agent-joined` };
      }
      return { pointer: at, problem: `${quoted(at, value)} does not have the expected form (${String(p.pattern)})` };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String);
      return {
        pointer: at,
        problem: `${quoted(at, value)} must be one of ${allowed.join(', ')}${typeof value === 'string' ? didYouMean(value, allowed) : ''}`,
      };
    }
    case 'const':
      return { pointer: at, problem: `${quoted(at, value)} must be ${show(p.allowedValue)}` };
    case 'required': {
      const missing = String(p.missingProperty);
      const properties = error.parentSchema?.properties as Record<string, { description?: string }> | undefined;
      const what = properties?.[missing]?.description;
      return {
        pointer: `${at}/${missing.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        problem: `is missing: add \`${missing}:\`${what ? ` (${what.replace(/\.$/, '')})` : ''}`,
      };
    }
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      const known = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      const hint = known.length > 0 ? `; known here: ${known.join(', ')}${didYouMean(extra, known)}` : '';
      return {
        pointer: `${at}/${extra.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        problem: `\`${extra}\` is not a setting here${hint}`,
      };
    }
    case 'minimum':
    case 'exclusiveMinimum':
      return { pointer: at, problem: `${quoted(at, value)} must be at least ${String(p.limit)}` };
    case 'maximum':
    case 'exclusiveMaximum': {
      const day = DURATION_KEYS.has(lastKey(at)) && p.limit === 86400 ? ' (one day); use forever for never' : '';
      return { pointer: at, problem: `${quoted(at, value)} must be at most ${String(p.limit)}${day}` };
    }
    case 'minLength':
      return { pointer: at, problem: `${quoted(at, value)} must not be empty` };
    case 'maxLength':
      return { pointer: at, problem: `${quoted(at, value)} is longer than ${String(p.limit)} characters` };
    case 'minItems':
      return { pointer: at, problem: `needs at least ${String(p.limit)} entr${p.limit === 1 ? 'y' : 'ies'}` };
    case 'maxItems':
      return { pointer: at, problem: `may have at most ${String(p.limit)} entries` };
    case 'minProperties':
      return { pointer: at, problem: 'must not be empty: give at least one setting' };
    case 'uniqueItems':
      return { pointer: at, problem: `lists the same value twice (entries ${String(p.j)} and ${String(p.i)})` };
    case 'propertyNames': {
      const key = String(p.propertyName ?? '');
      return {
        pointer: at,
        problem: `\`${key}\` is not a JSON pointer into the frame: start it with /, e.g. /${key.replace(/^\/*/, '') || 'body/message'}`,
      };
    }
    case 'anyOf':
      if (/\/(conversation|steps|otherwise)\/[0-9]+$/.test(at)) {
        const keys = value && typeof value === 'object' ? Object.keys(value) : [];
        const kinds = stepKinds(error.parentSchema);
        const guess = keys.map((k) => didYouMean(k, kinds)).find((hint) => hint !== '') ?? '';
        return {
          pointer: at,
          problem: `is not a step${keys.length > 0 ? ` (it has ${keys.join(', ')})` : ''}: use one of ${kinds.join(', ')}${guess}`,
        };
      }
      return { pointer: at, problem: `${quoted(at, value)} is none of the forms allowed here` };
    case 'oneOf': {
      if (isDurationPattern(JSON.stringify(error.parentSchema ?? ''))) {
        return { pointer: at, problem: durationProblem(at, value) };
      }
      const forms = ((error.parentSchema?.oneOf as Record<string, unknown>[] | undefined) ?? []).map(describeForm);
      return {
        pointer: at,
        problem: `${quoted(at, value)} must be ${forms.length > 0 ? forms.join(', or ') : 'one of the forms in the README'}`,
      };
    }
    default:
      return { pointer: at, problem: `${quoted(at, value)} breaks the rule ${error.keyword}` };
  }
}

/** Keywords that only say "this alternative did not fit": dropped where a better error exists. */
const ALTERNATIVE = new Set(['type', 'const', 'oneOf', 'anyOf', 'if']);

const under = (child: string, parent: string) => child.startsWith(`${parent}/`);

/**
 * The errors worth showing from ajv's allErrors output: the errors of the alternative that fits
 * the value, not the "must be string" of every alternative that does not; one error a place
 * and problem.
 */
export function usefulErrors<E extends SchemaError>(errors: readonly E[]): E[] {
  const kept = errors.filter((error) => error.keyword !== 'if');
  const stepAnyOf = kept.filter(
    (e) => e.keyword === 'anyOf' && /\/(conversation|steps|otherwise)\/[0-9]+$/.test(e.instancePath),
  );
  const namesChecked = new Set(kept.filter((e) => e.keyword === 'propertyNames').map((e) => e.instancePath));
  return kept.filter((error) => {
    // propertyNames says which key is wrong; the pattern error under it says it again.
    if (error.keyword === 'pattern' && namesChecked.has(error.instancePath) && 'propertyName' in error) return false;
    // An unknown step says it all; what its wrong branches add is noise.
    if (
      stepAnyOf.some(
        (s) => error !== s && (error.instancePath === s.instancePath || under(error.instancePath, s.instancePath)),
      )
    ) {
      return false;
    }
    if (error === stepAnyOf.find((s) => s === error)) return true;
    if (!ALTERNATIVE.has(error.keyword)) return true;
    const others = kept.filter((e) => e !== error && e.keyword !== 'if');
    // A deeper problem, or a specific one at this place, is the one to fix.
    if (others.some((e) => under(e.instancePath, error.instancePath))) return false;
    if (others.some((e) => e.instancePath === error.instancePath && !ALTERNATIVE.has(e.keyword))) return false;
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf') return true;
    // Only alternatives failed here: the oneOf explains them together.
    return !others.some(
      (e) => e.instancePath === error.instancePath && (e.keyword === 'oneOf' || e.keyword === 'anyOf'),
    );
  });
}

/**
 * The two profiles of the chat-socket contract (see "Profiles" in
 * specs/chat-socket.asyncapi.yaml): strict, what the widget is held to, and tolerant, what a
 * real server accepts. For Node-side tooling (mock-chat serve and check, the proxy, the contract
 * library): every problem of a frame is reported, deduplicated and ordered by pointer, and a
 * frame checked in the tolerant profile also says how it deviates from the strict one, so a
 * server or checker can accept it and still warn. Kept apart from frame-check.ts so the
 * widget's bundle never carries these validators.
 */
import {
  ANY_CASE_VALUES,
  validateClientFrame,
  validateClientFrameTolerant,
  validateServerFrame,
  validateServerFrameTolerant,
} from '../generated/chat-socket.tooling.validators.js';
import type { GeneratedValidationError, GeneratedValidator } from '../generated/validator.js';
import { type FrameDirection, toViolation, type Violation } from './frame-check.js';

export type Profile = 'strict' | 'tolerant';

export const PROFILES: readonly Profile[] = ['strict', 'tolerant'];

/** The problem of a frame that never reached the checker: the contract's frames are JSON text. */
export const NOT_JSON = {
  text: 'is not JSON: frames are JSON text',
  binary: 'is a binary frame: frames are JSON text',
} as const;

export interface ProfileResult {
  /** What breaks the chosen profile: the frame is refused. */
  violations: Violation[];
  /** Tolerant profile only: what breaks the strict contract but a real server accepts. */
  deviations: Violation[];
}

const VALIDATORS: Record<Profile, Record<FrameDirection, GeneratedValidator<unknown>>> = {
  strict: { client: validateClientFrame, server: validateServerFrame },
  tolerant: { client: validateClientFrameTolerant, server: validateServerFrameTolerant },
};

/** One error in words; the tolerant profile's any-case patterns name the values they stand for. */
function describe(error: GeneratedValidationError): Violation {
  const values = error.keyword === 'pattern' ? ANY_CASE_VALUES[String(error.params.pattern)] : undefined;
  if (values === undefined) return toViolation(error);
  const quoted = values.map((v) => JSON.stringify(v));
  return {
    pointer: error.instancePath,
    problem: `${quoted.length === 1 ? `must be ${quoted[0]}` : `must be one of ${quoted.join(', ')}`} (any case)`,
  };
}

const INDEX = /^(?:0|[1-9][0-9]*)$/;

/** JSON pointers in document order: token by token, array indexes as numbers (/2 before /10). */
function comparePointers(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const s = x[i] as string;
    const t = y[i] as string;
    if (s === t) continue;
    if (INDEX.test(s) && INDEX.test(t)) return Number(s) - Number(t) || (s < t ? -1 : 1);
    return s < t ? -1 : 1;
  }
  return x.length - y.length;
}

/** Every problem of a value, once each, in pointer order. */
function allViolations(validate: GeneratedValidator<unknown>, value: unknown): Violation[] {
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  // ajv reports an if/then failure twice (the branch and the `if`); the branch says more.
  const useful = errors.filter((error) => error.keyword !== 'if');
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const violation of (useful.length > 0 ? useful : errors).map(describe)) {
    const key = `${violation.pointer}\u0000${violation.problem}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push(violation);
  }
  if (violations.length === 0) return [{ pointer: '', problem: 'is not a valid frame' }];
  return violations.sort((a, b) => comparePointers(a.pointer, b.pointer));
}

/** `pointer` is `other` or inside it. */
const within = (pointer: string, other: string) => pointer === other || pointer.startsWith(`${other}/`);

/**
 * Checks a frame in a profile; in the tolerant one, strict violations the tolerant profile
 * accepts are reported as deviations, also when the frame breaks the tolerant profile elsewhere
 * (a strict violation at or inside a tolerant one's field is that violation, not a deviation).
 */
export function checkInProfile(profile: Profile, direction: FrameDirection, value: unknown): ProfileResult {
  if (!PROFILES.includes(profile)) {
    throw new RangeError(
      `unknown profile ${JSON.stringify(profile)}: use ${PROFILES.map((p) => JSON.stringify(p)).join(' or ')}`,
    );
  }
  if (direction !== 'client' && direction !== 'server') {
    throw new RangeError(`unknown direction ${JSON.stringify(direction)}: use "client" or "server"`);
  }
  const strict = allViolations(VALIDATORS.strict[direction], value);
  if (profile === 'strict' || strict.length === 0) return { violations: strict, deviations: [] };
  const tolerant = allViolations(VALIDATORS.tolerant[direction], value);
  const deviations = strict.filter((s) => !tolerant.some((t) => within(s.pointer, t.pointer)));
  return { violations: tolerant, deviations };
}

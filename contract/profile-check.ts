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
  validateClientFrame,
  validateClientFrameTolerant,
  validateServerFrame,
  validateServerFrameTolerant,
} from '../generated/chat-socket.tooling.validators.js';
import type { GeneratedValidator } from '../generated/validator.js';
import { type FrameDirection, toViolation, type Violation } from './frame-check.js';

export type Profile = 'strict' | 'tolerant';

export const PROFILES: readonly Profile[] = ['strict', 'tolerant'];

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

/** Every problem of a value, once each, in pointer order. */
export function allViolations(validate: GeneratedValidator<unknown>, value: unknown): Violation[] {
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  // ajv reports an if/then failure twice (the branch and the `if`); the branch says more.
  const useful = errors.filter((error) => error.keyword !== 'if');
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const violation of (useful.length > 0 ? useful : errors).map(toViolation)) {
    const key = `${violation.pointer}\u0000${violation.problem}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push(violation);
  }
  if (violations.length === 0) return [{ pointer: '', problem: 'is not a valid frame' }];
  return violations.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/** Checks a frame in a profile; in the tolerant one, strict violations are reported as deviations. */
export function checkInProfile(profile: Profile, direction: FrameDirection, value: unknown): ProfileResult {
  const strict = allViolations(VALIDATORS.strict[direction], value);
  if (profile === 'strict' || strict.length === 0) return { violations: strict, deviations: [] };
  const tolerant = allViolations(VALIDATORS.tolerant[direction], value);
  return tolerant.length === 0 ? { violations: [], deviations: strict } : { violations: tolerant, deviations: [] };
}

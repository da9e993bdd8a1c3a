/**
 * Checks a frame against the contract and says what is wrong in one shape every consumer
 * prints: the JSON pointer of the offending field and the problem. The widget, the mock
 * contact centre and `mock-chat check` all report violations through this.
 */
import type { ClientFrame, ServerFrame } from '../generated/chat-socket.js';
import { validateClientFrame, validateServerFrame } from '../generated/chat-socket.validators.js';
import type { GeneratedValidationError, GeneratedValidator } from '../generated/validator.js';

export interface Violation {
  /** JSON pointer of the offending field, e.g. /body/guid; "" is the whole frame. */
  pointer: string;
  /** What is wrong, in words. */
  problem: string;
}

export type CheckResult<T> = { ok: true; frame: T } | { ok: false; violations: Violation[] };

export type FrameDirection = 'client' | 'server';

/** One JSON pointer reference token: "~" and "/" escaped (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

function child(pointer: string, key: unknown): string {
  return `${pointer}/${escapePointerToken(String(key))}`;
}

/** One ajv error as a violation, pointing at the field itself rather than its parent. */
export function toViolation(error: GeneratedValidationError): Violation {
  const at = error.instancePath;
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return { pointer: child(at, p.missingProperty), problem: 'is required but missing' };
    case 'additionalProperties':
      return { pointer: child(at, p.additionalProperty), problem: 'is not allowed: no such property in the contract' };
    case 'discriminator': {
      const tag = String(p.tag);
      if (p.error === 'mapping') {
        return { pointer: child(at, tag), problem: `unknown ${tag} ${JSON.stringify(p.tagValue)}` };
      }
      return { pointer: child(at, tag), problem: `must be a string naming the ${tag}` };
    }
    case 'const':
      return { pointer: at, problem: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'enum':
      return {
        pointer: at,
        problem: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'type':
      return { pointer: at, problem: `must be ${String(p.type)}` };
    default:
      return { pointer: at, problem: error.message ?? `fails ${error.keyword}` };
  }
}

function check<T>(validate: GeneratedValidator<T>, value: unknown): CheckResult<T> {
  if (validate(value)) return { ok: true, frame: value };
  const errors = validate.errors ?? [];
  // ajv reports if/then failures twice (the failing branch and the `if`); keep the specific one.
  const useful = errors.filter((error) => error.keyword !== 'if');
  const violations = (useful.length > 0 ? useful : errors).map(toViolation);
  return {
    ok: false,
    violations: violations.length > 0 ? violations : [{ pointer: '', problem: 'is not a valid frame' }],
  };
}

export function checkClientFrame(value: unknown): CheckResult<ClientFrame> {
  return check(validateClientFrame, value);
}

export function checkServerFrame(value: unknown): CheckResult<ServerFrame> {
  return check(validateServerFrame, value);
}

/** "/body/guid must be integer; /body/x is not allowed..." for logs and error frames. */
export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.pointer || '/'} ${v.problem}`).join('; ');
}

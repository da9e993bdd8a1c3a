/**
 * The chat-socket contract as a library, for integrators' own tests and tools (plain Node 20,
 * no TypeScript loader: `import { checkServerFrame } from 'chat-widget/contract'`).
 *
 *   const result = checkServerFrame(frame);                        // tolerant: what a real server may send
 *   const strict = checkClientFrame(frame, { profile: 'strict' }); // the widget's own contract
 *   if (!result.ok) for (const v of result.violations) console.log(v.pointer, v.problem);
 *
 * Every problem of a frame is reported, once, in pointer order. In the tolerant profile a
 * frame that only breaks the strict contract is `ok`, with the strict violations as
 * `deviations`; one that also breaks the tolerant profile has both. An unknown profile or
 * direction throws a RangeError. The JSON Schemas are `chat-widget/contract/schemas/<name>.json` and the
 * documents `chat-widget/contract/chat-socket.asyncapi.yaml` and `.../widget-http.openapi.yaml`.
 */
import type { FrameDirection, Violation } from './frame-check.js';
import { checkInProfile, PROFILES, type Profile } from './profile-check.js';

export type {
  ClientBody,
  ClientFrame,
  NotificationBody,
  NotificationFrame,
  ServerFrame,
} from '../generated/chat-socket.js';
export { CLIENT_METHODS, NOTIFICATION_METHODS } from '../generated/chat-socket.js';
export type { FrameDirection, Profile, Violation };
export { PROFILES };

export interface CheckOptions {
  /** tolerant (default): what a real server accepts; strict: the widget's contract. */
  profile?: Profile;
}

export interface FrameCheck {
  /** No violation in the chosen profile. */
  ok: boolean;
  /** Every problem in the chosen profile, in pointer order. */
  violations: Violation[];
  /** Tolerant profile only: what breaks the strict contract but a real server accepts. */
  deviations: Violation[];
}

export function checkFrame(direction: FrameDirection, frame: unknown, options: CheckOptions = {}): FrameCheck {
  const result = checkInProfile(options.profile ?? 'tolerant', direction, frame);
  return { ok: result.violations.length === 0, ...result };
}

/** A frame a client (the widget) sends. */
export function checkClientFrame(frame: unknown, options: CheckOptions = {}): FrameCheck {
  return checkFrame('client', frame, options);
}

/** A frame the contact centre sends. */
export function checkServerFrame(frame: unknown, options: CheckOptions = {}): FrameCheck {
  return checkFrame('server', frame, options);
}

// Generated from specs/chat-socket.asyncapi.yaml by `npm run generate` (scripts/generate.ts). Do not edit.
import type { ClientFrame, ServerFrame } from './chat-socket.js';
import type { GeneratedValidator } from './validator.js';

/** The strict contract, every error reported (Node-side tooling). */
export declare const validateClientFrame: GeneratedValidator<ClientFrame>;
export declare const validateServerFrame: GeneratedValidator<ServerFrame>;
/**
 * The tolerant profile (x-tolerant in the AsyncAPI document): what a real server accepts, every
 * error reported. A frame passing it may lack fields or carry values the strict types do not have.
 */
export declare const validateClientFrameTolerant: GeneratedValidator<unknown>;
export declare const validateServerFrameTolerant: GeneratedValidator<unknown>;
/**
 * The tolerant profile compares some enums without regard to case, as a `pattern`; this maps
 * each such pattern to the values it stands for, so a violation can name them.
 */
export declare const ANY_CASE_VALUES: Readonly<Record<string, readonly string[]>>;

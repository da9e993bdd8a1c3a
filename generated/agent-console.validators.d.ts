// Generated from specs/agent-console.schema.json and specs/chat-socket.asyncapi.yaml by `npm run generate` (scripts/generate.ts). Do not edit.
import type { ConsoleAction } from './agent-console.js';
import type { GeneratedValidator } from './validator.js';

/** Validates the body of an agent console action (every error, verbose: each carries parentSchema). */
export declare const validateConsoleAction: GeneratedValidator<ConsoleAction>;

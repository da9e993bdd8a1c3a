// Generated from specs/scenario.schema.json and specs/chat-socket.asyncapi.yaml by `npm run generate` (scripts/generate.ts). Do not edit.
import type { GeneratedValidator } from './validator.js';

/** Validates a scenario file's data (every error, verbose: each carries parentSchema). */
export declare const validateScenario: GeneratedValidator<unknown>;

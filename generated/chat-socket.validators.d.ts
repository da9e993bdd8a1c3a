// Generated from specs/chat-socket.asyncapi.yaml by `npm run generate` (scripts/generate.ts). Do not edit.
import type { ClientFrame, ServerFrame } from './chat-socket.js';
import type { GeneratedValidator } from './validator.js';

/** Validates a frame the widget sends (closed: extra properties are violations). */
export declare const validateClientFrame: GeneratedValidator<ClientFrame>;
/** Validates a frame the chat service sends (open: extra properties are accepted). */
export declare const validateServerFrame: GeneratedValidator<ServerFrame>;

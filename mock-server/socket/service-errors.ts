/**
 * Errors the service answers with that clients and test suites name (exported by
 * `chat-widget/mock`); kept apart from dispatch.ts so the package's public types do not reach
 * the socket implementation (and its `ws` types).
 */
export const CHAT_NOT_STARTED = 'Invalid message: Chat not started';
/** The error code of a refused renewChat (any code but 1 ends the session in the widget). */
export const RENEW_REFUSED_CODE = 2;
/** The vendor documentation's words for a refused renew, used for an older client's requestChat reconnect. */
export const SESSION_KEY_INVALID = 'Session key is invalid or expired';

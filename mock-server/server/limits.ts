/**
 * The server's caps by default: apart from the server, so the command line can show them in
 * its help without loading it.
 */

/** Bytes (as JSON) of the frames kept per direction per session for the verification API. */
export const JOURNAL_BYTES = 256 * 1024;

/** Defaults of the caps, documented in mock-server/README.md. */
export const LIMITS = {
  maxSessions: 10_000,
  maxBufferedBytes: 1024 * 1024,
  sessionTtlMs: 300_000,
  journalBytes: JOURNAL_BYTES,
  firstFrameTimeoutMs: 30_000,
} as const;

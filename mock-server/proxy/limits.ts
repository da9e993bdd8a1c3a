/**
 * The proxy's limits by default: apart from the proxy, so the command line can show them in its
 * help without loading it.
 */

/** Defaults of the proxy's limits, documented in cli/README.md. */
export const PROXY_LIMITS = {
  maxPayload: 16 * 1024 * 1024,
  connectTimeoutMs: 10_000,
  idleTimeoutMs: 120_000,
  maxBufferedBytes: 1024 * 1024,
  requestTimeoutMs: 30_000,
  maxResponseBytes: 16 * 1024 * 1024,
  maxConnections: 1_000,
} as const;

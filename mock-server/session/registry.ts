/**
 * The sessions the server knows, by guid, for renewChat. A session no socket holds is
 * forgotten after a time-to-live (real milliseconds, default the spec's refreshTimeoutSeconds).
 */
import type { ChatSession } from './chat-session.js';

export const RENEW_REFUSED = 'Unable to reconnect, session key is invalid or expired';

export class SessionRegistry {
  readonly #sessions = new Map<number, ChatSession>();
  readonly #expiry = new Map<number, NodeJS.Timeout>();
  readonly #ttlMs: number;

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  get size(): number {
    return this.#sessions.size;
  }

  add(session: ChatSession): void {
    this.#sessions.set(session.guid, session);
  }

  /** The session for a renewChat, or undefined when the guid or key is wrong. */
  renewable(guid: number, authenticationKey: string): ChatSession | undefined {
    const session = this.#sessions.get(guid);
    if (!session || session.ended || session.authenticationKey !== authenticationKey) return undefined;
    return session;
  }

  /** The live session with this guid (for tests reading its transcript). */
  get(guid: number): ChatSession | undefined {
    return this.#sessions.get(guid);
  }

  /** Any live session with this workRequestId (for file downloads). */
  byWorkRequestId(workRequestId: string): ChatSession | undefined {
    for (const session of this.#sessions.values()) if (session.workRequestId === workRequestId) return session;
    return undefined;
  }

  /** No socket holds the session now: forget it after the TTL unless renewed. */
  orphaned(session: ChatSession): void {
    this.held(session);
    const timer = setTimeout(() => {
      this.#expiry.delete(session.guid);
      session.end();
    }, this.#ttlMs);
    timer.unref();
    this.#expiry.set(session.guid, timer);
  }

  /** A socket holds the session again. */
  held(session: ChatSession): void {
    const timer = this.#expiry.get(session.guid);
    if (timer) clearTimeout(timer);
    this.#expiry.delete(session.guid);
  }

  remove(session: ChatSession): void {
    this.held(session);
    if (this.#sessions.get(session.guid) === session) this.#sessions.delete(session.guid);
  }

  /** Ends every session; idempotent. */
  dispose(): void {
    for (const session of [...this.#sessions.values()]) session.end();
    for (const timer of this.#expiry.values()) clearTimeout(timer);
    this.#expiry.clear();
    this.#sessions.clear();
  }
}

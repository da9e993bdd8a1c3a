/**
 * The sessions the server knows, by guid, for renewChat. A session no socket holds is
 * forgotten after a time-to-live (real milliseconds, default the spec's refreshTimeoutSeconds).
 * At most `maxSessions` are kept: beyond it the longest-orphaned session is forgotten first,
 * and when every session has a socket a new chat is refused (see dispatch.ts).
 */
import type { ChatSession } from './chat-session.js';

export const RENEW_REFUSED = 'Unable to reconnect, session key is invalid or expired';

export interface RegistryOptions {
  /** Real milliseconds an orphaned session stays renewable. */
  ttlMs: number;
  /** Sessions kept at most (live and orphaned). */
  maxSessions: number;
  /** Reports a timer callback that threw (a bug in the mock), instead of ending the process. */
  onError(error: unknown): void;
}

export class SessionRegistry {
  readonly #sessions = new Map<number, ChatSession>();
  /** Orphaned sessions in the order they lost their socket, with their expiry timer. */
  readonly #expiry = new Map<number, NodeJS.Timeout>();
  readonly #options: RegistryOptions;

  constructor(options: RegistryOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#sessions.size;
  }

  get limit(): number {
    return this.#options.maxSessions;
  }

  /** A guid no known session has. */
  uniqueGuid(draw: () => number): number {
    for (;;) {
      const guid = draw();
      if (!this.#sessions.has(guid)) return guid;
    }
  }

  /**
   * Makes room for one more session: forgets the longest-orphaned one when at the cap.
   * False when every session has a socket (nothing may be forgotten).
   */
  makeRoom(): boolean {
    if (this.#sessions.size < this.#options.maxSessions) return true;
    const oldest = this.#expiry.keys().next();
    if (oldest.done) return false;
    this.#sessions.get(oldest.value)?.end();
    return this.#sessions.size < this.#options.maxSessions;
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

  /** Every session held now. */
  all(): IterableIterator<ChatSession> {
    return this.#sessions.values();
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
      try {
        session.end();
      } catch (error) {
        this.#options.onError(error);
      }
    }, this.#options.ttlMs);
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

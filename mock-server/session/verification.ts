/**
 * The verification API (like WireMock's request journal, or msw's per-test handlers): what
 * every session received and sent, where its conversation stands, and a way to wait until
 * something holds, so a test asserts on what the server saw instead of sleeping. Sessions that
 * ended stay listed (the last MAX_ENDED of them) until a reset.
 */
import type { RunnerPosition } from '../scenario/runner.js';
import type { ChatSession, RecordedFrame } from './chat-session.js';

/** One session as GET /__mock/sessions and `server.sessions()` report it. */
export interface SessionReport {
  guid: number;
  workRequestId: string;
  scenario: string;
  startedAt: string;
  ended: boolean;
  /** open: a socket holds it; half-open: that socket went silent; none: waiting for a renew. */
  socket: 'open' | 'half-open' | 'none';
  position: RunnerPosition;
  received: RecordedFrame[];
  sent: RecordedFrame[];
}

/** waitFor's rejection: the predicate never held; `sessions` is what the server had then. */
export class WaitForTimeout extends Error {
  readonly sessions: SessionReport[];
  constructor(timeoutMs: number, sessions: SessionReport[]) {
    super(
      `mock-chat waitFor: not true within ${timeoutMs} ms; ${sessions.length} session${sessions.length === 1 ? '' : 's'} (error.sessions has them): ${JSON.stringify(sessions).slice(0, 2000)}`,
    );
    this.name = 'WaitForTimeout';
    this.sessions = sessions;
  }
}

/** Ended sessions kept for the report; the oldest fall off. */
const MAX_ENDED = 100;

function reportOf(session: ChatSession): SessionReport {
  const socket = session.socket;
  return {
    guid: session.guid,
    workRequestId: session.workRequestId,
    scenario: session.scenario.name,
    startedAt: session.startedAt,
    ended: session.ended,
    socket: socket === undefined || !socket.open ? 'none' : session.silenced(socket) ? 'half-open' : 'open',
    position: session.position(),
    received: [...session.received],
    sent: [...session.sent],
  };
}

export class Verification {
  readonly #live: () => Iterable<ChatSession>;
  #ended: SessionReport[] = [];
  readonly #listeners = new Set<() => void>();

  constructor(live: () => Iterable<ChatSession>) {
    this.#live = live;
  }

  /** A session ended: keep its last report. */
  ended(session: ChatSession): void {
    this.#ended.push(reportOf(session));
    if (this.#ended.length > MAX_ENDED) this.#ended.shift();
  }

  /** Something changed: wake whoever waits. */
  changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /** Every session, ended first, in the order they started. */
  sessions(): SessionReport[] {
    const live = [...this.#live()].filter((s) => !s.ended).map(reportOf);
    return [...this.#ended, ...live].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }

  /** Forgets the ended sessions. */
  reset(): void {
    this.#ended = [];
    this.changed();
  }

  /**
   * Resolves with the sessions once `predicate` holds for them (checked now and after every
   * change); rejects after `timeoutMs` with a WaitForTimeout carrying the sessions it saw last.
   */
  waitFor(predicate: (sessions: SessionReport[]) => boolean, timeoutMs = 5000): Promise<SessionReport[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const sessions = this.sessions();
        let holds: boolean;
        try {
          holds = predicate(sessions);
        } catch (error) {
          // The test's predicate threw: that is the test's failure, not the session's.
          cleanup();
          reject(error);
          return true;
        }
        if (!holds) return false;
        cleanup();
        resolve(sessions);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new WaitForTimeout(timeoutMs, this.sessions()));
      }, timeoutMs);
      const listener = () => {
        check();
      };
      const cleanup = () => {
        clearTimeout(timer);
        this.#listeners.delete(listener);
      };
      this.#listeners.add(listener);
      check();
    });
  }

  dispose(): void {
    this.#listeners.clear();
  }
}

/**
 * The verification API (like WireMock's request journal, or msw's per-test handlers): what
 * every session received and sent, where its conversation stands, and a way to wait until
 * something holds, so a test asserts on what the server saw instead of sleeping. Sessions that
 * ended stay listed (the last MAX_ENDED of them) until a reset, or until a test forgets its own.
 *
 * Every recorded frame has a number (`seq`) in the order the server recorded it, so a test
 * narrows a query to its own session (guid), one method and direction, and only what came
 * after a cursor (`since`): parallel tests on one server see only their own frames.
 */
import type { FrameDirection } from '../../contract/frame-check.js';
import type { Participant } from '../../generated/chat-socket.js';
import { frameMethod } from '../frame-method.js';
import type { RunnerPosition } from '../scenario/runner.js';
import type { ChatSession, RecordedFrame, SessionControlledBy } from './chat-session.js';

/** One session as GET /__mock/sessions and `server.sessions()` report it. */
export interface SessionReport {
  guid: number;
  workRequestId: string;
  scenario: string;
  startedAt: string;
  ended: boolean;
  /** open: a socket holds it; half-open: that socket went silent; none: waiting for a renew. */
  socket: 'open' | 'half-open' | 'none';
  /** intrinsics.name of its requestChat. */
  customerName: string;
  /** The agents present now (the participants of the last newParticipant or participantLeave). */
  participants: Participant[];
  /** Since when no agent has been present (queued), or null while one is. */
  queuedSince: string | null;
  /** Who plays the contact centre: the scenario's script, nobody yet (a live step waits), or the agent console. */
  controlledBy: SessionControlledBy;
  /** Whether the service acknowledges requests and answers pings now (the console may pause either). */
  answers: { acknowledgements: boolean; pongs: boolean };
  position: RunnerPosition;
  /** What the client sent (the journal's client frames). */
  received: RecordedFrame[];
  /** What the server sent. */
  sent: RecordedFrame[];
}

/** Narrows the report: one session, one direction, one method, only frames after a cursor. */
export interface SessionQuery {
  guid?: number;
  /** client: the frames the session sent (`received`); server: what the mock sent it (`sent`). */
  direction?: FrameDirection;
  /** body.method of the frame (`error` for an error frame). */
  method?: string;
  /** The frame's `type`: request, notification, acknowledgement, error... */
  type?: string;
  /** Only frames recorded after this cursor (a `seq`, or the `cursor` of an earlier answer). */
  since?: number;
}

/** What `waitFor` waits for: a frame the query selects, for which `where` (if given) holds. */
export interface FrameMatch extends SessionQuery {
  where?: (frame: unknown) => boolean;
}

/** The frame a `waitFor(match)` found, and its session as it was then. */
export interface FrameHit {
  session: SessionReport;
  direction: FrameDirection;
  /** seq, time, frame and note of the frame. */
  entry: RecordedFrame;
}

/** waitFor's rejection: the predicate never held; `sessions` is what the server had then. */
export class WaitForTimeout extends Error {
  readonly sessions: SessionReport[];
  constructor(timeoutMs: number, sessions: SessionReport[], what = 'not true') {
    super(
      `mock-chat waitFor: ${what} within ${timeoutMs} ms; ${sessions.length} session${sessions.length === 1 ? '' : 's'} (error.sessions has them): ${JSON.stringify(sessions).slice(0, 2000)}`,
    );
    this.name = 'WaitForTimeout';
    this.sessions = sessions;
  }
}

/** Ended sessions kept for the report; the oldest fall off. */
const MAX_ENDED = 100;

/** A session as the agent console lists it: its report without the journal and the script's position. */
export type SessionOverview = Omit<SessionReport, 'received' | 'sent' | 'position'>;

function overviewOf(session: ChatSession): SessionOverview {
  const socket = session.socket;
  return {
    guid: session.guid,
    workRequestId: session.workRequestId,
    scenario: session.scenario.name,
    startedAt: session.startedAt,
    ended: session.ended,
    socket: socket === undefined || !socket.open ? 'none' : session.silenced(socket) ? 'half-open' : 'open',
    customerName: session.customerName,
    participants: session.roster.map((p) => ({ ...p })),
    queuedSince: session.queuedSince === undefined ? null : new Date(session.queuedSince).toISOString(),
    controlledBy: session.controlledBy,
    answers: {
      acknowledgements: session.options.acknowledge.length > 0,
      pongs: session.options.pingAnswer !== 'none',
    },
  };
}

function reportOf(session: ChatSession): SessionReport {
  return {
    ...overviewOf(session),
    position: session.position(),
    received: [...session.received],
    sent: [...session.sent],
  };
}

/** The query's test of one frame of a direction. */
function selects(query: SessionQuery, direction: FrameDirection, entry: RecordedFrame): boolean {
  return (
    (query.direction === undefined || query.direction === direction) &&
    (query.since === undefined || entry.seq > query.since) &&
    (query.method === undefined || frameMethod(entry.frame) === query.method) &&
    (query.type === undefined || (entry.frame as { type?: unknown } | null)?.type === query.type)
  );
}

/** Whether the query narrows frames, not only sessions. */
const narrowsFrames = (query: SessionQuery) =>
  query.direction !== undefined || query.method !== undefined || query.type !== undefined || query.since !== undefined;

/** A report with only the frames the query selects. */
function narrowed(report: SessionReport, query: SessionQuery): SessionReport {
  if (!narrowsFrames(query)) return report;
  return {
    ...report,
    received: report.received.filter((entry) => selects(query, 'client', entry)),
    sent: report.sent.filter((entry) => selects(query, 'server', entry)),
  };
}

/** A source of sessions: the live ones, as the registry holds them. */
type LiveSessions = () => Iterable<ChatSession>;

export class Verification {
  readonly #live: LiveSessions;
  #ended: SessionReport[] = [];
  readonly #listeners = new Set<() => void>();
  #seq = 0;

  constructor(live: LiveSessions) {
    this.#live = live;
  }

  /** The next journal number (see ChatSession.record). */
  nextSeq(): number {
    this.#seq += 1;
    return this.#seq;
  }

  /** The newest journal number: `since` this returns only what is recorded from now on. */
  get cursor(): number {
    return this.#seq;
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

  /** Calls `listener` on every change until the returned function is called. */
  subscribe(listener: () => void): () => void {
    const own = () => listener();
    this.#listeners.add(own);
    return () => this.#listeners.delete(own);
  }

  /** Every session as sessions() lists it, without journals: cheap enough to take on every change. */
  overview(): SessionOverview[] {
    const ended = this.#ended.map(({ received: _r, sent: _s, position: _p, ...rest }) => rest);
    return [...ended, ...this.#liveSessions(undefined).map(overviewOf)].sort((a, b) =>
      a.startedAt.localeCompare(b.startedAt),
    );
  }

  /** The live sessions the query names (every one without a guid). */
  #liveSessions(guid: number | undefined): ChatSession[] {
    return [...this.#live()].filter((s) => !s.ended && (guid === undefined || s.guid === guid));
  }

  /**
   * Every session, ended first, in the order they started; with a query, the sessions it names
   * with only the frames it selects (and, when it selects frames, only sessions that have some).
   */
  sessions(query: SessionQuery = {}): SessionReport[] {
    const ended = this.#ended.filter((r) => query.guid === undefined || r.guid === query.guid);
    const live = this.#liveSessions(query.guid).map(reportOf);
    return [...ended, ...live]
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
      .map((report) => narrowed(report, query))
      .filter((report) => !narrowsFrames(query) || report.received.length + report.sent.length > 0);
  }

  /** The first frame (lowest seq) the match selects, with its session; undefined when none. */
  find(match: FrameMatch): FrameHit | undefined {
    type Source = { received: readonly RecordedFrame[]; sent: readonly RecordedFrame[]; report(): SessionReport };
    const sources: Source[] = [
      ...this.#ended
        .filter((r) => match.guid === undefined || r.guid === match.guid)
        .map((r) => ({ received: r.received, sent: r.sent, report: () => r })),
      ...this.#liveSessions(match.guid).map((s) => ({ received: s.received, sent: s.sent, report: () => reportOf(s) })),
    ];
    let best: { source: Source; direction: FrameDirection; entry: RecordedFrame } | undefined;
    for (const source of sources) {
      for (const [direction, entries] of [
        ['client', source.received],
        ['server', source.sent],
      ] as const) {
        const entry = entries.find((e) => selects(match, direction, e) && (match.where?.(e.frame) ?? true));
        if (entry && (best === undefined || entry.seq < best.entry.seq)) best = { source, direction, entry };
      }
    }
    return best && { session: best.source.report(), direction: best.direction, entry: best.entry };
  }

  /** Whether the query selects anything: a frame when it narrows frames, else a session. */
  has(query: SessionQuery): boolean {
    if (narrowsFrames(query)) return this.find(query) !== undefined;
    return (
      this.#liveSessions(query.guid).length > 0 ||
      this.#ended.some((r) => query.guid === undefined || r.guid === query.guid)
    );
  }

  /** Forgets the ended sessions. */
  reset(): void {
    this.#ended = [];
    this.changed();
  }

  /** Forgets the ended report of one session (a test's per-session reset). */
  forget(guid: number): boolean {
    const before = this.#ended.length;
    this.#ended = this.#ended.filter((r) => r.guid !== guid);
    this.changed();
    return this.#ended.length < before;
  }

  /**
   * Resolves with what `check` returns once it returns something (checked now and after every
   * change); `check` throwing rejects with its error. After `timeoutMs`, or once `signal` aborts
   * (the HTTP client of a long poll went away), `expired()` settles it.
   */
  until<T>(
    check: () => T | undefined,
    timeoutMs: number,
    expired: () => Promise<T> | T,
    signal?: AbortSignal,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const attempt = () => {
        let found: T | undefined;
        try {
          found = check();
        } catch (error) {
          // The test's own predicate threw: that is the test's failure, not the session's.
          cleanup();
          reject(error);
          return;
        }
        if (found === undefined) return;
        cleanup();
        resolve(found);
      };
      const expire = () => {
        cleanup();
        Promise.resolve().then(expired).then(resolve, reject);
      };
      const timer = setTimeout(expire, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.#listeners.delete(attempt);
        signal?.removeEventListener('abort', expire);
      };
      this.#listeners.add(attempt);
      signal?.addEventListener('abort', expire);
      attempt();
    });
  }

  /**
   * Resolves with the sessions once `predicate` holds for them (checked now and after every
   * change); rejects after `timeoutMs` with a WaitForTimeout carrying the sessions it saw last.
   */
  waitFor(predicate: (sessions: SessionReport[]) => boolean, timeoutMs = 5000): Promise<SessionReport[]> {
    return this.until(
      () => {
        const sessions = this.sessions();
        return predicate(sessions) ? sessions : undefined;
      },
      timeoutMs,
      () => {
        throw new WaitForTimeout(timeoutMs, this.sessions());
      },
    );
  }

  /** Resolves with the first frame the match selects, once there is one; rejects with a WaitForTimeout. */
  waitForFrame(match: FrameMatch, timeoutMs = 5000): Promise<FrameHit> {
    return this.until(
      () => this.find(match),
      timeoutMs,
      () => {
        throw new WaitForTimeout(timeoutMs, this.sessions({ guid: match.guid }), `no frame matched ${describe(match)}`);
      },
    );
  }

  dispose(): void {
    this.#listeners.clear();
  }
}

/** A match in words, for a timeout's message. */
function describe(match: FrameMatch): string {
  const parts = [
    match.direction === 'server' ? 'from the server' : match.direction === 'client' ? 'from the client' : undefined,
    match.method === undefined ? undefined : `method ${match.method}`,
    match.type === undefined ? undefined : `type ${match.type}`,
    match.guid === undefined ? undefined : `session ${match.guid}`,
    match.since === undefined ? undefined : `after ${match.since}`,
    match.where === undefined ? undefined : 'where(frame)',
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join(', ') : 'any frame';
}

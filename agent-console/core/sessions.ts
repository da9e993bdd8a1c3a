/**
 * The console's model of the server's sessions, from the live feed (FeedEvent): a pure
 * `applyFeedEvent(state, event)` and the selectors the view shows (the list's rows, a session's
 * status in words, what changed worth announcing). No DOM, no timers: time comes in as `now`.
 */
import type { FeedEvent, SessionOverview } from '../../mock-server/live/console-api.js';
import type { JournalEntry } from '../../mock-server/session/session-control.js';

/** Frames of the watched session the console keeps (the server's journal keeps 500 a direction). */
export const MAX_FRAMES = 1000;

export interface SessionsState {
  /** Every session the server reports, in the order they started. */
  sessions: SessionOverview[];
  /** The session whose frames the console has (the feed's `watch`). */
  watched: number | null;
  /** Its frames, oldest first (both directions, by seq). */
  frames: JournalEntry[];
}

export const EMPTY: SessionsState = { sessions: [], watched: null, frames: [] };

const byStart = (a: SessionOverview, b: SessionOverview) => a.startedAt.localeCompare(b.startedAt);

/** Frames added once each, in seq order, the oldest dropped beyond MAX_FRAMES. */
function addFrames(kept: readonly JournalEntry[], added: readonly JournalEntry[]): JournalEntry[] {
  const last = kept.at(-1)?.seq ?? 0;
  const fresh = added.filter((entry) => entry.seq > last);
  if (fresh.length === 0) return kept as JournalEntry[];
  return [...kept, ...fresh].slice(-MAX_FRAMES);
}

export function applyFeedEvent(state: SessionsState, event: FeedEvent): SessionsState {
  switch (event.type) {
    case 'snapshot':
      return {
        sessions: [...event.sessions].sort(byStart),
        watched: event.watched?.guid ?? null,
        frames: addFrames([], event.watched?.frames ?? []),
      };
    case 'session': {
      const others = state.sessions.filter((s) => s.guid !== event.session.guid);
      return { ...state, sessions: [...others, event.session].sort(byStart) };
    }
    case 'gone':
      return { ...state, sessions: state.sessions.filter((s) => s.guid !== event.guid) };
    case 'frames':
      return event.guid === state.watched ? { ...state, frames: addFrames(state.frames, event.frames) } : state;
    default:
      return state;
  }
}

export type SessionStatus = 'queued' | 'with agent' | 'ended';

export function statusOf(session: SessionOverview): SessionStatus {
  if (session.ended) return 'ended';
  return session.participants.length > 0 ? 'with agent' : 'queued';
}

/** "0:42", "12:03", "1:02:03": how long, for a person. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export interface SessionRow {
  guid: number;
  /** The visitor's name, or "Visitor" when the requestChat gave none. */
  name: string;
  status: SessionStatus;
  /** "waiting 1:23" while queued, "with Jo" while an agent is present, "ended". */
  detail: string;
  scenario: string;
  /** A live step waits for a person: the console is asked to join. */
  waitingForConsole: boolean;
  controlledBy: SessionOverview['controlledBy'];
}

export const visitorName = (session: SessionOverview) => session.customerName.trim() || 'Visitor';

export function sessionRow(session: SessionOverview, now: number): SessionRow {
  const status = statusOf(session);
  const queuedFor = session.queuedSince === null ? 0 : now - Date.parse(session.queuedSince);
  const detail =
    status === 'ended'
      ? 'ended'
      : status === 'queued'
        ? `waiting ${clock(queuedFor)}`
        : `with ${session.participants.map((p) => p.name).join(', ')}`;
  return {
    guid: session.guid,
    name: visitorName(session),
    status,
    detail,
    scenario: session.scenario,
    waitingForConsole: session.controlledBy === 'waiting' && !session.ended,
    controlledBy: session.controlledBy,
  };
}

/** Live sessions first (newest first), then ended ones (newest first). */
export function sessionRows(state: SessionsState, now: number): SessionRow[] {
  const newestFirst = [...state.sessions].reverse();
  return [...newestFirst.filter((s) => !s.ended), ...newestFirst.filter((s) => s.ended)].map((s) => sessionRow(s, now));
}

/** What a person would want to hear about the change from `before` to `after` (for the live region). */
export function sessionChanges(before: SessionsState, after: SessionsState, now: number): string[] {
  const old = new Map(before.sessions.map((s) => [s.guid, s]));
  const said: string[] = [];
  for (const session of after.sessions) {
    const was = old.get(session.guid);
    const row = sessionRow(session, now);
    const waits = row.waitingForConsole ? '; it waits for a person to join' : '';
    if (was === undefined) {
      if (!session.ended) said.push(`New chat: ${row.name}, ${row.detail} (${session.scenario})${waits}`);
    } else if (!was.ended && session.ended) said.push(`The chat with ${row.name} ended`);
    else if (was.controlledBy !== 'waiting' && row.waitingForConsole)
      said.push(`${row.name} waits for a person to join`);
    else if (session.guid === after.watched && was.socket !== session.socket && !session.ended) {
      said.push(
        session.socket === 'open'
          ? `${row.name} is connected again`
          : `${row.name}'s connection is ${SOCKET_WORDS[session.socket]}`,
      );
    }
  }
  return said;
}

/** The chats waiting for a person now, in words (said when the console first connects). */
export function waitingNow(state: SessionsState): string[] {
  return state.sessions
    .filter((session) => session.controlledBy === 'waiting' && !session.ended)
    .map((session) => `${visitorName(session)} waits for a person to join`);
}

const SOCKET_WORDS: Record<SessionOverview['socket'], string> = {
  open: 'open',
  'half-open': 'half-open',
  none: 'closed',
};

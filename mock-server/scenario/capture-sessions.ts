/**
 * The chat sessions of a capture, for `scenario from-capture`: frames are grouped by the socket
 * they went through and the session it carried (its guid, from the capture's `session` field or
 * from the frames: the service's requestChat confirmation, the client's renewChat), so two chats
 * recorded at once become two sessions, and a chat that went on over a new socket after a drop
 * stays one. Each session's frames and socket ends are put in time order; where a chat moved to
 * another socket and the capture records no end of the first (a HAR, older captures), that end is
 * inferred there: the socket was lost, and the client renewed the chat.
 */
import type { CaptureRecord, CloseRecord, FrameRecord, Place } from '../proxy/capture.js';
import { sessionNamedBy } from '../proxy/capture.js';

export type SessionEvent =
  | { kind: 'frame'; record: FrameRecord }
  /** A socket of the session ended: as recorded, or (no `close`) inferred from the chat moving on. */
  | { kind: 'end'; connection: number | null; close?: CloseRecord };

export interface CapturedSession {
  /** The guid; undefined for a chat the service never confirmed. */
  guid: number | undefined;
  /** The sockets it went through, in order. */
  connections: (number | null)[];
  events: SessionEvent[];
}

export interface SkippedFrame {
  place: Place;
  why: string;
}

/** Bytes of frames (as JSON) kept in all; a capture with more could not become scenarios `serve` loads. */
export const MAX_KEPT_BYTES = 64 * 1024 * 1024;
/** Skipped frames listed; the rest are counted. */
const MAX_SKIPPED_LISTED = 10_000;

/** What one socket carried for one chat: a socket that starts a second chat starts a second segment. */
interface Segment {
  connection: number | null;
  guid: number | undefined;
  /** It holds the client's requestChat: a chat of its own even if never confirmed. */
  startsChat: boolean;
  events: SessionEvent[];
}

const methodOf = (frame: unknown) => (frame as { body?: { method?: unknown } } | null)?.body?.method;

/** The time of an event in milliseconds, when the capture has a readable one. */
function timeOf(event: SessionEvent): number | undefined {
  const time = event.kind === 'frame' ? event.record.time : event.close?.time;
  const ms = typeof time === 'string' ? Date.parse(time) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/** Events in time order (stable); an event without a time keeps its place after the one before it. */
function inTimeOrder(events: SessionEvent[]): SessionEvent[] {
  let last = Number.NEGATIVE_INFINITY;
  const keyed = events.map((event, index) => {
    last = timeOf(event) ?? last;
    return { event, index, key: last };
  });
  return keyed.sort((a, b) => a.key - b.key || a.index - b.index).map((k) => k.event);
}

/** Adds the ends a capture did not record: where the chat's frames move from one socket to another. */
function withInferredEnds(events: SessionEvent[]): SessionEvent[] {
  const recorded = new Set(events.flatMap((e) => (e.kind === 'end' ? [e.connection] : [])));
  const out: SessionEvent[] = [];
  let current: number | null | undefined;
  let ended = false;
  for (const event of events) {
    if (event.kind === 'frame') {
      const connection = event.record.connection ?? null;
      if (current !== undefined && connection !== current && !ended && !recorded.has(current)) {
        out.push({ kind: 'end', connection: current });
      }
      if (connection !== current) ended = false;
      current = connection;
    } else if (event.connection === current) ended = true;
    out.push(event);
  }
  return out;
}

export class SessionSplitter {
  /** The segment each socket carries now. */
  readonly #current = new Map<number | null, Segment>();
  readonly #segments: Segment[] = [];
  readonly #skipped: SkippedFrame[] = [];
  #skippedCount = 0;
  #bytes = 0;
  /** More than MAX_KEPT_BYTES of frames: nothing more was kept. */
  tooLarge = false;

  #skip(place: Place, why: string): void {
    this.#skippedCount += 1;
    if (this.#skipped.length < MAX_SKIPPED_LISTED)
      this.#skipped.push({ place: { line: place.line, ...(place.at ? { at: place.at } : {}) }, why });
  }

  #segment(connection: number | null, startsChat: boolean): Segment {
    const segment: Segment = { connection, guid: undefined, startsChat, events: [] };
    this.#segments.push(segment);
    this.#current.set(connection, segment);
    return segment;
  }

  add(record: CaptureRecord): void {
    if (record.kind === 'close') {
      const segment = this.#current.get(record.connection);
      if (segment) segment.events.push({ kind: 'end', connection: record.connection, close: record });
      return;
    }
    if (record.kind !== 'frame') return;
    const connection = record.connection ?? null;
    let segment = this.#current.get(connection);
    if (record.direction === 'client' && methodOf(record.frame) === 'requestChat')
      segment = this.#segment(connection, true);
    const named = record.session ?? sessionNamedBy(record.direction, record.frame);
    if (named !== undefined) {
      // A socket that carried one chat and now names another (a renew of another chat) starts a segment.
      if (!segment || (segment.guid !== undefined && segment.guid !== named))
        segment = this.#segment(connection, false);
      segment.guid = named;
    }
    if (!segment) {
      this.#skip(record, 'comes before any chat on its socket (no requestChat or renewChat before it)');
      return;
    }
    if (this.tooLarge) return;
    this.#bytes += (JSON.stringify(record.frame) ?? '').length;
    if (this.#bytes > MAX_KEPT_BYTES) {
      this.tooLarge = true;
      return;
    }
    segment.events.push({ kind: 'frame', record });
  }

  /** The sessions, in the order they started, and the frames that belong to none. */
  finish(): { sessions: CapturedSession[]; skipped: SkippedFrame[]; skippedCount: number } {
    const sessions: CapturedSession[] = [];
    const byGuid = new Map<number, CapturedSession>();
    for (const segment of this.#segments) {
      const known = segment.guid === undefined ? undefined : byGuid.get(segment.guid);
      if (known) {
        known.events.push(...segment.events);
        known.connections.push(segment.connection);
      } else {
        // A segment either starts a chat (requestChat) or names one (its guid).
        const session = { guid: segment.guid, connections: [segment.connection], events: [...segment.events] };
        sessions.push(session);
        if (segment.guid !== undefined) byGuid.set(segment.guid, session);
      }
    }
    for (const session of sessions) session.events = withInferredEnds(inTimeOrder(session.events));
    return { sessions, skipped: this.#skipped, skippedCount: this.#skippedCount };
  }
}

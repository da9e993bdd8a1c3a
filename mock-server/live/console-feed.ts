/**
 * `GET /__mock/agent/events?watch=GUID`: the agent console's live feed, as server-sent events
 * (one `data:` line of JSON each, see FeedEvent in console-api.ts). First a snapshot (every
 * session, and the journal of the watched one), then what changed, as it changes: a session
 * that started or changed, one no longer reported, the frames the watched session recorded.
 *
 * Why a stream rather than the long poll of GET /__mock/sessions: that poll answers a frame,
 * and a console must also see changes that carry none (the visitor's socket closing, a script
 * handing a session over, a session ending on a close) the moment they happen, without
 * fetching every session's journal again. Changes are gathered for FLUSH_MS, so a burst of
 * frames costs one look at the sessions; a visitor's typing reaches the console within that.
 *
 * Bounded: at most MAX_FEEDS streams at once; a console that stops reading is cut once
 * MAX_UNREAD bytes wait (its EventSource reconnects and starts from a new snapshot).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionControl } from '../session/session-control.js';
import type { SessionOverview, Verification } from '../session/verification.js';
import type { FeedEvent } from './console-api.js';

/** Changes gathered this long before they are sent (real milliseconds). */
const FLUSH_MS = 25;
/** Consoles open at once. */
const MAX_FEEDS = 16;
/** Bytes waiting for one console before it counts as not reading. */
const MAX_UNREAD = 4 * 1024 * 1024;
/** How long an EventSource waits before reconnecting after the stream ends. */
const RETRY_MS = 1000;

export interface FeedDeps {
  verification: Verification;
  control: SessionControl;
}

type Cors = Record<string, string>;

export class ConsoleFeeds {
  readonly #deps: FeedDeps;
  #open = 0;

  constructor(deps: FeedDeps) {
    this.#deps = deps;
  }

  /** Answers GET /__mock/agent/events: a 400 for a bad `watch`, 503 beyond MAX_FEEDS, else the stream. */
  open(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    cors: Cors,
    refuse: (status: number, message: string) => void,
  ) {
    const watchText = url.searchParams.get('watch');
    if (watchText !== null && !/^\d{1,15}$/.test(watchText)) {
      refuse(400, 'watch must be the guid of a session (a whole number)');
      return;
    }
    if (this.#open >= MAX_FEEDS) {
      refuse(503, `at most ${MAX_FEEDS} agent consoles may be open at once: close one`);
      return;
    }
    this.#open += 1;
    res.once('close', () => {
      this.#open -= 1;
    });
    res.writeHead(200, {
      ...cors,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    // Sent at once, so the page knows the stream is open before the first change.
    res.flushHeaders();
    streamChanges(req, res, this.#deps, watchText === null ? undefined : Number(watchText));
  }
}

function streamChanges(req: IncomingMessage, res: ServerResponse, deps: FeedDeps, watch: number | undefined): void {
  const sent = new Map<number, string>();
  let lastSeq = 0;
  let timer: NodeJS.Timeout | undefined;

  const write = (event: FeedEvent) => {
    if (res.destroyed || res.writableEnded) return;
    if (res.writableLength > MAX_UNREAD) {
      res.end();
      return;
    }
    res.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  const watchedFrames = () => {
    if (watch === undefined) return [];
    const frames = deps.control.session(watch).journal({ since: lastSeq });
    lastSeq = Math.max(lastSeq, ...frames.map((entry) => entry.seq));
    return frames;
  };
  const remember = (session: SessionOverview) => {
    const text = JSON.stringify(session);
    if (sent.get(session.guid) === text) return false;
    sent.set(session.guid, text);
    return true;
  };

  const flush = () => {
    timer = undefined;
    const sessions = deps.verification.overview();
    const present = new Set(sessions.map((s) => s.guid));
    for (const session of sessions) if (remember(session)) write({ type: 'session', session });
    for (const guid of [...sent.keys()]) {
      if (present.has(guid)) continue;
      sent.delete(guid);
      write({ type: 'gone', guid });
    }
    const frames = watchedFrames();
    if (watch !== undefined && frames.length > 0) write({ type: 'frames', guid: watch, frames });
  };

  res.write(`retry: ${RETRY_MS}\n\n`);
  const sessions = deps.verification.overview();
  for (const session of sessions) remember(session);
  const frames = watchedFrames();
  write({ type: 'snapshot', sessions, watched: watch === undefined ? null : { guid: watch, frames } });

  const unsubscribe = deps.verification.subscribe(() => {
    timer ??= setTimeout(flush, FLUSH_MS);
  });
  const stop = () => {
    unsubscribe();
    clearTimeout(timer);
  };
  res.once('close', stop);
  req.once('close', stop);
}

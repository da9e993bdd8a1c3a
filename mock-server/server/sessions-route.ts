/**
 * The verification API over HTTP, for suites that do not run the mock in-process:
 *
 *   GET  /__mock/sessions?guid=&direction=&method=&type=&since=&wait=   the report, narrowed; `wait`
 *        (milliseconds, at most MAX_WAIT_MS) holds the answer until something matches: a long poll
 *   POST /__mock/sessions/GUID/reset                               ends that session only
 *   POST /__mock/sessions/GUID/scenario  {"name": "..."}           that session plays another scenario
 *   POST /__mock/sessions/GUID/action    {"action": "say", ...}    the agent console's actions (live/live-console.ts)
 *
 * Every answer of the report carries `cursor`: pass it as `since` to get only what came after.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MockChatError } from '../errors.js';
import type { LiveConsole } from '../live/live-console.js';
import type { SessionControl } from '../session/session-control.js';
import type { SessionQuery, SessionReport, Verification } from '../session/verification.js';
import { BodyTooLarge, readBody, sendJson, sendTooLarge } from './http-util.js';

/** Longest a GET /__mock/sessions may be held by `wait`. */
const MAX_WAIT_MS = 60_000;

export interface SessionsContext {
  verification: Verification;
  control: SessionControl;
  live: LiveConsole;
  log: { info(message: string): void };
}

type Cors = Record<string, string>;

const ONE_SESSION = /^\/__mock\/sessions\/(\d{1,15})\/(reset|scenario|action)$/;

/** An action body: a message of 10,000 characters fits, even written as \u escapes. */
const ACTION_BODY_BYTES = 64 * 1024;

/** Whether the path is one of this module's routes. */
export function isSessionsRoute(pathname: string): boolean {
  return pathname === '/__mock/sessions' || ONE_SESSION.test(pathname);
}

/**
 * The JSON body of an admin POST, at most `limit` bytes; answers 415, 413 or 400 itself (and
 * returns undefined) when the body is not that. `usage` shows what the body should be. JSON
 * only: a cross-site form can POST text/plain without a preflight, never JSON.
 */
export async function readJsonBody(
  req: IncomingMessage,
  res: ServerResponse,
  cors: Cors,
  limit: number,
  usage: string,
): Promise<{ body: unknown } | undefined> {
  if (!String(req.headers['content-type'] ?? '').includes('application/json')) {
    sendJson(
      req,
      res,
      415,
      { success: false, message: `body must be JSON ${usage} (Content-Type: application/json)` },
      cors,
    );
    return undefined;
  }
  try {
    return { body: JSON.parse(await readBody(req, limit)) };
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      sendTooLarge(req, res, error, cors);
      return undefined;
    }
    sendJson(req, res, 400, { success: false, message: `body must be JSON ${usage}` }, cors);
    return undefined;
  }
}

/** The `{"name": "..."}` body of a scenario switch; answers 415, 413 or 400 itself (and returns undefined) when it is not that. */
export async function readScenarioName(
  req: IncomingMessage,
  res: ServerResponse,
  cors: Cors,
): Promise<string | undefined> {
  const read = await readJsonBody(req, res, cors, 4096, '{"name": "<scenario>"}');
  if (read === undefined) return undefined;
  const name = (read.body as { name?: unknown } | null)?.name;
  if (typeof name === 'string') return name;
  // Never coerced (["happy-path"] would read as "happy-path"): said what it is instead.
  const got = name === undefined ? 'no name' : name === null ? 'null' : Array.isArray(name) ? 'a list' : typeof name;
  sendJson(
    req,
    res,
    400,
    { success: false, message: `name must be one scenario name, as text: {"name": "happy-path"} (got ${got})` },
    cors,
  );
  return undefined;
}

/** The query string as a SessionQuery and a wait, or what is wrong with it. */
function parseQuery(url: URL): { query: SessionQuery; waitMs: number } | { problem: string } {
  const params = url.searchParams;
  const query: SessionQuery = {};
  const whole = (name: string, max: number): number | undefined | string => {
    const text = params.get(name);
    if (text === null) return undefined;
    const value = Number(text);
    return /^\d{1,15}$/.test(text) && value <= max ? value : `${name} must be a whole number from 0 to ${max}`;
  };
  const guid = whole('guid', Number.MAX_SAFE_INTEGER);
  const since = whole('since', Number.MAX_SAFE_INTEGER);
  const wait = whole('wait', MAX_WAIT_MS);
  for (const value of [guid, since, wait]) if (typeof value === 'string') return { problem: value };
  if (typeof guid === 'number') query.guid = guid;
  if (typeof since === 'number') query.since = since;
  const direction = params.get('direction');
  if (direction !== null) {
    if (direction !== 'client' && direction !== 'server') return { problem: 'direction must be client or server' };
    query.direction = direction;
  }
  const method = params.get('method');
  if (method !== null) query.method = method;
  const type = params.get('type');
  if (type !== null) query.type = type;
  return { query, waitMs: typeof wait === 'number' ? wait : 0 };
}

/**
 * The verification report, streamed one session at a time as the client reads it: with
 * thousands of sessions it is far bigger than one string should be (each session's frames are
 * capped, see session/chat-session.ts, the number of sessions by --max-sessions).
 */
async function sendReport(res: ServerResponse, cursor: number, sessions: SessionReport[], cors: Cors): Promise<void> {
  res.writeHead(200, { ...cors, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.write(`{"cursor":${cursor},"sessions":[`);
  for (const [index, session] of sessions.entries()) {
    if (res.destroyed) return;
    if (!res.write(`${index === 0 ? '' : ','}${JSON.stringify(session)}`)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  res.end(']}');
}

async function report(req: IncomingMessage, res: ServerResponse, url: URL, ctx: SessionsContext, cors: Cors) {
  const parsed = parseQuery(url);
  if ('problem' in parsed) {
    sendJson(req, res, 400, { success: false, message: parsed.problem }, cors);
    return;
  }
  const { query, waitMs } = parsed;
  if (waitMs > 0 && !ctx.verification.has(query)) {
    // Held until the query selects something, the wait runs out, or the client goes away.
    ctx.log.info(`[http] GET /__mock/sessions${url.search} waits up to ${waitMs} ms for a match`);
    const gone = new AbortController();
    const onClose = () => gone.abort();
    res.once('close', onClose);
    await ctx.verification.until(
      () => (ctx.verification.has(query) ? true : undefined),
      waitMs,
      () => false,
      gone.signal,
    );
    res.off('close', onClose);
    if (res.destroyed) return;
  }
  // The cursor before the report: a frame recorded while it streams is newer than it.
  const cursor = ctx.verification.cursor;
  await sendReport(res, cursor, ctx.verification.sessions(query), cors);
}

/** Answers one of the routes isSessionsRoute accepts. */
export async function sessionsRoute(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: SessionsContext,
  cors: Cors,
): Promise<void> {
  const method = req.method ?? 'GET';
  const one = ONE_SESSION.exec(url.pathname);
  if (!one) {
    if (method === 'GET') await report(req, res, url, ctx, cors);
    else sendJson(req, res, 405, { success: false, message: `${method} is not allowed on ${url.pathname}` }, cors);
    return;
  }
  const guid = Number(one[1]);
  if (method !== 'POST') {
    sendJson(req, res, 405, { success: false, message: `${method} is not allowed on ${url.pathname}` }, cors);
    return;
  }
  if (one[2] === 'reset') {
    const found = ctx.control.reset(guid);
    sendJson(
      req,
      res,
      found ? 200 : 404,
      found ? { success: true, guid } : { success: false, message: `no chat session with guid ${guid}` },
      cors,
    );
    return;
  }
  if (one[2] === 'action') {
    const read = await readJsonBody(
      req,
      res,
      cors,
      ACTION_BODY_BYTES,
      '{"action": "say", "agent": "...", "text": "..."}',
    );
    if (read === undefined) return;
    const outcome = ctx.live.act(guid, read.body);
    if (outcome.status === 200) sendJson(req, res, 200, outcome.result, cors);
    else sendJson(req, res, outcome.status, { success: false, message: outcome.message }, cors);
    return;
  }
  const name = await readScenarioName(req, res, cors);
  if (name === undefined) return;
  try {
    const scenario = ctx.control.switchScenario(guid, name);
    sendJson(req, res, 200, { success: true, guid, scenario: scenario.name }, cors);
  } catch (error) {
    if (!(error instanceof MockChatError)) throw error;
    sendJson(req, res, 404, { success: false, message: `${error.reason}; ${error.fix}` }, cors);
  }
}

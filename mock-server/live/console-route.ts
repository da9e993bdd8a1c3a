/**
 * The agent console over HTTP, behind the admin routes' origin policy (server/origin-policy.ts):
 *
 *   GET  /__mock/agent                  the console page (agent-console/, built into dist/agent-console/)
 *   GET  /__mock/agent/assets/...       its script and styles
 *   GET  /__mock/agent/events?watch=G   the live feed (console-feed.ts)
 *   POST /__mock/sessions/GUID/action   what a person does (live-console.ts; sessions-route.ts routes it)
 *
 * The page runs under a strict Content-Security-Policy: its own script and styles only, no
 * inline script, no eval, talking to this server only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sendText } from '../server/http-util.js';
import { serveUnder } from '../server/static-files.js';
import type { ConsoleFeeds } from './console-feed.js';

/** Where the console is served; its build's base (vite.console.config.ts) says the same. */
export const CONSOLE_PATH = '/__mock/agent';

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'Content-Security-Policy': CONSOLE_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** Vite's hashed file names: their content never changes under that name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface ConsoleRouteContext {
  /** The built console (index.html and assets/), by default dist/agent-console. */
  consoleRoot: string;
  feeds: ConsoleFeeds;
}

type Cors = Record<string, string>;

export function isConsoleRoute(pathname: string): boolean {
  return pathname === CONSOLE_PATH || pathname.startsWith(`${CONSOLE_PATH}/`);
}

const notBuilt = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mock-chat: agent console not built</title></head>
<body><h1>The agent console is not built</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds what changed) in the chat-widget checkout, then reload.</p>
</body></html>
`;

/** Answers one of the routes isConsoleRoute accepts (the caller has checked the origin). */
export async function consoleRoute(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: ConsoleRouteContext,
  cors: Cors,
): Promise<void> {
  const method = req.method ?? 'GET';
  const relative = url.pathname.slice(CONSOLE_PATH.length).replace(/^\//, '');
  if (method !== 'GET' && method !== 'HEAD') {
    sendJson(req, res, 405, { success: false, message: `${method} is not allowed on ${url.pathname}` }, cors);
    return;
  }
  if (relative === 'events') {
    ctx.feeds.open(req, res, url, cors, (status, message) =>
      sendJson(req, res, status, { success: false, message }, cors),
    );
    return;
  }
  if (relative === '' || relative === 'index.html') {
    if (await serveUnder(req, res, ctx.consoleRoot, 'index.html', 'no-cache', PAGE_HEADERS)) return;
    sendText(res, 404, 'text/html; charset=utf-8', notBuilt);
    return;
  }
  if (relative.startsWith('assets/') && (await serveUnder(req, res, ctx.consoleRoot, relative, IMMUTABLE))) return;
  sendJson(req, res, 404, { success: false, message: `No route for ${method} ${url.pathname}` }, cors);
}

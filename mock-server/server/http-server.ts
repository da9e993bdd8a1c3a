/**
 * Routes of the one HTTP server: CORS preflights, the REST calls, the scenario switch
 * under /__mock/ (for allowed origins only, see origin-policy.ts), the contract documents at
 * /__mock/contract/, the demo site (or the page for people), and 404 for the rest.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MockChatError } from '../errors.js';
import type { SessionReport } from '../session/verification.js';
import { serveContract } from './contract-documents.js';
import { homePage } from './home-page.js';
import { BodyTooLarge, readBody, requestUrl, restCorsHeaders, sendJson, sendText, sendTooLarge } from './http-util.js';
import type { OriginPolicy } from './origin-policy.js';
import {
  callback,
  checkAvailability,
  countryData,
  downloadFile,
  lead,
  type RestContext,
  socketUrlFor,
} from './rest.js';
import { type SiteRoots, serveSite, widgetIsBuilt } from './static-files.js';

export interface HttpContext extends RestContext {
  roots: SiteRoots;
  origins: OriginPolicy;
  /** Called after the scenario is switched over HTTP. */
  switched(): void;
  /** The verification report (GET /__mock/sessions). */
  sessions(): SessionReport[];
  /** POST /__mock/reset. */
  reset(): void;
}

/** CORS of the admin routes: the allowed page's own origin echoed, never credentials. */
function adminCors(req: IncomingMessage, ctx: HttpContext): Record<string, string> {
  const origin = ctx.origins.allowedOrigin(req);
  return origin === undefined
    ? {}
    : {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type',
        Vary: 'Origin',
      };
}

async function switchScenario(req: IncomingMessage, res: ServerResponse, ctx: HttpContext) {
  const cors = adminCors(req, ctx);
  // JSON only: a cross-site form can POST text/plain without a preflight, never JSON.
  if (!String(req.headers['content-type'] ?? '').includes('application/json')) {
    sendJson(
      req,
      res,
      415,
      { success: false, message: 'body must be JSON {"name": "<scenario>"} (Content-Type: application/json)' },
      cors,
    );
    return;
  }
  let name: unknown;
  try {
    name = (JSON.parse(await readBody(req, 4096)) as { name?: unknown }).name;
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      sendTooLarge(req, res, error, cors);
      return;
    }
    sendJson(req, res, 400, { success: false, message: 'body must be JSON {"name": "<scenario>"}' }, cors);
    return;
  }
  if (typeof name !== 'string') {
    const got =
      name === undefined ? 'no name' : Array.isArray(name) ? 'a list' : `${name === null ? 'null' : typeof name}`;
    sendJson(
      req,
      res,
      400,
      { success: false, message: `name must be one scenario name, as text: {"name": "happy-path"} (got ${got})` },
      cors,
    );
    return;
  }
  try {
    const scenario = ctx.catalog.switchTo(name);
    ctx.switched();
    ctx.log.info(`[mock-chat] scenario switched to ${scenario.name}`);
    sendJson(req, res, 200, { success: true, current: scenario.name, story: scenario.story }, cors);
  } catch (error) {
    const message = error instanceof MockChatError ? `${error.reason}; ${error.fix}` : String(error);
    sendJson(req, res, 404, { success: false, message, scenarios: ctx.catalog.list().map((s) => s.name) }, cors);
  }
}

/**
 * The verification report, streamed one session at a time as the client reads it: with
 * thousands of sessions it is far bigger than one string should be (each session's frames are
 * capped, see session/chat-session.ts, the number of sessions by --max-sessions).
 */
async function sendReport(res: ServerResponse, sessions: SessionReport[], cors: Record<string, string>) {
  res.writeHead(200, { ...cors, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.write('{"sessions":[');
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

const ADMIN_ROUTES = new Set(['/__mock/scenarios', '/__mock/scenario', '/__mock/sessions', '/__mock/reset']);

/** /__mock/*: the scenario listing and switch, the verification API and reset, for allowed origins only. */
async function admin(req: IncomingMessage, res: ServerResponse, pathname: string, ctx: HttpContext): Promise<boolean> {
  const method = req.method ?? 'GET';
  if (!ADMIN_ROUTES.has(pathname)) return false;
  const allowed = ctx.origins.check(req);
  if (!allowed.ok) {
    ctx.log.warn(`[http] refused ${method} ${pathname}: ${allowed.why} (mock-chat serve --allow-origin)`);
    sendJson(
      req,
      res,
      403,
      {
        success: false,
        message: `${allowed.why}; open this server as http://127.0.0.1:PORT, or start it with --allow-origin`,
      },
      {},
    );
    return true;
  }
  if (method === 'OPTIONS') {
    res.writeHead(204, adminCors(req, ctx));
    res.end();
  } else if (method === 'GET' && pathname === '/__mock/scenarios') {
    sendJson(req, res, 200, { current: ctx.catalog.current.name, scenarios: ctx.catalog.list() }, adminCors(req, ctx));
  } else if (method === 'POST' && pathname === '/__mock/scenario') {
    await switchScenario(req, res, ctx);
  } else if (method === 'GET' && pathname === '/__mock/sessions') {
    await sendReport(res, ctx.sessions(), adminCors(req, ctx));
  } else if (method === 'POST' && pathname === '/__mock/reset') {
    ctx.reset();
    sendJson(req, res, 200, { success: true, current: ctx.catalog.current.name }, adminCors(req, ctx));
  } else {
    sendJson(
      req,
      res,
      405,
      { success: false, message: `${method} is not allowed on ${pathname}` },
      adminCors(req, ctx),
    );
  }
  return true;
}

export async function route(req: IncomingMessage, res: ServerResponse, ctx: HttpContext): Promise<void> {
  const url = requestUrl(req);
  if (url === undefined) {
    sendJson(req, res, 400, { success: false, message: 'the request target is not a URL path' });
    return;
  }
  const { pathname } = url;
  const method = req.method ?? 'GET';
  res.on('finish', () => ctx.log.info(`[http] ${method} ${pathname} ${res.statusCode}`));

  if (await admin(req, res, pathname, ctx)) return;
  if (method === 'OPTIONS') {
    res.writeHead(204, restCorsHeaders(req));
    res.end();
    return;
  }
  if (method === 'POST' && pathname === '/conversation/check-availability-v2')
    return checkAvailability(req, res, url, ctx);
  if (method === 'GET' && pathname === '/cua-api/drive/country-data') return countryData(req, res, url);
  if (method === 'POST' && pathname === '/cua-api/forms/callback') return callback(req, res, url, ctx);
  if (method === 'POST' && pathname === '/cua-api/forms/lead') return lead(req, res, url, ctx);
  const file = /^\/cua-api\/chat\/files\/([^/]+)\/([^/]+)$/.exec(pathname);
  if (method === 'GET' && file) {
    const [workRequestId, uuid] = [file[1], file[2]].map(decodedSegment);
    if (workRequestId === undefined || uuid === undefined) {
      sendJson(req, res, 400, { success: false, message: 'the file path is not valid percent-encoding' });
      return;
    }
    return downloadFile(req, res, workRequestId, uuid, ctx);
  }
  if (method === 'GET' || method === 'HEAD') {
    if (await serveContract(pathname, res)) return;
    // The demo site once the widget is built; the page for people at / otherwise (or when
    // the demo pages are missing), and always at /__mock/.
    if (widgetIsBuilt(ctx.roots) && (await serveSite(ctx.roots, pathname, req, res))) return;
    if (pathname === '/' || pathname === '/__mock' || pathname === '/__mock/') {
      const current = ctx.catalog.current;
      sendText(
        res,
        200,
        'text/html; charset=utf-8',
        homePage({ current, scenarios: ctx.catalog.list(), socketUrl: socketUrlFor(req, undefined) }),
      );
      return;
    }
  }
  sendJson(req, res, 404, { success: false, message: `No route for ${method} ${pathname}` });
}

function decodedSegment(segment: string | undefined): string | undefined {
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Routes of the one HTTP server: CORS preflights, the REST calls, the scenario switch
 * under /__mock/ (for allowed origins only, see origin-policy.ts), the contract documents at
 * /__mock/contract/, the demo site (or the page for people), and 404 for the rest.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MockChatError } from '../errors.js';
import { type ConsoleRouteContext, consoleRoute, isConsoleRoute } from '../live/console-route.js';
import type { LiveConsole } from '../live/live-console.js';
import type { Scenario } from '../scenario/types.js';
import type { SessionControl } from '../session/session-control.js';
import type { Verification } from '../session/verification.js';
import { serveContract } from './contract-documents.js';
import { homePage } from './home-page.js';
import { requestUrl, restCorsHeaders, sendJson, sendText } from './http-util.js';
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
import { isSessionsRoute, readScenarioName, sessionsRoute } from './sessions-route.js';
import { type SiteRoots, serveSite, widgetIsBuilt } from './static-files.js';

export interface HttpContext extends RestContext {
  roots: SiteRoots;
  origins: OriginPolicy;
  /** POST /__mock/scenario: the running scenario for new sessions. */
  switchScenario(name: string): Scenario;
  /** GET /__mock/sessions. */
  verification: Verification;
  /** /__mock/sessions/GUID/...: one session. */
  control: SessionControl;
  /** POST /__mock/reset. */
  reset(): void;
  /** POST /__mock/sessions/GUID/action. */
  live: LiveConsole;
  /** /__mock/agent: the agent console's page and feed. */
  agentConsole: ConsoleRouteContext;
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
  const name = await readScenarioName(req, res, cors);
  if (name === undefined) return;
  try {
    const scenario = ctx.switchScenario(name);
    sendJson(req, res, 200, { success: true, current: scenario.name, story: scenario.story }, cors);
  } catch (error) {
    const message = error instanceof MockChatError ? `${error.reason}; ${error.fix}` : String(error);
    sendJson(req, res, 404, { success: false, message, scenarios: ctx.catalog.list().map((s) => s.name) }, cors);
  }
}

const ADMIN_ROUTES = new Set(['/__mock/scenarios', '/__mock/scenario', '/__mock/reset']);

/**
 * /__mock/*: the scenario listing and switch, the verification API and reset, the agent
 * console, for allowed origins only.
 */
async function admin(req: IncomingMessage, res: ServerResponse, url: URL, ctx: HttpContext): Promise<boolean> {
  const method = req.method ?? 'GET';
  const { pathname } = url;
  const sessions = isSessionsRoute(pathname);
  const agentConsole = isConsoleRoute(pathname);
  if (!ADMIN_ROUTES.has(pathname) && !sessions && !agentConsole) return false;
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
  } else if (sessions) {
    await sessionsRoute(req, res, url, ctx, adminCors(req, ctx));
  } else if (agentConsole) {
    await consoleRoute(req, res, url, ctx.agentConsole, adminCors(req, ctx));
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

  if (await admin(req, res, url, ctx)) return;
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

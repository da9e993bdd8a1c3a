/**
 * Routes of the one HTTP server: CORS preflights, the REST calls, the scenario switch
 * under /__mock/, the demo site (or the page for people), and 404 for the rest.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MockChatError } from '../errors.js';
import type { ScenarioCatalog } from './catalog.js';
import { homePage } from './home-page.js';
import { corsHeaders, readBody, sendJson, sendText } from './http-util.js';
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
  /** Called after the scenario is switched over HTTP. */
  switched(): void;
}

async function switchScenario(req: IncomingMessage, res: ServerResponse, catalog: ScenarioCatalog, ctx: HttpContext) {
  let name: unknown;
  try {
    name = (JSON.parse(await readBody(req, 4096)) as { name?: unknown }).name;
  } catch {
    sendJson(req, res, 400, { success: false, message: 'body must be JSON {"name": "<scenario>"}' });
    return;
  }
  try {
    const scenario = catalog.switchTo(String(name));
    ctx.switched();
    ctx.log.info(`[mock-chat] scenario switched to ${scenario.name}`);
    sendJson(req, res, 200, { success: true, current: scenario.name, story: scenario.story });
  } catch (error) {
    const message = error instanceof MockChatError ? `${error.reason}; ${error.fix}` : String(error);
    sendJson(req, res, 404, { success: false, message, scenarios: catalog.list().map((s) => s.name) });
  }
}

export async function route(req: IncomingMessage, res: ServerResponse, ctx: HttpContext): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://mock.invalid');
  const { pathname } = url;
  const method = req.method ?? 'GET';
  res.on('finish', () => ctx.log.info(`[http] ${method} ${pathname} ${res.statusCode}`));

  if (method === 'OPTIONS') {
    res.writeHead(204, corsHeaders(req));
    res.end();
    return;
  }
  if (method === 'POST' && pathname === '/conversation/check-availability-v2')
    return checkAvailability(req, res, url, ctx);
  if (method === 'GET' && pathname === '/cua-api/drive/country-data') return countryData(req, res, url);
  if (method === 'POST' && pathname === '/cua-api/forms/callback') return callback(req, res, url, ctx);
  if (method === 'POST' && pathname === '/cua-api/forms/lead') return lead(req, res, url, ctx);
  const file = /^\/cua-api\/chat\/files\/([^/]+)\/([^/]+)$/.exec(pathname);
  if (method === 'GET' && file)
    return downloadFile(req, res, decodeURIComponent(file[1] as string), decodeURIComponent(file[2] as string), ctx);
  if (method === 'GET' && pathname === '/__mock/scenarios') {
    sendJson(req, res, 200, { current: ctx.catalog.current.name, scenarios: ctx.catalog.list() });
    return;
  }
  if (method === 'POST' && pathname === '/__mock/scenario') return switchScenario(req, res, ctx.catalog, ctx);
  if (method === 'GET' || method === 'HEAD') {
    // The demo site once the widget is built; the page for people at / otherwise (or when
    // the demo pages are missing), and always at /__mock/.
    if (widgetIsBuilt(ctx.roots) && serveSite(ctx.roots, pathname, res)) return;
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

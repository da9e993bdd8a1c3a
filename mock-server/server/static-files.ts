/**
 * The demo site, once the widget is built: dist/widget/** at /widget/..., demo/index.html
 * at /, demo/energy.html at /energy, demo/trips.html at /trips (and /trips/...), and any
 * other file under demo/ at its own path. Paths never leave their root, symbolic links
 * included: a file is served only when its real path is inside the root's real path.
 * Served as a CDN serves them (cdn-assets.ts: brotli/gzip, ETag, 304): the widget's hashed
 * chunks cached for a year (immutable), embed.js and the rest of /widget/ for 5 minutes,
 * the demo pages revalidated each time.
 */
import { existsSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { AssetCache, sendAsset } from './cdn-assets.js';
import { streamFile } from './send-file.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file for a URL path under root, or undefined (missing, not a regular file, or outside root). */
function resolveUnder(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  try {
    const base = realpathSync(root);
    const file = realpathSync(path.resolve(base, `.${path.posix.normalize(`/${decoded}`)}`));
    return file.startsWith(base + path.sep) ? file : undefined;
  } catch {
    return undefined;
  }
}

export function sendFile(res: ServerResponse, file: string, headers: Record<string, string> = {}): Promise<boolean> {
  return streamFile(res, file, {
    'Content-Type': contentTypeOf(file),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    // The widget's chunks are ES modules: a page on another origin needs CORS to import them.
    'Access-Control-Allow-Origin': '*',
    ...headers,
  });
}

export interface SiteRoots {
  widgetRoot: string;
  demoRoot: string;
  /** Extra headers on the HTML pages of the demo site (e.g. a Content-Security-Policy). */
  pageHeaders?: Record<string, string>;
}

/** Hashed file names (chunks/name-<hash>.js): their content never changes under that name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** embed.js, the one un-hashed script tag: a release reaches pages within minutes. */
const SHORT_LIVED = 'public, max-age=300, must-revalidate';

/** The Cache-Control of a file under the widget root (path relative to it). */
function widgetCacheControl(relative: string): string {
  return /^chunks\//.test(relative) ? IMMUTABLE : SHORT_LIVED;
}

const assets = new AssetCache();

/** The page headers for an HTML file of the demo site; none for anything else. */
function pageHeadersFor(roots: SiteRoots, file: string): Record<string, string> {
  return roots.pageHeaders && path.extname(file).toLowerCase() === '.html' ? roots.pageHeaders : {};
}

export function widgetIsBuilt(roots: SiteRoots): boolean {
  return existsSync(path.join(roots.widgetRoot, 'embed.js'));
}

const PAGE_ROUTES: [RegExp, string][] = [
  [/^\/$/, 'index.html'],
  [/^\/energy\/?$/, 'energy.html'],
  [/^\/trips(\/.*)?$/, 'trips.html'],
];

/** A text file compressed and cacheable, or any other streamed as it is. */
async function sendSiteFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  cacheControl: string,
  headers: Record<string, string> = {},
): Promise<boolean> {
  const options = { contentType: contentTypeOf(file), cacheControl, headers };
  if (await sendAsset(req, res, file, assets, options)) return true;
  return sendFile(res, file, { 'Cache-Control': cacheControl, ...headers });
}

/**
 * Serves the file at `relative` under `root` (compressed and cacheable as the site's files are);
 * false when there is none. The agent console's page and bundle are served so.
 */
export async function serveUnder(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  relative: string,
  cacheControl: string,
  headers: Record<string, string> = {},
): Promise<boolean> {
  const file = resolveUnder(root, relative);
  return file !== undefined && sendSiteFile(req, res, file, cacheControl, headers);
}

/** Serves the demo site for a GET path; false when nothing there matches. */
export async function serveSite(
  roots: SiteRoots,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (pathname.startsWith('/widget/')) {
    const relative = pathname.slice('/widget/'.length);
    const file = resolveUnder(roots.widgetRoot, relative);
    return file !== undefined && sendSiteFile(req, res, file, widgetCacheControl(relative));
  }
  const page = PAGE_ROUTES.find(([pattern]) => pattern.test(pathname))?.[1];
  const file = resolveUnder(roots.demoRoot, page ?? pathname);
  return file !== undefined && sendSiteFile(req, res, file, 'no-cache', pageHeadersFor(roots, file));
}

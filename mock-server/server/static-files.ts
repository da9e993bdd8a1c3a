/**
 * The demo site, once the widget is built: dist/widget/** at /widget/..., demo/index.html
 * at /, demo/energy.html at /energy, demo/trips.html at /trips (and /trips/...), and any
 * other file under demo/ at its own path. Paths never leave their root, symbolic links
 * included: a file is served only when its real path is inside the root's real path.
 */
import { existsSync, realpathSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
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

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file for a URL path under root, or undefined (missing, not a regular file, or outside root). */
export function resolveUnder(root: string, urlPath: string): string | undefined {
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

/** Serves the demo site for a GET path; false when nothing there matches. */
export async function serveSite(roots: SiteRoots, pathname: string, res: ServerResponse): Promise<boolean> {
  if (pathname.startsWith('/widget/')) {
    const file = resolveUnder(roots.widgetRoot, pathname.slice('/widget/'.length));
    return file !== undefined && sendFile(res, file);
  }
  const page = PAGE_ROUTES.find(([pattern]) => pattern.test(pathname))?.[1];
  const file = resolveUnder(roots.demoRoot, page ?? pathname);
  return file !== undefined && sendFile(res, file, pageHeadersFor(roots, file));
}

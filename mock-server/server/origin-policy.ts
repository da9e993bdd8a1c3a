/**
 * Which web pages may drive the mock. The REST calls the widget makes are open to any origin
 * (the widget is embedded on other sites; none of them needs cookies, so no credentials are
 * allowed). The admin routes (`/__mock/*`: switch the scenario, read what it did) and the
 * `/chat` socket are not: a page of any site the QA engineer happens to visit could otherwise
 * switch the running scenario or open chats. By default they accept requests without an
 * Origin (curl, tests, Node clients), from the server's own origin, and from loopback pages
 * (localhost, 127.0.0.0/8, [::1]); `--allow-origin` adds origins (`*` allows every one).
 */
import type { IncomingMessage } from 'node:http';

export interface OriginPolicy {
  /** Whether the request's page may use the admin routes and the socket. */
  allows(req: IncomingMessage): boolean;
  /** The allowed Origin to echo in Access-Control-Allow-Origin, or undefined. */
  allowedOrigin(req: IncomingMessage): string | undefined;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.[0-9]{1,3}){3}$/.test(host);
}

/** "https://a.example:8443" → the same string normalised by URL; undefined when not an origin. */
export function normaliseOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

export function createOriginPolicy(extra: readonly string[] = []): OriginPolicy {
  const anyOrigin = extra.includes('*');
  const listed = new Set(extra.map(normaliseOrigin).filter((o): o is string => o !== undefined));

  function decide(req: IncomingMessage): { ok: boolean; origin?: string } {
    const header = req.headers.origin;
    if (header === undefined) return { ok: true };
    const origin = normaliseOrigin(header);
    if (origin === undefined) return { ok: false };
    const { host, hostname } = new URL(origin);
    if (anyOrigin || listed.has(origin) || isLoopback(hostname) || host === req.headers.host) {
      return { ok: true, origin };
    }
    return { ok: false };
  }

  return {
    allows: (req) => decide(req).ok,
    allowedOrigin: (req) => decide(req).origin,
  };
}

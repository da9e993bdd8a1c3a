/**
 * Which web pages may drive the mock. The REST calls the widget makes are open to any origin
 * (the widget is embedded on other sites; none of them needs cookies, so no credentials are
 * allowed). The admin routes (`/__mock/*`: switch the scenario, read every session's keys) and
 * the `/chat` socket are not: a page of any site the QA engineer happens to visit could
 * otherwise switch the running scenario, read the sessions or open chats.
 *
 * Two checks, both needed:
 * - Host: the name the request was sent to must be one this server answers to: a loopback name
 *   or address, the --host it listens on, the address the client connected to, or the host of
 *   an --allow-origin origin. DNS rebinding points an attacker's name (attacker.example) at
 *   127.0.0.1, so the attacker's page is "same origin" with the mock; its requests carry
 *   `Host: attacker.example:PORT` and are refused here.
 * - Origin: none (curl, tests, Node clients), the server's own (same scheme-less host as the
 *   Host header, which the first check vouches for), a loopback page (localhost, 127.0.0.0/8,
 *   [::1]), or one given with --allow-origin (`*` allows every origin and host).
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

export interface OriginPolicy {
  /** Whether the request's page may use the admin routes and the socket, and if not why. */
  check(req: IncomingMessage): { ok: true; origin?: string } | { ok: false; why: string };
  /** Whether the request's page may use the admin routes and the socket. */
  allows(req: IncomingMessage): boolean;
  /** The allowed Origin to echo in Access-Control-Allow-Origin, or undefined. */
  allowedOrigin(req: IncomingMessage): string | undefined;
}

const bare = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/^::ffff:(?=[0-9.]+$)/i, '')
    .toLowerCase();

function isLoopback(hostname: string): boolean {
  const host = bare(hostname);
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.[0-9]{1,3}){3}$/.test(host);
}

/** "https://a.example:8443" → the same string normalised by URL; undefined when not an origin. */
function normaliseOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** The host name of a Host header ("a.example:8080" → "a.example"), or undefined when it is none. */
function hostnameOf(host: string): string | undefined {
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:[0-9]{1,5})?$/i.test(host)) return undefined;
  return bare(host.replace(/:[0-9]{1,5}$/, ''));
}

export interface OriginPolicyOptions {
  /** --allow-origin: origins (and so host names) besides the loopback ones; `*` for any. */
  allowOrigins?: readonly string[];
  /** --host: the address the server listens on. */
  bindHost?: string;
}

export function createOriginPolicy(options: OriginPolicyOptions = {}): OriginPolicy {
  const extra = options.allowOrigins ?? [];
  const anyOrigin = extra.includes('*');
  const listed = new Set(extra.map(normaliseOrigin).filter((o): o is string => o !== undefined));
  const names = new Set([...listed].map((origin) => bare(new URL(origin).hostname)));
  const bind = options.bindHost === undefined ? undefined : bare(options.bindHost);
  // A wildcard address is no name a request is sent to.
  if (bind !== undefined && bind !== '0.0.0.0' && bind !== '::' && bind !== '') names.add(bind);

  function hostAllowed(req: IncomingMessage): boolean {
    const header = req.headers.host;
    // Browsers always send Host; a request without one comes from no page.
    if (header === undefined) return true;
    const hostname = hostnameOf(header);
    if (hostname === undefined) return false;
    if (isLoopback(hostname) || names.has(hostname)) return true;
    // The address the client connected to, written as an address: no DNS name is involved.
    const local = req.socket.localAddress;
    return isIP(hostname) !== 0 && local !== undefined && bare(local) === hostname;
  }

  function check(req: IncomingMessage): { ok: true; origin?: string } | { ok: false; why: string } {
    if (!anyOrigin && !hostAllowed(req)) {
      return {
        ok: false,
        why: `the request was sent to "${String(req.headers.host)}", a name this server does not answer to`,
      };
    }
    const header = req.headers.origin;
    if (header === undefined) return { ok: true };
    const origin = normaliseOrigin(header);
    if (origin === undefined) return { ok: false, why: `origin ${header} is no web page's origin` };
    const { host, hostname } = new URL(origin);
    if (anyOrigin || listed.has(origin) || isLoopback(hostname) || host === req.headers.host) {
      return { ok: true, origin };
    }
    return { ok: false, why: `origin ${origin} is not allowed` };
  }

  return {
    check,
    allows: (req) => check(req).ok,
    allowedOrigin: (req) => {
      const result = check(req);
      return result.ok ? result.origin : undefined;
    },
  };
}

/**
 * Where the proxy forwards a request: always to its --target, never to a host a request names.
 * The upstream URL is a copy of the target with the request's path and query set on it, so no
 * request target can change its scheme, host or port. Request targets that would leave the
 * target if read as a URL relative to it are refused rather than "repaired": a path that is
 * scheme-relative once dot segments are removed (`/.//other:81/x`, `/a/..//other`), or once
 * encoded slashes are read as slashes (`/%2F%2Fother`); a backslash, raw or encoded (URL parsers
 * read `\` as `/`); absolute-form naming another host (`GET http://other/x`, a forward-proxy
 * request); authority-form (CONNECT) and asterisk-form (`OPTIONS *`).
 */

/** Said in every refusal, so an integrator sees at once why the request went nowhere. */
export const ONLY_TO_TARGET = 'mock-chat proxy forwards only to its --target';

export type Upstream = { url: URL } | { refused: string };

/** Resolves a path against a base no request can name, to see where a URL parser would take it. */
const PROBE = 'http://proxy.invalid';
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The upstream URL for a request target (`req.url`): `base` with the target's path and query.
 * `ownAuthorities` are the names of the proxy itself (`127.0.0.1:8090`, the Host header), the
 * only hosts an absolute-form target may name.
 */
export function upstreamUrl(base: URL, requestTarget: string | undefined, ownAuthorities: readonly string[]): Upstream {
  const target = requestTarget ?? '';
  if (/\\|%5c/i.test(target)) return { refused: 'the request target has a backslash' };
  let originForm = target;
  if (ABSOLUTE_FORM.test(target)) {
    let absolute: URL;
    try {
      absolute = new URL(target);
    } catch {
      return { refused: 'the request target is not a URL' };
    }
    const own = ownAuthorities.map((name) => name.toLowerCase());
    if (!own.includes(absolute.host.toLowerCase())) {
      return { refused: `an absolute-form request target names another host (${absolute.host})` };
    }
    originForm = `${absolute.pathname}${absolute.search}`;
  }
  if (!originForm.startsWith('/')) {
    return { refused: 'the request target is not a path (authority-form or asterisk-form)' };
  }
  let probe: URL;
  try {
    probe = new URL(originForm, PROBE);
  } catch {
    return { refused: 'the request target is not a URL path' };
  }
  if (probe.origin !== PROBE || probe.pathname.startsWith('//')) {
    return { refused: 'the request path names another host (it starts with // once dot segments are removed)' };
  }
  let decoded: URL;
  try {
    decoded = new URL(probe.pathname.replace(/%2f/gi, '/'), PROBE);
  } catch {
    return { refused: 'the request target is not a URL path' };
  }
  if (decoded.origin !== PROBE || decoded.pathname.startsWith('//')) {
    return { refused: 'the request path names another host once its encoded slashes are read' };
  }
  const url = new URL(base.href);
  url.pathname = probe.pathname;
  url.search = probe.search;
  url.hash = '';
  // Belt and braces: whatever the path was, the copy still points at the target.
  if (url.origin !== base.origin) return { refused: 'the request target would leave the target' };
  return { url };
}

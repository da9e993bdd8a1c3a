import { type BodyOf, contractUrl, type PathsWith, type QueryOf } from './rest-request.js';

/**
 * The forms' JSON calls of the REST contract (country data, callback, lead) over the injected
 * fetch, typed by the generated `paths` (rest-request.ts). They are what openapi-fetch did for
 * these three calls, without its 2.4 KiB gzip in what a visitor downloads on opening the chat.
 */

/** How form code reaches the REST calls: fetch and the API domain are injected. */
export interface FormsHttp {
  fetch: (input: Request) => Promise<Response>;
  /** The configured options.apiEndpointsDomain, e.g. "https://api.example.com"; "" for the page's own origin. */
  baseUrl: string;
}

/**
 * Query strings from the parameters' own keys only: a `for…in` would also
 * pick up anything a host page added to Object.prototype and send it (`?locale=zh_CN&junk=x`).
 * Our queries are flat strings, as the contract has them.
 */
export function ownKeysQuery(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const pairs = Object.entries(query).filter((pair): pair is [string, string | number | boolean] => {
    const value = pair[1];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  });
  return new URLSearchParams(pairs.map(([key, value]) => [key, String(value)])).toString();
}

/**
 * The answer: `data`, the JSON body of a 2xx when the call reads one (undefined when empty), or
 * `error`, the body of any other status (JSON, else its text; undefined when empty), which the
 * callers log. Section 9: any status 200 to 299 is a success.
 */
export interface RestAnswer {
  response: Response;
  data?: unknown;
  error?: unknown;
}

/**
 * Reads the answer to its end (which also frees the connection and completes the call's
 * Resource Timing entry). A 2xx body read as data that is not JSON rejects, as a network failure does.
 */
async function answer(response: Response, readsData: boolean): Promise<RestAnswer> {
  const text = response.status === 204 ? '' : await response.text();
  if (response.ok && !readsData) return { response };
  if (response.ok) return { response, data: text === '' ? undefined : JSON.parse(text) };
  if (text === '') return { response, error: undefined };
  try {
    return { response, error: JSON.parse(text) };
  } catch {
    return { response, error: text };
  }
}

/** GET with the operation's query. */
export async function getJson<Path extends PathsWith<'get'>>(
  http: FormsHttp,
  path: Path,
  query: QueryOf<Path>,
): Promise<RestAnswer> {
  const search = ownKeysQuery(query);
  const request = new Request(contractUrl(http.baseUrl, path) + (search === '' ? '' : `?${search}`), { method: 'GET' });
  return answer(await http.fetch(request), true);
}

/** POST of the operation's JSON body; the body of a 2xx is not read (the forms need only the status). */
export async function postJson<Path extends PathsWith<'post'>>(
  http: FormsHttp,
  path: Path,
  body: BodyOf<Path, 'application/json'>,
): Promise<RestAnswer> {
  const request = new Request(contractUrl(http.baseUrl, path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return answer(await http.fetch(request), false);
}

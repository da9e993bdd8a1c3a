import createClient from 'openapi-fetch';
import type { paths } from '../../../generated/widget-http.js';

/** How form code reaches the REST calls: fetch and the API domain are injected. */
export interface FormsHttp {
  fetch: (input: Request) => Promise<Response>;
  /** The configured options.apiEndpointsDomain, e.g. "https://api.example.com"; "" for the page's own origin. */
  baseUrl: string;
}

/**
 * Query strings from the parameters' own keys only. openapi-fetch's default serializer walks
 * them with `for…in`, which also picks up anything a host page added to Object.prototype and
 * sends it (`?locale=zh_CN&junk=x`). Our queries are flat strings, as the contract has them.
 */
export function ownKeysQuery(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const pairs = Object.entries(query).filter((pair): pair is [string, string | number | boolean] => {
    const value = pair[1];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  });
  return new URLSearchParams(pairs.map(([key, value]) => [key, String(value)])).toString();
}

export function formsClient(http: FormsHttp) {
  return createClient<paths>({ baseUrl: http.baseUrl, fetch: http.fetch, querySerializer: ownKeysQuery });
}

import createClient from 'openapi-fetch';
import type { paths } from '../../../generated/widget-http.js';

/** How form code reaches the REST calls: fetch and the API domain are injected. */
export interface FormsHttp {
  fetch: (input: Request) => Promise<Response>;
  /** The configured options.apiEndpointsDomain, e.g. "https://api.example.com"; "" for the page's own origin. */
  baseUrl: string;
}

export function formsClient(http: FormsHttp) {
  return createClient<paths>({ baseUrl: http.baseUrl, fetch: http.fetch });
}

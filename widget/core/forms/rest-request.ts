import type { paths } from '../../../generated/widget-http.js';

/**
 * Requests of the REST contract (widget-http.openapi.yaml) for plain `fetch`, typed by the
 * generated `paths`: a path names its operation, and the query or body it takes is the one the
 * contract gives it. The start chunk's availability poll builds its request here, before any
 * visitor action, so this stays a few lines (it is in the 10 KiB budget); the chat's JSON calls
 * (http.ts) build on it. Neither needs a REST client library.
 */

type Operation<Path extends keyof paths, Method extends 'get' | 'post'> = NonNullable<paths[Path][Method]>;
/** The contract's paths with a `method` operation. */
export type PathsWith<Method extends 'get' | 'post'> = {
  [Path in keyof paths]: paths[Path][Method] extends undefined ? never : Path;
}[keyof paths];
/** The request body of the operation at `Path`, in one content type. */
export type BodyOf<Path extends PathsWith<'post'>, Type extends string> =
  Operation<Path, 'post'> extends {
    requestBody: { content: { [T in Type]: infer Shape } };
  }
    ? Shape
    : never;
/** The query parameters of the GET at `Path`. */
export type QueryOf<Path extends PathsWith<'get'>> =
  Operation<Path, 'get'> extends {
    parameters: { query: infer Shape };
  }
    ? Shape
    : never;

/** `baseUrl` (apiEndpointsDomain, "" for the page's origin; a trailing slash is dropped) + path. */
export function contractUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/$/, '') + path;
}

/** A form-encoded POST of the contract (the availability check). */
export function formPostRequest<Path extends PathsWith<'post'>>(
  baseUrl: string,
  path: Path,
  body: BodyOf<Path, 'application/x-www-form-urlencoded'>,
): Request {
  return new Request(contractUrl(baseUrl, path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    // Object.entries reads own keys only: nothing a host page added to Object.prototype is sent.
    body: new URLSearchParams(Object.entries(body as Record<string, string>)).toString(),
  });
}

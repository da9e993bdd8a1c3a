/** Small helpers for node:http answers: CORS, JSON, bodies, cookies, failures. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CORS of the REST calls the widget makes: any page may call them (the widget is embedded on
 * other sites) and none needs cookies, so no credentials are allowed and nothing is reflected.
 */
export function restCorsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': safeHeaderList(req.headers['access-control-request-headers']),
    'Access-Control-Max-Age': '600',
  };
}

/** The headers a preflight asks for, when they are a plain list of header names. */
function safeHeaderList(asked: string | undefined): string {
  return asked !== undefined && /^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/.test(asked)
    ? asked
    : 'Content-Type, Authorization';
}

export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  cors: Record<string, string> = restCorsHeaders(req),
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...cors,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/** Request bodies of the REST calls are at most this many bytes (the admin switch: 4 KiB). */
const MAX_BODY_BYTES = 256 * 1024;

/** A request body over the limit: answered 413 (sendTooLarge), never read whole. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the request body is over ${limit} bytes`);
  }
}

/** Bytes of an over-long body read and dropped (so the client can read its 413) before the connection is cut. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * Reads a request body up to a limit (bytes); rejects with BodyTooLarge beyond it, as soon as
 * the Content-Length says so or the bytes pass it. What follows is read and dropped (up to
 * DRAIN_BYTES): a client that writes its whole body before reading then gets its 413, not a
 * broken pipe.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = Number(req.headers['content-length']) > limit;
    if (over) reject(new BodyTooLarge(limit));
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > DRAIN_BYTES) req.destroy();
        return;
      }
      if (size > limit) {
        over = true;
        chunks.length = 0;
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** 413 for a body over the limit (the rest of the body is read and dropped meanwhile). */
export function sendTooLarge(
  req: IncomingMessage,
  res: ServerResponse,
  error: BodyTooLarge,
  cors: Record<string, string> = restCorsHeaders(req),
): void {
  sendJson(req, res, 413, { success: false, message: `${error.message}: send a smaller body` }, cors);
}

/** A cookie's value, percent-decoded when it is valid percent-encoding, else as sent. */
export function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    const value = rest.join('=');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The request target as a URL, or undefined when it is none (`//`, `http://[`): the server
 * answers 400 rather than throwing. Absolute-form targets (`GET http://host/chat`) keep
 * their path and query.
 */
export function requestUrl(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', 'http://mock.invalid');
  } catch {
    return undefined;
  }
}

/**
 * Forgets every header set so far and answers `status` with a short JSON body: for an error
 * that happens after a handler set headers (a Content-Length of a file it never sent would
 * leave the client waiting for bytes that never come).
 */
export function sendFailure(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const text = JSON.stringify({ success: false, message });
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

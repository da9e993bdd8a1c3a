/** Small helpers for node:http answers: CORS, JSON, bodies, cookies, failures. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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
  /**
   * `closeConnection`: the body is (or may go on) beyond DRAIN_BYTES, so it is not read to its
   * end: the 413 says `Connection: close`, and the connection closes once it is sent.
   */
  constructor(
    readonly limit: number,
    readonly closeConnection = false,
  ) {
    super(`the request body is over ${limit} bytes`);
  }
}

/** Bytes of an over-long body read and dropped (so the client can read its 413) before the connection is closed. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * Reads a request body up to a limit (bytes); rejects with BodyTooLarge beyond it. A body whose
 * Content-Length is over the limit is refused at once and, when it fits DRAIN_BYTES, read and
 * dropped, so a client that writes its whole body before reading gets its 413 rather than a
 * broken pipe, and the connection stays usable. One whose length is not announced (chunked) is
 * refused when it ends, or as soon as it passes DRAIN_BYTES; a body beyond DRAIN_BYTES is not
 * read to its end: its 413 closes the connection (BodyTooLarge.closeConnection, sendTooLarge).
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(req.headers['content-length']);
    let over = declared > limit;
    if (over) {
      const closing = declared > DRAIN_BYTES;
      reject(new BodyTooLarge(limit, closing));
      if (closing) return;
    }
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > DRAIN_BYTES) reject(new BodyTooLarge(limit, true));
        return;
      }
      if (size > limit) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => (over ? reject(new BodyTooLarge(limit)) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

/**
 * 413 for a body over the limit; with `Connection: close` when the body is not read to its end
 * (the connection then closes once the answer is sent, and the client reads it first).
 */
export function sendTooLarge(
  req: IncomingMessage,
  res: ServerResponse,
  error: BodyTooLarge,
  cors: Record<string, string> = restCorsHeaders(req),
): void {
  sendJson(
    req,
    res,
    413,
    { success: false, message: `${error.message}: send a smaller body` },
    error.closeConnection ? { ...cors, Connection: 'close' } : cors,
  );
  if (error.closeConnection) lingerOnClose(req.socket);
}

/** How long a connection closed after a 413 goes on reading (and dropping) what the client still sends. */
const LINGER_MS = 2_000;

/**
 * Closing a connection whose client is still sending, with its bytes unread, makes the kernel
 * reset it, and a reset can destroy the 413 in the client's buffer before the client reads it
 * (it then sees an empty answer). So the server's side is closed first (after the answer), what
 * comes is read and dropped, and the connection ends when the client closes its side or after
 * LINGER_MS (RFC 9112, section 9.6, "tear-down"). Node's server calls destroySoon once the
 * answer that said `Connection: close` is written.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    this.resume();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => this.destroy());
    this.once('close', () => clearTimeout(timer));
  };
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

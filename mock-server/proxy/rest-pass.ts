/**
 * The proxy's REST pass-through: one request to the contact centre's HTTP side, its answer
 * streamed back, except the availability answer, which is read whole so its
 * `chatWidgetParams.webChatUrl` can point at the proxy.
 *
 * Held to limits: the contact centre must answer (and keep sending) within `requestTimeoutMs`,
 * else 504; an answer over `maxResponseBytes` (the availability answer: AVAILABILITY_BYTES) is
 * 502, or cut when its head has already gone to the client. Each says why in the body.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { sendFailure } from '../server/http-util.js';

/** The availability answer is read whole to rewrite it; real ones are a few KiB. */
export const AVAILABILITY_BYTES = 1024 * 1024;

export interface RestLimits {
  requestTimeoutMs: number;
  maxResponseBytes: number;
}

export interface RestDeps {
  limits: RestLimits;
  /** ws://proxy/chat, where the widget's socket should go instead. */
  socketUrl(): string;
  info(message: string): void;
  warn(message: string): void;
  /** A request failed on a limit (counted for the summary). */
  limited(): void;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const isAvailability = (url: URL) => url.pathname.endsWith('/check-availability-v2');

/** Forwards `req` to `url`; resolves once the client's answer is finished or abandoned. */
export function passRest(req: IncomingMessage, res: ServerResponse, url: URL, deps: RestDeps): void {
  const { limits } = deps;
  const what = `${req.method} ${url.pathname}`;
  const fail = (status: 502 | 504, why: string) => {
    deps.limited();
    deps.warn(`[proxy] ${what}: ${why}`);
    sendFailure(res, status, `mock-chat proxy: ${why}`);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: url.host };
  // Read whole to rewrite: asked for uncompressed.
  if (isAvailability(url)) headers['accept-encoding'] = 'identity';
  const upstream = send(url, { method: req.method, headers, timeout: limits.requestTimeoutMs }, (answer) => {
    deps.info(`[proxy] ${what} ${answer.statusCode}`);
    const cap = isAvailability(url) ? Math.min(AVAILABILITY_BYTES, limits.maxResponseBytes) : limits.maxResponseBytes;
    const over = `the contact centre's answer is over ${cap} bytes (${isAvailability(url) ? 'the availability answer is read whole; at most 1 MiB' : '--max-response'})`;
    if (Number(answer.headers['content-length']) > cap) {
      upstream.destroy();
      fail(502, over);
      return;
    }
    if (!(isAvailability(url) && String(answer.headers['content-type'] ?? '').includes('json'))) {
      streamAnswer(answer, res, cap, () => {
        upstream.destroy();
        deps.limited();
        deps.warn(`[proxy] ${what}: ${over}; the connection was cut`);
      });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    answer.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        chunks.length = 0;
        upstream.destroy();
        fail(502, over);
        return;
      }
      chunks.push(chunk);
    });
    answer.on('end', () => {
      if (size > cap) return;
      const body = pointedHere(Buffer.concat(chunks).toString('utf8'), deps.socketUrl());
      const { 'content-length': _length, 'content-encoding': _encoding, ...rest } = answer.headers;
      res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  upstream.on('timeout', () => {
    upstream.destroy();
    if (res.headersSent) {
      deps.limited();
      deps.warn(`[proxy] ${what}: the contact centre stopped sending for ${seconds(limits.requestTimeoutMs)}; cut`);
      res.destroy();
    } else {
      fail(504, `the contact centre did not answer within ${seconds(limits.requestTimeoutMs)} (--request-timeout)`);
    }
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (res.writableEnded || res.destroyed) return;
    deps.warn(`[proxy] ${what}: ${error.message}`);
    sendFailure(res, 502, `the contact centre did not answer: ${error.code ?? error.message}`);
  });
  // A client that leaves takes its request upstream with it.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

/** An answer passed on as it streams; cut when it passes `cap` bytes. */
function streamAnswer(answer: IncomingMessage, res: ServerResponse, cap: number, overCap: () => void): void {
  res.writeHead(answer.statusCode ?? 502, answer.headers);
  let size = 0;
  answer.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > cap) {
      answer.unpipe(res);
      res.destroy();
      overCap();
    }
  });
  answer.pipe(res);
}

/** The availability answer with its webChatUrl pointed at the proxy (the query kept); as it came when no JSON. */
function pointedHere(body: string, socketUrl: string): string {
  try {
    const json = JSON.parse(body) as { chatWidgetParams?: { webChatUrl?: string } };
    if (!json.chatWidgetParams?.webChatUrl) return body;
    const original = new URL(json.chatWidgetParams.webChatUrl);
    const here = new URL(socketUrl);
    here.search = original.search;
    json.chatWidgetParams.webChatUrl = here.href;
    return JSON.stringify(json);
  } catch {
    // Not JSON after all: passed on as it came.
    return body;
  }
}

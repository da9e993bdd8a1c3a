/**
 * mock-chat proxy: sits between a real client and a real contact centre. Every WebSocket
 * frame is forwarded unchanged, both ways, and checked live against the contract in a profile
 * (violations and deviations printed as they happen, like serve's log); every frame can be
 * written to a capture `mock-chat check` reads. REST calls pass through to the contact centre's
 * HTTP side; the availability answer's `chatWidgetParams.webChatUrl` is pointed at the proxy,
 * so a widget that calls the proxy for availability also chats through it.
 *
 * The upstream socket is opened before the client's handshake is answered, so a refusal
 * upstream (a 503, a 404) reaches the client as the same status, and a close upstream as the
 * same close code (an abnormal end as a dropped connection).
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { checkInProfile, NOT_JSON, PROFILES, type Profile } from '../../contract/profile-check.js';
import { MockChatError } from '../errors.js';
import { createLogger, type LogMode } from '../log.js';
import { requestUrl, sendFailure } from '../server/http-util.js';
import { createCaptureWriter, type Seen, type SocketClose } from './capture.js';

export interface ProxyOptions {
  /** The contact centre's socket, ws://HOST/chat or wss://HOST/chat. */
  target: string;
  /** Where REST calls go (default: the target's host over http or https). */
  restTarget?: string;
  port?: number;
  host?: string;
  profile?: Profile;
  record?: string;
  log?: LogMode | ((line: string) => void);
  logOut?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Largest frame forwarded (default 16 MiB). */
  maxPayload?: number;
}

export interface ProxyCounts {
  sockets: number;
  frames: { client: number; server: number };
  violations: number;
  deviations: number;
}

export interface RunningProxy {
  url: string;
  socketUrl: string;
  port: number;
  counts(): ProxyCounts;
  close(): Promise<void>;
}

/** Close codes that may not be sent in a close frame; the peer learns of them as a dropped connection. */
const UNSENDABLE = new Set([1004, 1005, 1006, 1015]);

function parseTarget(target: string): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new MockChatError(
      'BAD_OPTION',
      `--target ${target} is not a URL`,
      'pass e.g. --target wss://chat.example.com/chat',
    );
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new MockChatError(
      'BAD_OPTION',
      `--target must be ws:// or wss://, got ${url.protocol}`,
      'pass e.g. --target wss://chat.example.com/chat',
    );
  }
  return url;
}

/** Headers a browser's handshake carries that the contact centre may look at. */
const FORWARDED_HEADERS = ['origin', 'cookie', 'user-agent', 'accept-language', 'authorization'];

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = parseTarget(options.target);
  const rest = new URL(options.restTarget ?? `${target.protocol === 'wss:' ? 'https' : 'http'}://${target.host}`);
  const profile = options.profile ?? 'tolerant';
  if (!PROFILES.includes(profile)) {
    throw new MockChatError('BAD_OPTION', `unknown profile ${JSON.stringify(profile)}`, 'use "tolerant" or "strict"');
  }
  const log = createLogger({ mode: options.log ?? 'pretty', out: options.logOut });
  const recording = options.record ? createCaptureWriter(options.record, (message) => log.warn(message)) : undefined;
  const counts: ProxyCounts = { sockets: 0, frames: { client: 0, server: 0 }, violations: 0, deviations: 0 };
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload ?? 16 * 1024 * 1024 });
  let socketUrl = '';

  /** What a frame is: JSON, text that is not JSON, or binary. */
  function see(data: WebSocket.RawData, isBinary: boolean): Seen {
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (isBinary) return { kind: 'binary', bytes };
    const text = bytes.toString('utf8');
    try {
      return { kind: 'json', frame: JSON.parse(text), text };
    } catch {
      return { kind: 'text', text };
    }
  }

  /** Checks, logs and records one frame on its way through; never stops it being forwarded. */
  function observe(
    connection: number,
    direction: 'client' | 'server',
    data: WebSocket.RawData,
    isBinary: boolean,
  ): void {
    counts.frames[direction] += 1;
    const label = `proxy ${connection}`;
    try {
      const seen = see(data, isBinary);
      const time = new Date();
      recording?.frame(connection, direction, seen, time);
      const result =
        seen.kind === 'json'
          ? checkInProfile(profile, direction, seen.frame)
          : { violations: [{ pointer: '', problem: NOT_JSON[seen.kind] }], deviations: [] };
      counts.violations += result.violations.length;
      counts.deviations += result.deviations.length;
      const text = seen.kind === 'binary' ? '' : seen.text.slice(0, 2000);
      log.frame({
        time,
        session: label,
        direction,
        frame: seen.kind === 'json' ? seen.frame : text,
        raw: text,
        ...(result.violations.length > 0 ? { violations: result.violations } : {}),
        ...(result.deviations.length > 0 ? { deviations: result.deviations } : {}),
        note: 'forwarded',
      });
    } catch (error) {
      log.warn(`[proxy] ${label}: could not check a ${direction} frame: ${(error as Error)?.message ?? String(error)}`);
    }
  }

  function refuse(socket: Duplex, status: number, text: string): void {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  function bridge(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => {});
    const asked = requestUrl(req);
    if (asked === undefined) {
      refuse(socket, 400, 'Bad Request');
      return;
    }
    const upstreamUrl = new URL(target);
    upstreamUrl.search = asked.search;
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = new WebSocket(upstreamUrl, { headers, maxPayload: options.maxPayload ?? 16 * 1024 * 1024 });
    const connection = ++counts.sockets;
    const label = `proxy ${connection}`;
    let client: WebSocket | undefined;
    /** The socket is in the capture from the contact centre's accepting it to the first side ending it. */
    let opened = false;
    let ended = false;
    const end = (close: SocketClose) => {
      if (ended || !opened) return;
      ended = true;
      recording?.closed(connection, close, new Date());
    };
    /** Server frames that arrive between the upstream open and the client's handshake. */
    const early: [WebSocket.RawData, boolean][] = [];
    upstream.on('unexpected-response', (_request, response) => {
      log.warn(`[proxy] ${label}: the contact centre refused the socket with HTTP ${response.statusCode}`);
      refuse(socket, response.statusCode ?? 502, response.statusMessage ?? 'Refused');
      upstream.terminate();
    });
    upstream.on('error', (error) => {
      log.warn(`[proxy] ${label}: ${error.message}`);
      if (!client) refuse(socket, 502, 'Bad Gateway');
      else client.terminate();
    });
    upstream.on('open', () => {
      // Recorded before the client's handshake is answered: server frames may come in between.
      opened = true;
      recording?.opened(connection, new Date());
      wss.handleUpgrade(req, socket, head, (ws) => {
        client = ws;
        log.info(`[proxy] ${label} opened: ${req.url} -> ${upstreamUrl.href}`);
        for (const [data, isBinary] of early.splice(0)) ws.send(data, { binary: isBinary });
        ws.on('message', (data, isBinary) => {
          observe(connection, 'client', data, isBinary);
          if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
        });
        ws.on('close', (code, reason) => {
          end({ code, reason: String(reason), by: 'client' });
          if (UNSENDABLE.has(code)) upstream.terminate();
          else upstream.close(code, reason);
        });
        ws.on('error', () => {});
      });
    });
    upstream.on('message', (data, isBinary) => {
      observe(connection, 'server', data, isBinary);
      if (client === undefined) early.push([data, isBinary]);
      else if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
    });
    upstream.on('close', (code, reason) => {
      end({ code, reason: String(reason), by: 'server' });
      log.info(`[proxy] ${label} closed by the contact centre (${code})`);
      if (!client) return;
      if (UNSENDABLE.has(code)) client.terminate();
      else client.close(code, reason);
    });
  }

  /** REST through to the contact centre; the availability answer's socket address points here. */
  function pass(req: IncomingMessage, res: ServerResponse): void {
    const asked = requestUrl(req);
    if (asked === undefined) {
      sendFailure(res, 400, 'the request target is not a URL path');
      return;
    }
    const url = new URL(`${asked.pathname}${asked.search}`, rest);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = { ...req.headers, host: url.host };
    const upstream = send(url, { method: req.method, headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      log.info(`[proxy] ${req.method} ${asked.pathname} ${answer.statusCode}`);
      if (!(asked.pathname.endsWith('/check-availability-v2') && type.includes('json'))) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        try {
          const json = JSON.parse(body) as { chatWidgetParams?: { webChatUrl?: string } };
          if (json.chatWidgetParams?.webChatUrl) {
            const original = new URL(json.chatWidgetParams.webChatUrl);
            const here = new URL(socketUrl);
            here.search = original.search;
            json.chatWidgetParams.webChatUrl = here.href;
            body = JSON.stringify(json);
          }
        } catch {
          // Not JSON after all: passed on as it came.
        }
        const { 'content-length': _length, 'content-encoding': _encoding, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    upstream.on('error', (error) => {
      log.warn(`[proxy] ${req.method} ${asked.pathname}: ${error.message}`);
      sendFailure(res, 502, `the contact centre did not answer: ${error.message}`);
    });
    req.pipe(upstream);
  }

  const server: Server = createServer((req, res) => {
    try {
      pass(req, res);
    } catch (error) {
      log.warn(`[proxy] ${req.method} ${req.url} failed: ${(error as Error).message}`);
      sendFailure(res, 500, 'mock-chat proxy internal error');
    }
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      bridge(req, socket, head);
    } catch (error) {
      log.warn(`[proxy] upgrade ${req.url} failed: ${(error as Error).message}`);
      refuse(socket, 500, 'Internal Server Error');
    }
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new MockChatError(
              'PORT_IN_USE',
              `port ${options.port} on ${host} is already in use`,
              'pass another --port, or 0',
            )
          : error,
      ),
    );
    server.listen(options.port ?? 0, host, resolve);
  });
  const address = server.address() as { port: number };
  const hostForUrl = host.includes(':') ? `[${host}]` : host;
  socketUrl = `ws://${hostForUrl}:${address.port}${target.pathname}`;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostForUrl}:${address.port}`,
    socketUrl,
    port: address.port,
    counts: () => structuredClone(counts),
    close() {
      closing ??= (async () => {
        for (const client of wss.clients) client.terminate();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await recording?.close();
      })();
      return closing;
    },
  };
}

/** One line for the end of a proxy run. */
export function proxySummary(counts: ProxyCounts): string {
  return `mock-chat proxy: ${counts.sockets} socket(s), ${counts.frames.client} client and ${counts.frames.server} server frames forwarded; ${counts.violations} violation(s), ${counts.deviations} deviation(s)`;
}

/**
 * mock-chat proxy: sits between a real client and a real contact centre. Every WebSocket
 * frame is forwarded unchanged, both ways, and checked live against the contract in a profile
 * (violations and deviations printed as they happen, like serve's log); every frame can be
 * written to a capture `mock-chat check` reads. REST calls pass through to the contact centre's
 * HTTP side; the availability answer's `chatWidgetParams.webChatUrl` is pointed at the proxy,
 * so a widget that calls the proxy for availability also chats through it.
 *
 * Safe to leave running beside staging: it forwards only to its --target (upstream-url.ts),
 * and every socket pair (socket-bridge.ts) and REST call (rest-pass.ts) is held to the limits
 * of PROXY_LIMITS. close() ends both sides of every socket with a close handshake.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';
import { checkInProfile, NOT_JSON, PROFILES, type Profile } from '../../contract/profile-check.js';
import { MockChatError } from '../errors.js';
import { createLogger, type LogMode } from '../log.js';
import { sendFailure } from '../server/http-util.js';
import { MAX_FRAME_DEPTH, nestsDeeperThan } from '../socket/frame-depth.js';
import { createCaptureWriter, type Seen } from './capture.js';
import { passRest } from './rest-pass.js';
import { GOING_AWAY, SocketBridge } from './socket-bridge.js';
import { ONLY_TO_TARGET, type Upstream, upstreamUrl } from './upstream-url.js';

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
  /** Milliseconds the contact centre has to complete a socket's handshake (default 10 s); else the client gets 1014. */
  connectTimeoutMs?: number;
  /** Milliseconds a socket pair may pass no frame either way (default 120 s); then both sides are closed. */
  idleTimeoutMs?: number;
  /** Bytes waiting to be written to one side of a socket before the other side is no longer read (default 1 MiB). */
  maxBufferedBytes?: number;
  /** Milliseconds the contact centre may send nothing on a REST call (default 30 s); then 504. */
  requestTimeoutMs?: number;
  /** Bytes of one REST answer (default 16 MiB); more is 502. */
  maxResponseBytes?: number;
  /** Sockets and REST calls at once (default 1,000); more get 503. */
  maxConnections?: number;
}

/** Defaults of the proxy's limits, documented in cli/README.md. */
export const PROXY_LIMITS = {
  maxPayload: 16 * 1024 * 1024,
  connectTimeoutMs: 10_000,
  idleTimeoutMs: 120_000,
  maxBufferedBytes: 1024 * 1024,
  requestTimeoutMs: 30_000,
  maxResponseBytes: 16 * 1024 * 1024,
  maxConnections: 1_000,
} as const;

export interface ProxyCounts {
  sockets: number;
  frames: { client: number; server: number };
  violations: number;
  deviations: number;
  /** Who ended each socket first. */
  closedBy: { client: number; contactCentre: number; proxy: number };
  /** Sockets and REST calls ended or refused by a limit: a timeout, a cap, the connection limit. */
  limited: number;
}

export interface RunningProxy {
  url: string;
  socketUrl: string;
  port: number;
  counts(): ProxyCounts;
  close(): Promise<void>;
}

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

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = parseTarget(options.target);
  const rest = new URL(options.restTarget ?? `${target.protocol === 'wss:' ? 'https' : 'http'}://${target.host}`);
  const profile = options.profile ?? 'tolerant';
  if (!PROFILES.includes(profile)) {
    throw new MockChatError('BAD_OPTION', `unknown profile ${JSON.stringify(profile)}`, 'use "tolerant" or "strict"');
  }
  const log = createLogger({ mode: options.log ?? 'pretty', out: options.logOut });
  const recording = options.record ? createCaptureWriter(options.record, (message) => log.warn(message)) : undefined;
  const limits = {
    maxPayload: options.maxPayload ?? PROXY_LIMITS.maxPayload,
    connectTimeoutMs: options.connectTimeoutMs ?? PROXY_LIMITS.connectTimeoutMs,
    idleTimeoutMs: options.idleTimeoutMs ?? PROXY_LIMITS.idleTimeoutMs,
    maxBufferedBytes: options.maxBufferedBytes ?? PROXY_LIMITS.maxBufferedBytes,
    requestTimeoutMs: options.requestTimeoutMs ?? PROXY_LIMITS.requestTimeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? PROXY_LIMITS.maxResponseBytes,
    maxConnections: options.maxConnections ?? PROXY_LIMITS.maxConnections,
  };
  const counts: ProxyCounts = {
    sockets: 0,
    frames: { client: 0, server: 0 },
    violations: 0,
    deviations: 0,
    closedBy: { client: 0, contactCentre: 0, proxy: 0 },
    limited: 0,
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayload });
  /** Socket pairs until both sides are closed. */
  const bridges = new Set<SocketBridge>();
  /** REST calls until their answer is finished or abandoned. */
  let restCalls = 0;
  let stopping = false;
  let socketUrl = '';
  /** host:port the proxy listens on: an absolute-form request target may name it. */
  let listening = '';

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
      // Too deep to check (and to write again): said as what it is, like serve says it.
      const tooDeep = seen.kind === 'json' && nestsDeeperThan(seen.frame, MAX_FRAME_DEPTH);
      const result =
        seen.kind !== 'json'
          ? { violations: [{ pointer: '', problem: NOT_JSON[seen.kind] }], deviations: [] }
          : tooDeep
            ? { violations: [{ pointer: '', problem: `nests deeper than ${MAX_FRAME_DEPTH} levels` }], deviations: [] }
            : checkInProfile(profile, direction, seen.frame);
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

  /** An HTTP answer on a raw socket (an upgrade or CONNECT), with why as its text body. */
  function refuse(socket: Duplex, status: number, text: string, why = ''): void {
    const body = why === '' ? '' : `${why}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    socket.destroy();
  }

  /** Where a request goes upstream, or why it goes nowhere (logged). */
  function upstreamOf(req: IncomingMessage, base: URL): Upstream {
    const upstream = upstreamUrl(base, req.url, [listening, String(req.headers.host ?? '')]);
    if ('refused' in upstream) {
      log.warn(`[proxy] refused ${req.method} ${req.url}: ${upstream.refused}; ${ONLY_TO_TARGET}`);
    }
    return upstream;
  }

  /** Sockets and REST calls at the limit: one more is refused with 503 and the reason. */
  function full(): string | undefined {
    if (bridges.size + restCalls < limits.maxConnections) return undefined;
    counts.limited += 1;
    const why = `mock-chat proxy holds its maximum of ${limits.maxConnections} sockets and REST calls (--max-connections)`;
    log.warn(`[proxy] refused a connection: ${why}`);
    return why;
  }

  function bridge(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => {});
    const asked = upstreamOf(req, target);
    if ('refused' in asked) {
      refuse(socket, 400, 'Bad Request', `${ONLY_TO_TARGET}: ${asked.refused}`);
      return;
    }
    const unavailable = stopping ? 'mock-chat proxy is shutting down' : full();
    if (unavailable !== undefined) {
      refuse(socket, 503, 'Service Unavailable', unavailable);
      return;
    }
    const upstreamSocketUrl = new URL(target.href);
    upstreamSocketUrl.search = asked.url.search;
    const connection = ++counts.sockets;
    /** The socket is in the capture from the contact centre's accepting it to the first side ending it. */
    let opened = false;
    const pair: SocketBridge = new SocketBridge(`proxy ${connection}`, req, socket, head, upstreamSocketUrl, {
      wss,
      limits,
      info: (message) => log.info(message),
      warn: (message) => log.warn(message),
      observe: (direction, data, isBinary) => observe(connection, direction, data, isBinary),
      refuse,
      opened() {
        // Recorded before the client's handshake is answered: server frames may come in between.
        opened = true;
        recording?.opened(connection, new Date());
      },
      ended(by, code, reason) {
        // The capture knows two sides: what the proxy itself closes, the client saw as the server's.
        if (opened)
          recording?.closed(connection, { code, reason, by: by === 'client' ? 'client' : 'server' }, new Date());
        if (by === 'client') counts.closedBy.client += 1;
        else if (by === 'contact centre') counts.closedBy.contactCentre += 1;
        else {
          counts.closedBy.proxy += 1;
          if (!stopping) counts.limited += 1;
        }
      },
    });
    bridges.add(pair);
    void pair.closed.then(() => bridges.delete(pair));
  }

  const server: Server = createServer((req, res) => {
    try {
      const forwarded = upstreamOf(req, rest);
      if ('refused' in forwarded) return sendFailure(res, 400, `${ONLY_TO_TARGET}: ${forwarded.refused}`);
      const tooMany = full();
      if (tooMany !== undefined) return sendFailure(res, 503, tooMany);
      restCalls += 1;
      res.once('close', () => {
        restCalls -= 1;
      });
      passRest(req, res, forwarded.url, {
        limits,
        socketUrl: () => socketUrl,
        info: (message) => log.info(message),
        warn: (message) => log.warn(message),
        limited: () => {
          counts.limited += 1;
        },
      });
    } catch (error) {
      log.warn(`[proxy] ${req.method} ${req.url} failed: ${(error as Error).message}`);
      sendFailure(res, 500, 'mock-chat proxy internal error');
    }
  });
  // A flood of idle TCP connections stops here, before any request is read.
  server.maxConnections = 2 * limits.maxConnections;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      bridge(req, socket, head);
    } catch (error) {
      log.warn(`[proxy] upgrade ${req.url} failed: ${(error as Error).message}`);
      refuse(socket, 500, 'Internal Server Error');
    }
  });
  // CONNECT asks for a tunnel to any host: this is no forward proxy.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => {});
    log.warn(`[proxy] refused CONNECT ${req.url}; ${ONLY_TO_TARGET}`);
    refuse(socket, 400, 'Bad Request', `${ONLY_TO_TARGET}: CONNECT (a tunnel to another host) is refused`);
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
  listening = `${hostForUrl}:${address.port}`;
  socketUrl = `ws://${hostForUrl}:${address.port}${target.pathname}`;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostForUrl}:${address.port}`,
    socketUrl,
    port: address.port,
    counts: () => structuredClone(counts),
    close() {
      closing ??= (async () => {
        stopping = true;
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Both sides of every socket get a close handshake; one that does not answer in time is cut.
        const pairs = [...bridges];
        const handshakes = Promise.all(pairs.map((pair) => pair.close(GOING_AWAY, 'mock-chat proxy is shutting down')));
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([handshakes, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)))]);
        clearTimeout(timer);
        for (const pair of pairs) pair.terminate();
        server.closeAllConnections();
        await stopped;
        await recording?.close();
        await log.close();
      })();
      return closing;
    },
  };
}

/** How long close() waits for the close handshakes of its sockets before cutting them. */
const CLOSE_GRACE_MS = 2000;

/** One line for the end of a proxy run. */
export function proxySummary(counts: ProxyCounts): string {
  const { client, contactCentre, proxy } = counts.closedBy;
  return `mock-chat proxy: ${counts.sockets} socket(s), ${counts.frames.client} client and ${counts.frames.server} server frames forwarded; ${counts.violations} violation(s), ${counts.deviations} deviation(s); sockets closed by the client ${client}, by the contact centre ${contactCentre}, by the proxy ${proxy}; ${counts.limited} stopped by a limit`;
}

/**
 * One client socket of `mock-chat proxy`, bridged to the contact centre. The upstream socket
 * is opened before the client's handshake is answered, so a refusal upstream (a 503, a 404)
 * reaches the client as the same status, and a close upstream as the same close code (an
 * abnormal end as a dropped connection).
 *
 * Held to limits, so no target and no client can hang or bloat the proxy:
 * - the contact centre must complete its handshake within `connectTimeoutMs`; when it does
 *   not, or cannot be reached, the client's handshake is accepted and closed at once with 1014
 *   (Bad Gateway) and the reason, which a WebSocket client can read (an HTTP status it cannot);
 * - a pair with no frame either way for `idleTimeoutMs` is closed: the client with 4408, the
 *   contact centre with 1001;
 * - backpressure: when more than `maxBufferedBytes` wait to be written to one side, the other
 *   side is no longer read (TCP then slows the sender) until half of it is written;
 * - the log says who closed first: the client, the contact centre or the proxy (and why).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { type WebSocketServer } from 'ws';

/** Close codes that may not be sent in a close frame; the peer learns of them as a dropped connection. */
const UNSENDABLE = new Set([1004, 1005, 1006, 1015]);

/** The contact centre could not be reached or did not complete its handshake (RFC 6455 registry: Bad Gateway). */
export const BAD_GATEWAY = 1014;
/** Nothing passed either way for the idle timeout (as HTTP 408 Request Timeout). */
export const IDLE = 4408;
/** The proxy is going away: an idle pair's upstream side, and both sides at shutdown. */
export const GOING_AWAY = 1001;

/** Headers a browser's handshake carries that the contact centre may look at. */
const FORWARDED_HEADERS = ['origin', 'cookie', 'user-agent', 'accept-language', 'authorization'];

export interface BridgeLimits {
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  maxBufferedBytes: number;
  maxPayload: number;
}

export interface BridgeDeps {
  wss: WebSocketServer;
  limits: BridgeLimits;
  info(message: string): void;
  warn(message: string): void;
  /** Checks, logs and records a frame on its way through. */
  observe(direction: 'client' | 'server', data: WebSocket.RawData, isBinary: boolean): void;
  /** An HTTP refusal on the client's raw socket. */
  refuse(socket: Duplex, status: number, text: string, why: string): void;
  /** The contact centre accepted the socket (before the client's handshake is answered). */
  opened(): void;
  /** Who ended the pair first, with the close code and reason the others got; called once. */
  ended(by: 'client' | 'contact centre' | 'proxy', code: number, reason: string): void;
}

/** A close reason fits in 123 bytes (a control frame's payload, less the code). */
function fitReason(reason: string): string {
  let fitted = reason;
  while (Buffer.byteLength(fitted) > 123) fitted = fitted.slice(0, -1);
  return fitted;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export class SocketBridge {
  readonly label: string;
  readonly #deps: BridgeDeps;
  readonly #upstream: WebSocket;
  #client: WebSocket | undefined;
  #rawClient: Duplex | undefined;
  #connectTimer: NodeJS.Timeout | undefined;
  #idleTimer: NodeJS.Timeout | undefined;
  #endedBy: 'client' | 'contact centre' | 'proxy' | undefined;
  /** Bytes handed to each side's `send` and not yet written to its TCP socket. */
  readonly #inFlight = new Map<WebSocket, number>();
  readonly #closed: Promise<void>;
  #resolveClosed: () => void = () => {};

  constructor(label: string, req: IncomingMessage, socket: Duplex, head: Buffer, upstreamUrl: URL, deps: BridgeDeps) {
    this.label = label;
    this.#deps = deps;
    this.#rawClient = socket;
    this.#closed = new Promise((resolve) => {
      this.#resolveClosed = resolve;
    });
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const limits = deps.limits;
    const upstream = new WebSocket(upstreamUrl, { headers, maxPayload: limits.maxPayload });
    this.#upstream = upstream;
    this.#connectTimer = setTimeout(() => {
      upstream.terminate();
      this.#failBeforeOpen(
        req,
        socket,
        head,
        `the contact centre did not answer within ${seconds(limits.connectTimeoutMs)} (--connect-timeout)`,
      );
    }, limits.connectTimeoutMs);
    socket.on('close', () => {
      // The client went away before its handshake was answered.
      if (this.#client === undefined && this.#rawClient !== undefined) {
        this.#rawClient = undefined;
        this.#end('client', 1006, '', 'it left before the contact centre answered');
        upstream.terminate();
      }
      this.#settle();
    });
    upstream.on('unexpected-response', (_request, response) => {
      this.#deps.warn(`[proxy] ${label}: the contact centre refused the socket with HTTP ${response.statusCode}`);
      this.#clearConnectTimer();
      upstream.terminate();
      this.#end('contact centre', 1006, '', `refused with HTTP ${response.statusCode}`);
      if (this.#rawClient) deps.refuse(socket, response.statusCode ?? 502, response.statusMessage ?? 'Refused', '');
      this.#rawClient = undefined;
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (this.#client === undefined) {
        this.#failBeforeOpen(req, socket, head, `the contact centre cannot be reached: ${error.code ?? error.message}`);
      } else {
        this.#deps.warn(`[proxy] ${label}: ${error.message}`);
        this.#client.terminate();
      }
    });
    upstream.on('open', () => {
      this.#clearConnectTimer();
      deps.opened();
      if (this.#rawClient === undefined) {
        upstream.close(GOING_AWAY, 'The client left');
        return;
      }
      deps.wss.handleUpgrade(req, socket, head, (ws) => this.#opened(ws, req));
    });
    upstream.on('message', (data, isBinary) => {
      this.#touch();
      deps.observe('server', data, isBinary);
      if (this.#client?.readyState === WebSocket.OPEN) this.#forward(upstream, this.#client, data, isBinary);
    });
    upstream.on('ping', () => this.#touch());
    upstream.on('pong', () => this.#touch());
    upstream.on('close', (code, reason) => {
      this.#clearConnectTimer();
      this.#end('contact centre', code, String(reason));
      const client = this.#client;
      if (client !== undefined && client.readyState !== WebSocket.CLOSED) {
        client.resume();
        if (UNSENDABLE.has(code)) client.terminate();
        else client.close(code, reason);
      }
      this.#settle();
    });
  }

  /** Resolves once both sides are closed. */
  get closed(): Promise<void> {
    return this.#closed;
  }

  /** Closes both sides with `code` (the shutdown of the proxy): a close handshake each, then a cut. */
  close(code: number, reason: string): Promise<void> {
    this.#end('proxy', code, reason, reason);
    this.#clearConnectTimer();
    if (this.#client === undefined) {
      this.#upstream.terminate();
      if (this.#rawClient) this.#deps.refuse(this.#rawClient, 503, 'Service Unavailable', reason);
      this.#rawClient = undefined;
    }
    for (const side of [this.#client, this.#upstream]) {
      side?.resume();
      if (side?.readyState === WebSocket.OPEN) side.close(code, fitReason(reason));
    }
    this.#settle();
    return this.#closed;
  }

  /** Cuts both sides at once. */
  terminate(): void {
    this.#clearConnectTimer();
    this.#upstream.terminate();
    this.#client?.terminate();
    this.#rawClient?.destroy();
    this.#rawClient = undefined;
    this.#settle();
  }

  /** Both sides are closed (a client that never got its handshake answered counts as closed once its socket is). */
  #settle(): void {
    const upstreamDone = this.#upstream.readyState === WebSocket.CLOSED;
    const clientDone = this.#client ? this.#client.readyState === WebSocket.CLOSED : this.#rawClient === undefined;
    if (upstreamDone && clientDone) this.#resolveClosed();
  }

  #opened(ws: WebSocket, req: IncomingMessage): void {
    this.#client = ws;
    this.#rawClient = undefined;
    const upstream = this.#upstream;
    this.#deps.info(`[proxy] ${this.label} opened: ${req.url} -> ${upstream.url}`);
    this.#touch();
    ws.on('message', (data, isBinary) => {
      this.#touch();
      this.#deps.observe('client', data, isBinary);
      if (upstream.readyState === WebSocket.OPEN) this.#forward(ws, upstream, data, isBinary);
    });
    ws.on('ping', () => this.#touch());
    ws.on('pong', () => this.#touch());
    ws.on('close', (code, reason) => {
      clearTimeout(this.#idleTimer);
      this.#end('client', code, String(reason));
      upstream.resume();
      if (UNSENDABLE.has(code)) upstream.terminate();
      else if (upstream.readyState === WebSocket.OPEN) upstream.close(code, reason);
      this.#settle();
    });
    ws.on('error', () => {});
    if (upstream.readyState === WebSocket.CLOSED) ws.close(GOING_AWAY, 'The contact centre closed');
  }

  /**
   * The contact centre cannot be used: the client's handshake is answered so that it learns why
   * (1014 and the reason), and closed at once.
   */
  #failBeforeOpen(req: IncomingMessage, socket: Duplex, head: Buffer, why: string): void {
    this.#clearConnectTimer();
    if (this.#endedBy !== undefined) return;
    this.#deps.warn(`[proxy] ${this.label}: ${why}; the client is closed with ${BAD_GATEWAY}`);
    this.#end('proxy', BAD_GATEWAY, fitReason(`Bad gateway: ${why}`), why);
    if (this.#rawClient === undefined) {
      this.#settle();
      return;
    }
    this.#deps.wss.handleUpgrade(req, socket, head, (ws) => {
      this.#client = ws;
      this.#rawClient = undefined;
      ws.on('error', () => {});
      ws.on('close', () => this.#settle());
      ws.close(BAD_GATEWAY, fitReason(`Bad gateway: ${why}`));
    });
  }

  /** Sends to one side; stops reading the other while too much waits to be written. */
  #forward(from: WebSocket, to: WebSocket, data: WebSocket.RawData, isBinary: boolean): void {
    const size = byteLength(data);
    const cap = this.#deps.limits.maxBufferedBytes;
    this.#inFlight.set(to, (this.#inFlight.get(to) ?? 0) + size);
    to.send(data, { binary: isBinary }, () => {
      const left = (this.#inFlight.get(to) ?? size) - size;
      this.#inFlight.set(to, left);
      if (from.isPaused && left <= cap / 2 && to.readyState === WebSocket.OPEN) from.resume();
    });
    if ((this.#inFlight.get(to) ?? 0) > cap && !from.isPaused) {
      from.pause();
      this.#deps.info(
        `[proxy] ${this.label}: ${to === this.#client ? 'the client' : 'the contact centre'} reads slower than the other side sends: over ${cap} bytes wait for it (--max-buffered); reading paused`,
      );
    }
  }

  /** A frame or ping passed: the idle clock starts again. */
  #touch(): void {
    if (this.#client === undefined) return;
    clearTimeout(this.#idleTimer);
    const ms = this.#deps.limits.idleTimeoutMs;
    this.#idleTimer = setTimeout(() => {
      const why = `no frame either way for ${seconds(ms)} (--idle-timeout)`;
      const reason = fitReason(`Idle: ${why}`);
      this.#deps.warn(`[proxy] ${this.label}: ${why}; closed`);
      this.#end('proxy', IDLE, reason, why);
      for (const side of [this.#client, this.#upstream]) side?.resume();
      this.#client?.close(IDLE, reason);
      if (this.#upstream.readyState === WebSocket.OPEN) this.#upstream.close(GOING_AWAY, 'The client is idle');
    }, ms);
  }

  #clearConnectTimer(): void {
    clearTimeout(this.#connectTimer);
    this.#connectTimer = undefined;
  }

  /** Who ended the pair, said once: `detail` in the log (the code when none is given). */
  #end(by: 'client' | 'contact centre' | 'proxy', code: number, reason: string, detail = String(code)): void {
    if (this.#endedBy !== undefined) return;
    this.#endedBy = by;
    clearTimeout(this.#idleTimer);
    this.#deps.info(`[proxy] ${this.label} closed by the ${by} (${detail})`);
    this.#deps.ended(by, code, reason);
  }
}

function byteLength(data: WebSocket.RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

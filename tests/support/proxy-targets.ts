/**
 * Contact centres for `mock-chat proxy` to face, polite and hostile, for the proxy's hardening
 * tests and its benchmark: one that says who it is (so a test knows where a request landed), one
 * that accepts TCP and never answers, one that floods every socket, one whose REST answer never
 * ends. Each listens on a free loopback port, counts what reached it, and closes everything it
 * opened in `close()`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import { WebSocketServer } from 'ws';

export interface Target {
  /** host:port, as a URL writes it ([::1]:port for IPv6). */
  hostPort: string;
  port: number;
  /** TCP connections accepted so far. */
  readonly connections: number;
  /** `METHOD target` of every HTTP request and upgrade, in order. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

interface Listening {
  port: number;
  hostPort: string;
  /** Open sockets, ended by close(). */
  sockets: Set<Socket>;
  /** Connections accepted so far, closed ones included. */
  accepted(): number;
}

/** Listens on `host` port 0 and tracks every socket, so close() ends them all. */
async function listening(server: Server | TcpServer, host: string): Promise<Listening> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    port,
    hostPort: host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`,
    sockets,
    accepted: () => accepted,
  };
}

function closer(server: Server | TcpServer, sockets: Set<Socket>, before?: () => void): () => Promise<void> {
  return async () => {
    before?.();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

export interface IdentifyingTarget extends Target {
  /** `CODE REASON` of every WebSocket that closed, in order. */
  readonly closes: readonly string[];
  /** Closes every open WebSocket from this side. */
  closeSockets(code: number, reason: string): void;
}

/** A Target over a listening server: its address, what reached it, and close(). */
function target(server: Server | TcpServer, at: Listening, requests: readonly string[], before?: () => void): Target {
  return {
    hostPort: at.hostPort,
    port: at.port,
    get connections() {
      return at.accepted();
    },
    requests,
    close: closer(server, at.sockets, before),
  };
}

/**
 * Answers every HTTP request 200 `NAME METHOD TARGET` (text) and accepts a WebSocket on any
 * path, echoing each frame; counts connections and requests, and says how sockets closed.
 */
export async function identifyingServer(name: string, host = '127.0.0.1'): Promise<IdentifyingTarget> {
  const closes: string[] = [];
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    const body = `${name} ${req.method} ${req.url}`;
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    requests.push(`UPGRADE ${req.url}`);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
      ws.on('close', (code, reason) => closes.push(`${code} ${reason}`));
    });
  });
  const base = target(server, await listening(server, host), requests, () => {
    for (const client of wss.clients) client.terminate();
  });
  return Object.assign(base, {
    closes,
    closeSockets(code: number, reason: string) {
      for (const client of wss.clients) client.close(code, reason);
    },
  });
}

/** Accepts TCP connections and never sends a byte: neither an HTTP answer nor a handshake. */
export async function silentTarget(): Promise<Target> {
  const server = createTcpServer();
  server.on('connection', (socket) => socket.on('error', () => {}));
  return target(server, await listening(server, '127.0.0.1'), []);
}

/**
 * A WebSocket contact centre that sends `frames` frames of `frameBytes` each to every socket as
 * fast as its own socket takes them (it respects backpressure itself), and answers REST with
 * `restBytes` of JSON-looking text that never has to end before `restBytes` are sent.
 */
export async function floodingTarget(options: {
  frameBytes: number;
  frames: number;
  restBytes?: number;
}): Promise<Target & { /** Frames the flood wrote so far, over every socket. */ readonly sent: number }> {
  const requests: string[] = [];
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    let left = options.restBytes ?? 0;
    const pump = () => {
      while (left > 0) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (!res.write(piece)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('error', () => {});
    pump();
  });
  const frame = Buffer.alloc(options.frameBytes, 'f');
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    requests.push(`UPGRADE ${req.url}`);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => {});
      let left = options.frames;
      const pump = () => {
        // Sends while its own buffer is small: the flood is as fast as the proxy reads.
        while (left > 0 && ws.readyState === ws.OPEN && ws.bufferedAmount < 4 * options.frameBytes) {
          left -= 1;
          sent += 1;
          ws.send(frame);
        }
        if (left > 0 && ws.readyState === ws.OPEN) setImmediate(pump);
      };
      pump();
    });
  });
  const base = target(server, await listening(server, '127.0.0.1'), requests, () => {
    for (const client of wss.clients) client.terminate();
  });
  return Object.defineProperty(base, 'sent', { get: () => sent, enumerable: true }) as Target & {
    readonly sent: number;
  };
}

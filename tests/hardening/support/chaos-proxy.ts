/**
 * A TCP proxy on 127.0.0.1 in front of the mock contact centre, for the chaos test. It pipes
 * bytes both ways and, on command, breaks the network the way real networks break:
 * - `dropAll()`: every live connection is reset (no WebSocket close frame: the client sees 1006);
 * - `restart(ms)`: a server restart between frames: connections reset, and for `ms` every new
 *   connection is reset at once (it fails as one to a restarting server does), then accepted
 *   again. The port stays the proxy's throughout: given up and listened on again, it could be
 *   taken meanwhile by anything else on a shared machine;
 * - `dropOnNextRenew(mode)`: the next renewChat frame a client sends kills its connection, either
 *   before the frame reaches the server or just after (the server renews into a dead socket).
 * Client frames are parsed (RFC 6455 framing, masked) only to see a renewChat go by.
 */
import net from 'node:net';
import { Changes } from '../../support/changes.js';

export type RenewDropMode = 'before' | 'after';

export interface ChaosProxy {
  /** http://127.0.0.1:PORT (REST and the /chat socket both go through it). */
  readonly url: string;
  readonly port: number;
  /** Live WebSocket connections (upgrade requests to /chat) piped now. */
  readonly liveSockets: number;
  /** Whether a renewChat drop is armed and has not happened yet. */
  readonly armed: boolean;
  /** Connections reset by each kind of fault. */
  readonly killed: { abnormal: number; restart: number; renew: number };
  dropAll(): number;
  restart(downMs: number): Promise<void>;
  /**
   * Resolves once `check` holds, looked at now and whenever a connection opens its socket or
   * goes, or an armed renew drop happens; rejects after `timeoutMs`.
   */
  until(check: () => boolean, what: string, timeoutMs: number): Promise<true>;
  dropOnNextRenew(mode: RenewDropMode): void;
  close(): Promise<void>;
}

interface Pipe {
  client: net.Socket;
  upstream: net.Socket;
  /** null until the first bytes say whether this is a /chat upgrade. */
  websocket: boolean | null;
  handshakeDone: boolean;
  pending: Buffer;
  /** The upstream is ending gracefully (a renew let through): never reset it. */
  draining: boolean;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Length of the first complete frame in `data`, and whether it is a renewChat; null if incomplete. */
function nextFrame(data: Buffer): { length: number; renew: boolean } | null {
  if (data.length < 2) return null;
  const second = data[1] as number;
  const masked = (second & 0x80) !== 0;
  let payloadLength = second & 0x7f;
  let offset = 2;
  if (payloadLength === 126) {
    if (data.length < 4) return null;
    payloadLength = data.readUInt16BE(2);
    offset = 4;
  } else if (payloadLength === 127) {
    if (data.length < 10) return null;
    payloadLength = Number(data.readBigUInt64BE(2));
    offset = 10;
  }
  const maskOffset = offset;
  if (masked) offset += 4;
  const length = offset + payloadLength;
  if (data.length < length) return null;
  const payload = Buffer.from(data.subarray(offset, length));
  if (masked) {
    for (let i = 0; i < payload.length; i++)
      payload[i] = (payload[i] as number) ^ (data[maskOffset + (i % 4)] as number);
  }
  return { length, renew: payload.toString('utf8').includes('"renewChat"') };
}

export async function startChaosProxy(targetPort: number): Promise<ChaosProxy> {
  const pipes = new Set<Pipe>();
  const changes = new Changes();
  const killed = { abnormal: 0, restart: 0, renew: 0 };
  let renewDrop: RenewDropMode | null = null;
  let server: net.Server | null = null;
  let port = 0;
  /** Restarting: new connections are reset as they come. */
  let down = false;

  function kill(pipe: Pipe): void {
    pipes.delete(pipe);
    if (!pipe.client.destroyed) pipe.client.resetAndDestroy();
    if (!pipe.draining && !pipe.upstream.destroyed) pipe.upstream.resetAndDestroy();
    changes.changed();
  }

  /** Client bytes: forwarded, unless a renewChat frame among them is armed to die. */
  function fromClient(pipe: Pipe, chunk: Buffer): void {
    if (pipe.websocket === null) pipe.websocket = chunk.subarray(0, 9).toString('latin1') === 'GET /chat';
    if (!pipe.websocket) {
      pipe.upstream.write(chunk);
      return;
    }
    pipe.pending = Buffer.concat([pipe.pending, chunk]);
    if (!pipe.handshakeDone) {
      const end = pipe.pending.indexOf(HEADER_END);
      if (end === -1) return;
      pipe.upstream.write(pipe.pending.subarray(0, end + HEADER_END.length));
      pipe.pending = pipe.pending.subarray(end + HEADER_END.length);
      pipe.handshakeDone = true;
      changes.changed();
    }
    for (let frame = nextFrame(pipe.pending); frame !== null; frame = nextFrame(pipe.pending)) {
      const bytes = pipe.pending.subarray(0, frame.length);
      pipe.pending = pipe.pending.subarray(frame.length);
      if (frame.renew && renewDrop !== null) {
        const mode = renewDrop;
        renewDrop = null;
        killed.renew += 1;
        pipes.delete(pipe);
        if (mode === 'after') {
          // The server gets the renew, then end of stream; the client never sees the answer.
          pipe.draining = true;
          pipe.upstream.end(bytes);
          pipe.client.resetAndDestroy();
        } else {
          kill(pipe);
        }
        changes.changed();
        return;
      }
      pipe.upstream.write(bytes);
    }
  }

  function accept(client: net.Socket): void {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
    const pipe: Pipe = {
      client,
      upstream,
      websocket: null,
      handshakeDone: false,
      pending: Buffer.alloc(0),
      draining: false,
    };
    pipes.add(pipe);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.on('data', (chunk: Buffer) => fromClient(pipe, chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
    const end = () => kill(pipe);
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  }

  function listen(): Promise<void> {
    const created = net.createServer(accept);
    server = created;
    return new Promise((resolve, reject) => {
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        created.off('error', reject);
        const address = created.address();
        if (typeof address === 'object' && address !== null) port = address.port;
        resolve();
      });
    });
  }

  function stopListening(): Promise<void> {
    const current = server;
    server = null;
    if (current === null) return Promise.resolve();
    return new Promise((resolve) => current.close(() => resolve()));
  }

  function dropAll(): number {
    const live = [...pipes].filter((p) => p.websocket === true);
    for (const pipe of [...pipes]) kill(pipe);
    return live.length;
  }

  await listen();

  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    get liveSockets() {
      return [...pipes].filter((p) => p.websocket === true && p.handshakeDone).length;
    },
    get armed() {
      return renewDrop !== null;
    },
    killed,
    dropAll() {
      const count = dropAll();
      killed.abnormal += count;
      return count;
    },
    async restart(downMs) {
      down = true;
      killed.restart += dropAll();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      down = false;
    },
    until: (check, what, timeoutMs) =>
      changes.until(
        () => check() || undefined,
        () => `${what} (live sockets ${[...pipes].length}, renew drop armed: ${renewDrop !== null})`,
        timeoutMs,
      ),
    dropOnNextRenew(mode) {
      renewDrop = mode;
    },
    async close() {
      renewDrop = null;
      const closing = stopListening();
      dropAll();
      await closing;
    },
  };
}

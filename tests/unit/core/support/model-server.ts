/**
 * A contact centre for the model-based test of the chat session, over the fake sockets: it
 * reads what the widget sent only when told to (so a drop in between loses those frames on the
 * wire), answers in order, and its answers reach the widget only when told to (so a drop in
 * between loses them). Its manners: acknowledgements or none, pongs or none.
 */
import { FakeSocket } from './fake-env.js';

export interface Manners {
  /** Acknowledges every newMessage (the protocol makes it optional). */
  acks: boolean;
  /** Answers every ping with pong. */
  pongs: boolean;
}

export interface TranscriptEntry {
  sender: 'customer' | 'live_agent';
  text: string;
  timestamp: number;
}

/** A fake socket that remembers when each frame went out (for "never stuck 'Sending…'"). */
export class TimedSocket extends FakeSocket {
  readonly sentAt: number[] = [];
  openedAt: number | null = null;

  override send(data: string): void {
    super.send(data);
    this.sentAt.push(Date.now());
  }

  override open(): void {
    this.openedAt = Date.now();
    super.open();
  }
}

type Frame = { body: { method: string; message?: string } };

export class ModelServer {
  readonly transcript: TranscriptEntry[] = [];
  /** closeConversation reached the server on the chat's socket. */
  closedByCustomer = false;
  /** The widget has received a pong in this chat (its liveness check applies from then on). */
  pongDelivered = false;
  /**
   * An agent message reached the widget before any acknowledgement did: until then the widget
   * cannot know this server acknowledges, and such a message may show either side of customer
   * messages it crossed on the wire.
   */
  agentBeforeFirstAck = false;
  private ackDelivered = false;
  private readonly readUpTo = new Map<FakeSocket, number>();
  private readonly outbox = new Map<FakeSocket, unknown[]>();
  private readonly silent = new Set<FakeSocket>();
  private agentMessages = 0;

  /** `session`: the socket the chat was confirmed on (its requestChat already read). */
  constructor(
    readonly manners: Manners,
    private session: FakeSocket,
  ) {
    this.readUpTo.set(session, session.sent.length);
  }

  private last(): FakeSocket | null {
    return FakeSocket.instances.at(-1) ?? null;
  }

  /** The socket the server can talk on: open, not gone silent. */
  private live(): FakeSocket | null {
    const socket = this.last();
    return socket !== null && socket.readyState === 1 && !this.silent.has(socket) ? socket : null;
  }

  /**
   * The server reads what reached it: every socket still open, and what a socket the widget
   * closed itself sent before its close frame (TCP delivers it). A dropped socket's unread
   * frames are lost, as on a real network; a silent socket's too.
   */
  reads(): void {
    for (const socket of FakeSocket.instances) {
      if (this.silent.has(socket)) continue;
      if (socket.readyState !== 1 && socket.closedWith === null) continue;
      const from = this.readUpTo.get(socket) ?? 0;
      if (from >= socket.sent.length) continue;
      this.readUpTo.set(socket, socket.sent.length);
      for (const frame of socket.sent.slice(from) as Frame[]) this.read(socket, frame);
    }
  }

  private read(socket: FakeSocket, frame: Frame): void {
    const out = this.queue(socket);
    switch (frame.body.method) {
      case 'renewChat':
        // The chat moves to this socket; the full transcript is replayed, in order.
        this.session = socket;
        for (const entry of this.transcript) out.push(newMessage(entry));
        return;
      case 'newMessage':
        if (socket !== this.session || this.closedByCustomer) return;
        this.transcript.push({ sender: 'customer', text: frame.body.message ?? '', timestamp: Date.now() });
        if (this.manners.acks) out.push({ apiVersion: '1.0', type: 'acknowledgement', body: { method: 'newMessage' } });
        return;
      case 'ping':
        if (this.manners.pongs) out.push({ apiVersion: '1.0', type: 'notification', body: { method: 'pong' } });
        return;
      case 'closeConversation':
        if (socket === this.session) this.closedByCustomer = true;
        return;
      default:
        return;
    }
  }

  private queue(socket: FakeSocket): unknown[] {
    let out = this.outbox.get(socket);
    if (out === undefined) {
      out = [];
      this.outbox.set(socket, out);
    }
    return out;
  }

  /** What the server sent on the live socket reaches the widget, in order. */
  delivers(): void {
    const socket = this.live();
    if (socket === null) return;
    const out = this.queue(socket);
    while (out.length > 0 && socket.readyState === 1) {
      const frame = out.shift() as Frame & { type: string };
      if (frame.body.method === 'pong') this.pongDelivered = true;
      if (frame.type === 'acknowledgement') this.ackDelivered = true;
      if (frame.body.method === 'newMessage' && !this.ackDelivered) this.agentBeforeFirstAck = true;
      socket.receiveRaw(frame);
    }
  }

  /** The agent writes: in the transcript at once, on the wire if the chat's socket is up. */
  agentSays(): void {
    if (this.closedByCustomer) return;
    this.agentMessages += 1;
    const entry: TranscriptEntry = { sender: 'live_agent', text: `Agent ${this.agentMessages}`, timestamp: Date.now() };
    this.transcript.push(entry);
    const socket = this.live();
    if (socket !== null && socket === this.session) this.queue(socket).push(newMessage(entry));
  }

  /** The socket goes half-open: nothing gets through either way any more. */
  halfOpen(): void {
    const socket = this.live();
    if (socket !== null) this.silent.add(socket);
  }

  texts(sender: TranscriptEntry['sender']): string[] {
    return this.transcript.filter((e) => e.sender === sender).map((e) => e.text);
  }
}

function newMessage(entry: TranscriptEntry): unknown {
  return {
    apiVersion: '1.0',
    type: 'notification',
    body: {
      method: 'newMessage',
      senderType: entry.sender,
      message: entry.text,
      timestamp: entry.timestamp,
      type: 'text',
      displayName: entry.sender === 'customer' ? 'Ada' : 'Alex',
    },
  };
}

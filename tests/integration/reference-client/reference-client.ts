/**
 * A third-party client of the chat protocol, written from the protocol notes (the facts are in
 * specs/chat-socket.asyncapi.yaml, "Other clients and other deployments", and the mock's README)
 * and NOT from the widget's code: the vendor's reference web-chat client as the notes describe
 * what it sends and reads.
 *
 * It sends: requestChat exactly as the notes show it (a custom field without a value, country and
 * area in intrinsics, workRequestId null, leaseTime 1, no textDirection, no marketing flag);
 * coBrowseStatus right after the chat is confirmed; queueStatus about 3 s after queueing; pings
 * every 5 s from socket open; after a drop, renewChat without requestFullTranscript, every 3 s,
 * up to 200 tries; optionally apiVersion as a number. Its timers run on the mock's scaled clock
 * (divided by the server's `speed`), so "3 s" is 3 s of the scenario's time.
 *
 * It reads like the reference client and refuses what that client cannot read: element 0 of
 * both on-hold arrays of every confirmation, `address` of a shared file, the documented
 * queueStatus shape, a message's text; an unknown notification method or frame type. Every
 * error frame is kept; the test decides which, if any, a scenario may send.
 */
import WebSocket from 'ws';

export interface ReferenceClientOptions {
  /** The socket URL, e.g. ws://127.0.0.1:PORT/chat?scenario=happy-path. */
  url: string;
  /** The mock's speed: every timer of this client is divided by it. */
  speed: number;
  /** Older clients send apiVersion as the number 1. */
  numericApiVersion?: boolean;
}

/** How the chat ended, as this client saw it. */
export type Ending =
  | { how: 'closeConversation'; result: boolean }
  | { how: 'routeCancel' }
  | { how: 'agentEnded' }
  | { how: 'serverClosed'; code: number }
  | { how: 'error'; code: number }
  | { how: 'gaveUp'; tries: number };

export interface Unreadable {
  frame: unknown;
  why: string;
}

/** The notes' figures: a ping every 5 s, a reconnect every 3 s, up to 200 tries, queueStatus 3 s after queueing. */
const PING_MS = 5000;
const RETRY_MS = 3000;
const MAX_TRIES = 200;
const QUEUE_STATUS_AFTER_MS = 3000;
const NORMAL_CLOSES = [1000, 1005];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class ReferenceClient {
  /** Every error frame received. */
  readonly errors: Json[] = [];
  /** Every frame this client could not read, and why. */
  readonly unreadable: Unreadable[] = [];
  /** Agent and bot messages, in order. */
  readonly agentMessages: { from: string; text: string; timestamp: number }[] = [];
  /** Download addresses of shared files. */
  readonly files: string[] = [];
  readonly pushedPages: string[] = [];
  readonly queueStatus: { positionInQueue: number; estimatedWaitTime: number }[] = [];
  readonly agents = new Set<string>();
  session: { guid: number; authenticationKey: string } | undefined;
  /** Element 0 of each on-hold array of the last confirmation. */
  onHold: { comfort: Json; urls: Json } | undefined;
  sentRequest = false;
  drops = 0;
  renews = 0;
  /** Answers to pings (pong, ping, or the documented pong written as a request). */
  pongs = 0;
  ending: Ending | undefined;
  /** The socket is closed and this client will not open another. */
  finished = false;
  #ws: WebSocket | undefined;
  #open = false;
  #tries = 0;
  #retryAllowed = true;
  readonly #timers = new Set<NodeJS.Timeout>();
  #pingTimer: NodeJS.Timeout | undefined;
  readonly #waiters = new Set<() => void>();
  readonly #options: ReferenceClientOptions;

  constructor(options: ReferenceClientOptions) {
    this.#options = options;
  }

  /** Opens the socket and asks for a chat. */
  start(): void {
    this.#connect();
  }

  get open(): boolean {
    return this.#open;
  }

  /** The visitor writes a message. */
  say(text: string): void {
    this.#send({ method: 'newMessage', message: text, type: 'text', data: { message: text }, customData: {} });
  }

  /** The visitor ends the chat. */
  endChat(): void {
    this.#send({ method: 'closeConversation' });
  }

  /** Resolves once `predicate` holds, checked after every frame and socket event; rejects after `timeoutMs`. */
  until(predicate: (client: this) => boolean, timeoutMs = 10_000): Promise<void> {
    if (predicate(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`reference client: not true within ${timeoutMs} ms; ${this.describe()}`));
      }, timeoutMs);
      const check = () => {
        if (!predicate(this)) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      this.#waiters.add(check);
    });
  }

  /** What the client has seen so far, for a failure message. */
  describe(): string {
    return JSON.stringify({
      session: this.session !== undefined,
      agents: [...this.agents],
      agentMessages: this.agentMessages.map((m) => m.text),
      errors: this.errors,
      unreadable: this.unreadable,
      drops: this.drops,
      renews: this.renews,
      ending: this.ending,
      finished: this.finished,
    });
  }

  /** Stops everything: timers, and the socket (closed with 1000, as a client whose visitor left). */
  stop(): void {
    this.#retryAllowed = false;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    clearInterval(this.#pingTimer);
    if (this.#ws && this.#ws.readyState !== WebSocket.CLOSED) this.#ws.close(1000);
    this.#ws?.removeAllListeners();
    this.finished = true;
  }

  #after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      run();
    }, ms / this.#options.speed);
    this.#timers.add(timer);
  }

  #changed(): void {
    for (const check of [...this.#waiters]) check();
  }

  #frame(body: Json): Json {
    return { apiVersion: this.#options.numericApiVersion ? 1 : '1.0', type: 'request', authToken: '', body };
  }

  #send(body: Json): void {
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(JSON.stringify(this.#frame(body)));
  }

  #connect(): void {
    const ws = new WebSocket(this.#options.url);
    this.#ws = ws;
    ws.on('open', () => this.#opened());
    ws.on('message', (data) => this.#read(String(data)));
    ws.on('close', (code) => this.#closed(code));
    // A refused upgrade (HTTP 503) is a failed try; 'close' follows.
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      ws.terminate();
    });
    ws.on('error', () => {});
  }

  #opened(): void {
    this.#open = true;
    this.#tries = 0;
    clearInterval(this.#pingTimer);
    this.#pingTimer = setInterval(() => this.#send({ method: 'ping' }), PING_MS / this.#options.speed);
    if (this.session === undefined) {
      this.#send(this.#requestChat());
      this.sentRequest = true;
    } else {
      // After a network drop: no requestFullTranscript (the notes: the reference client leaves it out).
      this.#send({ method: 'renewChat', guid: this.session.guid, authenticationKey: this.session.authenticationKey });
      this.renews += 1;
    }
    this.#changed();
  }

  /** requestChat exactly as the notes show the reference client sending it. */
  #requestChat(): Json {
    return {
      method: 'requestChat',
      deviceType: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
      routePointIdentifier: 'Default',
      workFlowType: '',
      requestTranscript: false,
      workRequestId: null,
      calledParty: 'https://www.example.com/models',
      leaseTime: 1,
      intrinsics: {
        channelAttribute: 'Chat',
        attributes: ['Language.English'],
        email: 'ada@example.com',
        name: 'Ada',
        lastName: 'Lovelace',
        country: '+1',
        area: '512',
        phoneNumber: '5550143',
        topic: '',
        customFields: [{ title: 'InteractionType.CC_Sale' }],
      },
      priority: 5,
      customData: {},
    };
  }

  #closed(code: number): void {
    const wasOpen = this.#open;
    this.#open = false;
    clearInterval(this.#pingTimer);
    if (this.finished) return;
    const final = this.ending !== undefined || !this.#retryAllowed || this.session === undefined;
    if (final || NORMAL_CLOSES.includes(code)) {
      this.ending ??= { how: 'serverClosed', code };
      this.finished = true;
      this.#changed();
      return;
    }
    if (wasOpen) this.drops += 1;
    if (this.#tries >= MAX_TRIES) {
      this.ending = { how: 'gaveUp', tries: this.#tries };
      this.finished = true;
      this.#changed();
      return;
    }
    this.#tries += 1;
    this.#after(RETRY_MS, () => this.#connect());
    this.#changed();
  }

  #cannotRead(frame: unknown, why: string): void {
    this.unreadable.push({ frame, why });
  }

  #read(text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      this.#cannotRead(text, 'not JSON');
      this.#changed();
      return;
    }
    try {
      this.#dispatch(frame);
    } catch (error) {
      this.#cannotRead(frame, (error as Error).message);
    }
    this.#changed();
  }

  #dispatch(frame: unknown): void {
    if (!isObject(frame) || !isObject(frame.body)) throw new Error('no body');
    const body = frame.body;
    switch (frame.type) {
      case 'acknowledgement':
      case 'newChatAcknowledgement':
        return;
      case 'error':
        this.#error(body);
        return;
      // The vendor documentation writes the pong as a request.
      case 'request':
        if (body.method !== 'pong') throw new Error(`a request ${String(body.method)} from the server`);
        this.pongs += 1;
        return;
      case 'notification':
        this.#notification(body);
        return;
      default:
        throw new Error(`unknown frame type ${JSON.stringify(frame.type)}`);
    }
  }

  #error(body: Json): void {
    this.errors.push(body);
    const code = Number(body.code);
    if (code === 1) return;
    // Any other code (503 maintenance included): stop reconnecting, forget the session, close.
    this.#retryAllowed = false;
    this.ending ??= { how: 'error', code };
    this.#ws?.close(1000);
  }

  #notification(body: Json): void {
    switch (body.method) {
      case 'requestChat':
        this.#confirmed(body);
        return;
      case 'newParticipant':
        this.agents.add(text(body.agentId, 'agentId'));
        text(body.displayName, 'displayName');
        return;
      case 'participantLeave':
        this.agents.delete(text(body.agentId, 'agentId'));
        if (body.endChatFlag === true) {
          this.#retryAllowed = false;
          this.ending ??= { how: 'agentEnded' };
        }
        return;
      case 'isTyping':
        text(body.agentId, 'agentId');
        return;
      case 'newMessage': {
        const message = body.type === 'widget' && isObject(body.data) ? body.data.text : body.message;
        if (typeof body.timestamp !== 'number') throw new Error('newMessage without a timestamp');
        this.agentMessages.push({
          from: typeof body.displayName === 'string' ? body.displayName : '',
          text: text(message, 'message'),
          timestamp: body.timestamp,
        });
        return;
      }
      case 'newAgentFileTransfer':
        // The only field the reference client reads.
        this.files.push(text(body.address, 'address of newAgentFileTransfer'));
        return;
      case 'queueStatus':
        this.queueStatus.push({
          positionInQueue: number(body.positionInQueue, 'positionInQueue'),
          estimatedWaitTime: number(body.estimatedWaitTime, 'estimatedWaitTime'),
        });
        return;
      case 'newPushPageMessage':
        this.pushedPages.push(text(body.pagePushURL, 'pagePushURL'));
        return;
      case 'closeConversation':
        this.#retryAllowed = false;
        this.ending ??= { how: 'closeConversation', result: body.result === true };
        // The documented shape: on result true the client closes the socket itself.
        if (body.result === true) this.#ws?.close(1000);
        return;
      case 'routeCancel':
        this.#retryAllowed = false;
        this.ending ??= { how: 'routeCancel' };
        return;
      case 'ping':
      case 'pong':
        this.pongs += 1;
        return;
      case 'newCoBrowseSessionKeyMessage':
        return;
      default:
        throw new Error(`unknown notification ${JSON.stringify(body.method)}`);
    }
  }

  #confirmed(body: Json): void {
    const first = this.session === undefined;
    const comfort = (body.webOnHoldComfortGroups as unknown[] | undefined)?.[0];
    const urls = (body.webOnHoldURLs as unknown[] | undefined)?.[0];
    // The reference client reads element 0 of each and throws without it.
    if (!isObject(comfort)) throw new Error('requestChat without webOnHoldComfortGroups[0]');
    if (!isObject(urls)) throw new Error('requestChat without webOnHoldURLs[0]');
    this.onHold = { comfort, urls };
    this.session = {
      guid: number(body.guid, 'guid'),
      authenticationKey: text(body.authenticationKey, 'authenticationKey'),
    };
    if (!first) return;
    this.#send({ method: 'coBrowseStatus', isEnabled: false });
    this.#after(QUEUE_STATUS_AFTER_MS, () => this.#send({ method: 'queueStatus' }));
  }
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`${what} is not text`);
  return value;
}

function number(value: unknown, what: string): number {
  if (typeof value !== 'number') throw new Error(`${what} is not a number`);
  return value;
}

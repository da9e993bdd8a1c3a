/**
 * A spec-following test client for the mock contact centre: real `ws` socket, frames as
 * the widget sends them, and helpers that wait for the frames a story promises.
 */
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { ClientFrame, ServerFrame } from '../../../generated/chat-socket.js';
import { type MockServer, type MockServerOptions, startMockServer } from '../../../mock-server/index.js';
import { WAIT_MS } from '../../support/patience.js';

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };
export const AVAILABILITY_FORM =
  'locale=en-us&chatLiteFlag=false&triagePreChat=false&hideOnMobiles=false&ifEnergyPage=false';

export function start(scenario: MockServerOptions['scenario'], options: MockServerOptions = {}): Promise<MockServer> {
  return startMockServer({ scenario, port: 0, speed: 40, seed: 7, profile: 'strict', ...options });
}

export async function checkAvailability(server: MockServer, body = AVAILABILITY_FORM, query = '') {
  const response = await fetch(`${server.url}/conversation/check-availability-v2${query}`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const request = (body: ClientFrame['body']): ClientFrame => ({
  apiVersion: '1.0',
  type: 'request',
  authToken: '',
  body,
});

export const frames = {
  requestChat: (name = 'Ada'): ClientFrame =>
    request({
      method: 'requestChat',
      deviceType: 'Mozilla/5.0 (test)',
      routePointIdentifier: 'Sales_prod',
      workFlowType: '',
      requestTranscript: false,
      workRequestId: null,
      calledParty: 'https://www.example.com/models',
      leaseTime: 0,
      intrinsics: {
        channelAttribute: 'Chat',
        textDirection: 'LTR',
        attributes: ['Country.US', 'Language.English', 'LOB.Sales', 'Concern.Drive'],
        email: 'ada@example.com',
        name,
        lastName: 'Lovelace',
        phoneNumber: '+12025550143',
        getBrandUpdates: true,
        topic: '',
        customFields: [{ title: 'getUpdates', value: 'Yes' }],
      },
      priority: 5,
      customData: {},
    }),
  renewChat: (guid: number, authenticationKey: string, requestFullTranscript: boolean): ClientFrame =>
    request({ method: 'renewChat', guid, authenticationKey, requestFullTranscript }),
  newMessage: (message: string): ClientFrame =>
    request({ method: 'newMessage', message, type: 'text', data: { message }, customData: {} }),
  isTyping: (): ClientFrame => request({ method: 'isTyping', isTyping: true }),
  ping: (): ClientFrame => request({ method: 'ping' }),
  closeConversation: (): ClientFrame => request({ method: 'closeConversation' }),
};

type Predicate = (frame: ServerFrame) => boolean;

export const isNotification =
  (method: string): Predicate =>
  (frame) =>
    frame.type === 'notification' && frame.body.method === method;
export const isError: Predicate = (frame) => frame.type === 'error';
/** An agent's newMessage with exactly this text. */
export const saidText =
  (text: string): Predicate =>
  (frame) =>
    isNotification('newMessage')(frame) && (frame.body as { message?: string }).message === text;

/** A socket that keeps every frame it receives and can wait for the next one matching. */
export class TestClient {
  readonly ws: WebSocket;
  readonly received: ServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #cursor = 0;
  #waiters: (() => void)[] = [];

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => {
      this.received.push(JSON.parse(String(data)) as ServerFrame);
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        for (const wake of this.#waiters.splice(0)) wake();
      });
    });
    ws.on('error', () => {});
  }

  static connect(url: string): Promise<TestClient> {
    const ws = new WebSocket(url);
    const client = new TestClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  send(frame: ClientFrame | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /**
   * The next received frame (after earlier next() calls) matching. `timeoutMs` only turns a
   * frame that never comes into a failure that lists what did come (tests/support/patience.ts).
   */
  async next(predicate: Predicate = () => true, timeoutMs = WAIT_MS): Promise<ServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.#cursor; i < this.received.length; i++) {
        const frame = this.received[i] as ServerFrame;
        if (predicate(frame)) {
          this.#cursor = i + 1;
          return frame;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(
          `no matching frame within ${timeoutMs} ms; received: ${JSON.stringify(this.received.slice(this.#cursor))}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Forgets where next() stopped (after the received list was cleared). */
  rewind(): void {
    this.#cursor = 0;
  }

  /** Sends requestChat and returns the confirmation's session identifiers. */
  async requestChat(name = 'Ada') {
    this.send(frames.requestChat(name));
    const confirmed = await this.next(isNotification('requestChat'));
    const body = confirmed.body as { guid: number; authenticationKey: string; workRequestId: string };
    return {
      guid: body.guid,
      authenticationKey: body.authenticationKey,
      workRequestId: body.workRequestId,
      frame: confirmed,
    };
  }

  close(): void {
    this.ws.terminate();
  }
}

/**
 * A `connect(server, query?)` whose clients are closed after each test: to the server's socket
 * URL with the query (such as `?scenario=name`) appended, or to a URL given as is (the
 * `webChatUrl` an availability answer names).
 */
export function clientsClosedAfterEach(): (server: MockServer | string, query?: string) => Promise<TestClient> {
  const clients: TestClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  return async (server, query = '') => {
    const url = typeof server === 'string' ? server : server.socketUrl;
    const client = await TestClient.connect(`${url}${query}`);
    clients.push(client);
    return client;
  };
}

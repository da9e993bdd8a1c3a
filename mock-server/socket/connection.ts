/**
 * One WebSocket on /chat. Every frame in and out goes through the contract: an incoming
 * frame that is not JSON, nests deeper than MAX_FRAME_DEPTH or breaks the profile (tolerant
 * by default: what a real server accepts) is logged and, in strict contract mode, answered
 * with an error frame code 1 naming the pointer and problem (the socket stays open); one the
 * tolerant profile accepts but the strict contract does not is served and logged as a
 * deviation. An outgoing frame is checked against the tolerant profile, what real servers send
 * (the vendor's documented shapes among them): one that breaks it is logged and, in strict
 * mode, not sent, unless the scenario marked it unchecked (a deliberate violation); one that
 * only deviates from the strict contract (what the widget reads) is sent and logged as a
 * deviation. Nothing a client sends can throw out of here: a failure inside is logged in one
 * line and the socket closed with 1011. A client that stops reading is closed once more than
 * `maxBufferedBytes` wait to be sent to it. A client closing with 1000 or 1005 ends its session
 * (unless the scenario's `normalCloseEnds` is false): a real server may, so a client that means
 * to reconnect must close with another code.
 */
import type { WebSocket } from 'ws';
import { formatViolations, type Violation } from '../../contract/frame-check.js';
import { checkInProfile } from '../../contract/profile-check.js';
import { type AcceptedClientFrame, isAcceptedClientMethod } from '../../generated/chat-socket.js';
import { DROPPED, type Seen, type SocketClose } from '../proxy/capture.js';
import { errorFrame, type ServiceFrame } from '../scenario/frames.js';
import type { Scenario } from '../scenario/types.js';
import type { ChatSession, SessionSocket } from '../session/chat-session.js';
import type { SocketContext } from './context.js';
import { handleClientFrame } from './dispatch.js';
import { MAX_FRAME_DEPTH, nestsDeeperThan } from './frame-depth.js';

/** Close code for a failure inside the server (RFC 6455 7.4.1). */
const INTERNAL_ERROR = 1011;
/** Close code for a client that does not read what it is sent (policy violation). */
const NOT_READING = 1008;
/** A client closing with these means "the chat is over": a real server may end the session. */
const NORMAL_CLOSES: readonly number[] = [1000, 1005];

export class Connection implements SessionSocket {
  readonly id: number;
  readonly scenario: Scenario;
  readonly serverUrl: string;
  session: ChatSession | undefined;
  readonly #ws: WebSocket;
  readonly #ctx: SocketContext;
  /** How the server ended the socket, when it did (for the capture). */
  #ending: SocketClose | undefined;

  /** `serverUrl`: this server as the client reached it (http://host:port). */
  constructor(id: number, ws: WebSocket, scenario: Scenario, ctx: SocketContext, serverUrl = '') {
    this.id = id;
    this.#ws = ws;
    this.scenario = scenario;
    this.serverUrl = serverUrl;
    this.#ctx = ctx;
    ws.on('message', (data, isBinary) => this.#guard('a client frame', () => this.#receive(data as Buffer, isBinary)));
    ws.on('close', (code, reason) => this.#guard('a socket close', () => this.#closed(code, String(reason))));
    ws.on('error', () => {});
    ctx.capture?.opened(id, new Date());
  }

  get label(): string {
    return this.session?.label ?? `conn ${this.id}`;
  }

  get open(): boolean {
    return this.#ws.readyState === this.#ws.OPEN;
  }

  /** A frame the service sends of itself (acknowledgements, errors, ping answers, replays). */
  send(frame: ServiceFrame, note?: string): void {
    this.#send(frame, note, undefined, false);
  }

  sendStepFrame(frame: unknown, at: string | undefined, unchecked: boolean, note?: string): void {
    this.#send(frame, note, at, unchecked);
  }

  #send(frame: unknown, note: string | undefined, at: string | undefined, unchecked: boolean): void {
    if (!this.open) return;
    if (this.#ws.bufferedAmount > this.#ctx.limits.maxBufferedBytes) {
      this.#ctx.log.warn(
        `[mock-chat] ${this.label}: closed: the client reads nothing (over ${this.#ctx.limits.maxBufferedBytes} bytes wait to be sent; --max-buffered)`,
      );
      this.close(NOT_READING, 'Client does not read');
      this.terminate();
      return;
    }
    // Every violation, not just the first: an `unchecked` frame is a deliberate negative test,
    // and its log line says all the ways it breaks the contract (as `mock-chat check` would).
    const found = checkInProfile('tolerant', 'server', frame);
    const violations = found.violations.length > 0 ? found.violations : undefined;
    const deviations = found.deviations.length > 0 ? { deviations: found.deviations } : {};
    const blocked = violations !== undefined && this.#ctx.contract === 'strict' && !unchecked;
    const shown = blocked ? `not sent: breaks the contract${at ? ` (scenario step at ${at})` : ''}` : note;
    const text = JSON.stringify(frame) ?? 'null';
    const time = new Date();
    this.#ctx.log.frame({
      time,
      session: this.label,
      direction: 'server',
      frame,
      violations,
      ...deviations,
      note: shown,
    });
    this.session?.record('server', frame, Buffer.byteLength(text), shown);
    if (blocked) return;
    this.#ws.send(text);
    this.#ctx.capture?.frame(this.id, 'server', { kind: 'json', frame, text }, time, this.session?.guid);
  }

  close(code: number, reason: string): void {
    if (this.#ws.readyState === this.#ws.OPEN || this.#ws.readyState === this.#ws.CONNECTING) {
      this.#ending ??= { code, reason, by: 'server' };
      this.#ws.close(code, reason);
    }
  }

  terminate(): void {
    if (this.#ws.readyState !== this.#ws.CLOSED) this.#ending ??= { code: DROPPED, reason: '', by: 'server' };
    this.#ws.terminate();
  }

  /** Runs one event handler; what it throws is logged in one line and ends this socket only. */
  #guard(what: string, handle: () => void): void {
    try {
      handle();
    } catch (error) {
      this.#ctx.log.warn(
        `[mock-chat] ${this.label}: could not process ${what}; socket closed with ${INTERNAL_ERROR}: ${(error as Error)?.message ?? String(error)}`,
      );
      try {
        this.close(INTERNAL_ERROR, 'Internal error');
      } catch {
        this.terminate();
      }
    }
  }

  #receive(data: Buffer, isBinary: boolean): void {
    const text = data.toString('utf8');
    let parsed: unknown;
    let violations: Violation[] | undefined;
    if (isBinary) violations = [{ pointer: '', problem: 'is not JSON: a binary frame (frames are JSON text)' }];
    else {
      try {
        parsed = JSON.parse(text);
      } catch {
        violations = [{ pointer: '', problem: 'is not JSON' }];
      }
    }
    const tooDeep = !violations && nestsDeeperThan(parsed, MAX_FRAME_DEPTH);
    if (tooDeep) {
      violations = [{ pointer: '', problem: `nests deeper than ${MAX_FRAME_DEPTH} levels` }];
      parsed = undefined;
    }
    let deviations: Violation[] = [];
    if (!violations) {
      const result = checkInProfile(this.#ctx.profile, 'client', parsed);
      if (result.violations.length > 0) violations = result.violations;
      deviations = result.deviations;
    }
    const frame = parsed === undefined ? text.slice(0, 2000) : parsed;
    const time = new Date();
    const seen: Seen = isBinary
      ? { kind: 'binary', bytes: data }
      : parsed === undefined
        ? { kind: 'text', text }
        : { kind: 'json', frame: parsed, text };
    this.#ctx.capture?.frame(this.id, 'client', seen, time, this.session?.guid);
    this.#ctx.log.frame({
      time,
      session: this.label,
      direction: 'client',
      frame,
      raw: text.slice(0, 2000),
      violations,
      ...(deviations.length > 0 ? { deviations } : {}),
    });
    // Recorded before handling when the session exists (unless its socket went half-open: the
    // service never sees those); a requestChat or renewChat by the session it starts or joins.
    const session = this.session;
    if (session && !session.silenced(this)) session.record('client', frame, data.length);
    if (violations) {
      // Too deep is refused in both contract modes: nothing can be done with such a frame.
      if (this.#ctx.contract === 'strict' || tooDeep) {
        this.send(errorFrame(1, `Invalid message: ${formatViolations(violations)}`));
        return;
      }
      // warn: process what can be processed: a frame whose body names a known method.
      const method = (parsed as { body?: { method?: unknown } } | undefined)?.body?.method;
      if (!isAcceptedClientMethod(method)) return;
    }
    try {
      handleClientFrame(this, parsed as AcceptedClientFrame, this.#ctx);
      if (session === undefined) this.session?.record('client', frame, data.length);
    } catch (error) {
      // A bug in the mock (or a warn-mode frame it cannot use): report it, keep serving.
      this.#ctx.log.warn(
        `[mock-chat] ${this.label}: could not process a client frame: ${(error as Error)?.message ?? String(error)}`,
      );
    }
  }

  #closed(code: number, reason: string): void {
    this.#ctx.capture?.closed(this.id, this.#ending ?? { code, reason, by: 'client' }, new Date());
    const session = this.session;
    if (!session || session.socket !== this) return;
    session.detach(this);
    if (session.ended) return;
    if (NORMAL_CLOSES.includes(code) && session.options.normalCloseEnds) {
      this.#ctx.log.info(
        `[mock-chat] ${session.label}: the client closed with ${code}: the session ended (a client that means to reconnect closes with another code, e.g. 4001; session.normalCloseEnds: false keeps it)`,
      );
      session.end();
      return;
    }
    this.#ctx.registry.orphaned(session);
  }
}

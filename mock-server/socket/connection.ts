/**
 * One WebSocket on /chat. Every frame in and out goes through the contract: an incoming
 * frame that is not JSON or breaks the contract is logged and, in strict mode, answered
 * with an error frame code 1 naming the pointer and problem (the socket stays open); an
 * outgoing frame that breaks it is logged and, in strict mode, not sent.
 */
import type { WebSocket } from 'ws';
import { checkClientFrame, checkServerFrame, formatViolations, type Violation } from '../../contract/frame-check.js';
import type { ClientFrame, ServerFrame } from '../../generated/chat-socket.js';
import { CLIENT_METHODS } from '../../generated/chat-socket.js';
import { errorFrame } from '../scenario/frames.js';
import type { Scenario } from '../scenario/types.js';
import type { ChatSession, SessionSocket } from '../session/chat-session.js';
import type { SocketContext } from './context.js';
import { handleClientFrame } from './dispatch.js';

export class Connection implements SessionSocket {
  readonly id: number;
  readonly scenario: Scenario;
  session: ChatSession | undefined;
  readonly #ws: WebSocket;
  readonly #ctx: SocketContext;

  constructor(id: number, ws: WebSocket, scenario: Scenario, ctx: SocketContext) {
    this.id = id;
    this.#ws = ws;
    this.scenario = scenario;
    this.#ctx = ctx;
    ws.on('message', (data, isBinary) => this.#receive(data as Buffer, isBinary));
    ws.on('close', () => this.#closed());
    ws.on('error', () => {});
  }

  get label(): string {
    return this.session?.label ?? `conn ${this.id}`;
  }

  get open(): boolean {
    return this.#ws.readyState === this.#ws.OPEN;
  }

  send(frame: ServerFrame, note?: string, at?: string): void {
    if (!this.open) return;
    const result = checkServerFrame(frame);
    const violations = result.ok ? undefined : result.violations;
    const blocked = violations !== undefined && this.#ctx.contract === 'strict';
    this.#ctx.log.frame({
      time: new Date(),
      session: this.label,
      direction: 'server',
      frame,
      violations,
      note: blocked ? `not sent: breaks the contract${at ? ` (scenario step at ${at})` : ''}` : note,
    });
    if (!blocked) this.#ws.send(JSON.stringify(frame));
  }

  close(code: number, reason: string): void {
    if (this.#ws.readyState === this.#ws.OPEN || this.#ws.readyState === this.#ws.CONNECTING) {
      this.#ws.close(code, reason);
    }
  }

  terminate(): void {
    this.#ws.terminate();
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
    if (!violations) {
      const result = checkClientFrame(parsed);
      if (!result.ok) violations = result.violations;
    }
    this.#ctx.log.frame({
      time: new Date(),
      session: this.label,
      direction: 'client',
      frame: parsed === undefined ? text.slice(0, 2000) : parsed,
      violations,
    });
    if (violations) {
      if (this.#ctx.contract === 'strict') {
        this.send(errorFrame(1, `Invalid message: ${formatViolations(violations)}`));
        return;
      }
      // warn: process what can be processed: a frame whose body names a known method.
      const method = (parsed as { body?: { method?: unknown } } | undefined)?.body?.method;
      if (!(CLIENT_METHODS as readonly unknown[]).includes(method)) return;
    }
    try {
      handleClientFrame(this, parsed as ClientFrame, this.#ctx);
    } catch (error) {
      // A bug in the mock (or a warn-mode frame it cannot use): report it, keep serving.
      this.#ctx.log.warn(
        `[mock-chat] ${this.label}: could not process a client frame: ${(error as Error)?.stack ?? String(error)}`,
      );
    }
  }

  #closed(): void {
    const session = this.session;
    if (!session || session.socket !== this) return;
    session.detach(this);
    if (!session.ended) this.#ctx.registry.orphaned(session);
  }
}

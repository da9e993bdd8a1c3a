/**
 * One chat session on the server side: the identifiers the service issues (guid,
 * authenticationKey, workRequestId), the transcript with original timestamps and sender
 * types (customer messages included), the agents present, and the socket it is attached
 * to now. A renewChat moves it to a new socket; the conversation keeps playing.
 */
import type { ClientFrame, Participant, ServerFrame } from '../../generated/chat-socket.js';
import { Timers } from '../clock.js';
import type { Random } from '../random.js';
import { notification } from '../scenario/frames.js';
import { ConversationRunner } from '../scenario/runner.js';
import type { TemplateValues } from '../scenario/template.js';
import type { Scenario } from '../scenario/types.js';

/** The socket side a session talks through (see socket/connection.ts). */
export interface SessionSocket {
  readonly id: number;
  readonly open: boolean;
  /** `at` is the scenario step (file:line) the frame comes from, for the log. */
  send(frame: ServerFrame, note?: string, at?: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
  /** The session the socket now belongs to. */
  session: ChatSession | undefined;
}

export interface TranscriptEntry {
  timestamp: number;
  senderType: 'customer' | 'live_agent' | 'bot' | 'other';
  type: 'text' | 'widget';
  displayName?: string;
  message?: string;
  data?: Record<string, unknown>;
}

export interface SessionDeps {
  speed: number;
  random: Random;
  /** A guid no live session has. */
  newGuid(): number;
  /** Refuse new socket connections for scenario seconds. */
  refuse(seconds: number): void;
  /** The session is over: forget it. */
  ended(session: ChatSession): void;
  /** A frame the session wanted to send while no socket was attached. */
  lost(session: ChatSession, frame: ServerFrame, at: string | undefined): void;
  now(): number;
  /** The conversation threw: a bug in the mock, reported rather than crashing the server. */
  failed(session: ChatSession, error: unknown): void;
  /** Transcript entries kept per session (default TRANSCRIPT_LIMIT). */
  transcriptLimit?: number;
  /** Transcript bytes kept per session (default TRANSCRIPT_BYTES). */
  transcriptBytes?: number;
}

/** Transcript entries kept per session; the oldest fall off beyond this. */
export const TRANSCRIPT_LIMIT = 1000;
/** Transcript bytes (as JSON) kept per session; the oldest entries fall off beyond this. */
export const TRANSCRIPT_BYTES = 1024 * 1024;

export class ChatSession {
  readonly guid: number;
  readonly authenticationKey: string;
  readonly workRequestId: string;
  readonly scenario: Scenario;
  readonly transcript: TranscriptEntry[] = [];
  readonly roster: Participant[] = [];
  readonly timers: Timers;
  readonly runner: ConversationRunner;
  customerName = '';
  lastMessage = '';
  socket: SessionSocket | undefined;
  #ended = false;
  /** JSON size of each transcript entry, and their sum, for the byte cap. */
  readonly #sizes: number[] = [];
  #bytes = 0;
  readonly #deps: SessionDeps;

  constructor(scenario: Scenario, deps: SessionDeps) {
    this.scenario = scenario;
    this.#deps = deps;
    this.guid = deps.newGuid();
    this.authenticationKey = deps.random.secret();
    this.workRequestId = deps.random.hex(32).toUpperCase();
    this.timers = new Timers(deps.speed, (error) => deps.failed(this, error));
    this.runner = new ConversationRunner(
      {
        timers: this.timers,
        roster: this.roster,
        templateValues: () => this.templateValues(),
        send: (frame, at) => this.send(frame, at),
        close: (code, reason) => {
          this.socket?.close(code, reason);
          if (code === 1000) this.end();
        },
        drop: () => this.socket?.terminate(),
        refuse: (seconds) => deps.refuse(seconds),
        failed: (error) => deps.failed(this, error),
      },
      scenario.conversation,
    );
  }

  get label(): string {
    return `guid ${this.guid}`;
  }

  get ended(): boolean {
    return this.#ended;
  }

  templateValues(): TemplateValues {
    return {
      guid: this.guid,
      authenticationKey: this.authenticationKey,
      workRequestId: this.workRequestId,
      customerName: this.customerName,
      lastMessage: this.lastMessage,
      now: this.#deps.now,
      uuid: () => this.#deps.random.uuid(),
    };
  }

  start(): void {
    this.runner.start().catch((error: unknown) => this.#deps.failed(this, error));
  }

  attach(socket: SessionSocket): void {
    this.socket = socket;
    socket.session = this;
  }

  /** The socket went away; the session stays renewable. */
  detach(socket: SessionSocket): void {
    if (this.socket === socket) this.socket = undefined;
  }

  /** A contract-checked client frame that belongs to this chat. */
  receive(frame: ClientFrame): void {
    const body = frame.body;
    if (body.method === 'requestChat') this.customerName = String(body.intrinsics?.name ?? '');
    if (body.method === 'newMessage') {
      // Contract-checked in strict mode; in warn mode the fields may be anything.
      this.lastMessage = String(body.message ?? '');
      this.#remember({
        timestamp: this.#deps.now(),
        senderType: 'customer',
        type: 'text',
        displayName: this.customerName,
        message: this.lastMessage,
      });
    }
    this.runner.deliver(frame);
  }

  /** Sends through the attached socket; `at` names the scenario step for the log. */
  send(frame: ServerFrame, at?: string): void {
    if (this.#ended) return;
    if (frame.type === 'notification' && frame.body.method === 'newMessage') {
      const { method: _method, customData: _custom, ...entry } = frame.body;
      this.#remember(entry as TranscriptEntry);
    }
    if (this.socket?.open) this.socket.send(frame, undefined, at);
    else this.#deps.lost(this, frame, at);
  }

  /** requestFullTranscript: one newMessage per past message, original timestamp and sender. */
  replayTranscript(to: SessionSocket): void {
    for (const entry of this.transcript) to.send(notification({ method: 'newMessage', ...entry }), 'replay');
  }

  #remember(entry: TranscriptEntry): void {
    const bytes = Buffer.byteLength(JSON.stringify(entry));
    this.transcript.push(entry);
    this.#sizes.push(bytes);
    this.#bytes += bytes;
    const maxEntries = this.#deps.transcriptLimit ?? TRANSCRIPT_LIMIT;
    const maxBytes = this.#deps.transcriptBytes ?? TRANSCRIPT_BYTES;
    while (this.transcript.length > maxEntries || (this.#bytes > maxBytes && this.transcript.length > 1)) {
      this.transcript.shift();
      this.#bytes -= this.#sizes.shift() ?? 0;
    }
  }

  /** Idempotent: stops the conversation and every timer. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.runner.stop();
    this.timers.dispose();
    this.#deps.ended(this);
  }
}

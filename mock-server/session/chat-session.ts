/**
 * One chat session on the server side: the identifiers the service issues (guid,
 * authenticationKey, workRequestId), the transcript with original timestamps and sender
 * types (customer messages included), the agents present, the socket it is attached to now,
 * its options (which the scenario may change as it plays: acknowledgements off, flapping,
 * half-open), and the frames it received and sent, for the verification API. A renewChat
 * moves it to a new socket; the conversation keeps playing.
 */

import { assertNever } from '../../contract/assert-never.js';
import type {
  AcceptedClientFrame,
  NewMessageNotificationBody,
  Participant,
  QueueStatusNotificationBody,
} from '../../generated/chat-socket.js';
import { Timers } from '../clock.js';
import type { Random } from '../random.js';
import { notification, type ServiceFrame } from '../scenario/frames.js';
import { ConversationRunner, type RunnerEvent, type RunnerPosition } from '../scenario/runner.js';
import type { TemplateValues } from '../scenario/template.js';
import type { Scenario, ScenarioFile, SessionOptions, Step } from '../scenario/types.js';

/** The socket side a session talks through (see socket/connection.ts). */
export interface SessionSocket {
  readonly id: number;
  readonly open: boolean;
  /** This server as the client reached it (http://host:port), for file addresses and templates. */
  readonly serverUrl: string;
  /** A frame the service sends of itself, built from the contract's types. */
  send(frame: ServiceFrame, note?: string): void;
  /**
   * A frame a scenario step sends: `at` is the step (file:line), for the log. It may be what the
   * scenario wrote, which only the contract check vouches for; `unchecked` sends one that breaks
   * the contract (a deliberate violation the scenario asked for).
   */
  sendStepFrame(frame: unknown, at: string | undefined, unchecked: boolean, note?: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
  /** The session the socket now belongs to. */
  session: ChatSession | undefined;
}

/** A message of the chat, as its newMessage notification carries it (replayed on renewChat). */
export type TranscriptEntry = Omit<NewMessageNotificationBody, 'method' | 'customData'>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body of a notification, else undefined. */
const notificationBody = (frame: unknown) =>
  isObject(frame) && frame.type === 'notification' && isObject(frame.body) ? frame.body : undefined;

/** The message a newMessage notification carries, for the transcript; undefined for any other frame. */
function messageOf(frame: unknown): TranscriptEntry | undefined {
  const body = notificationBody(frame);
  if (body?.method !== 'newMessage') return undefined;
  const { method: _method, customData: _custom, ...entry } = body;
  // As sent: an unchecked frame's fields may be of any type (its replay is checked again as it goes out).
  return entry as TranscriptEntry;
}

/**
 * Who plays the contact centre's side of the session: its scenario's script, nobody yet (a
 * `live` step waits for a person at the agent console), or a person at the console.
 */
export type SessionControlledBy = 'script' | 'waiting' | 'console';

/** One frame the session received or sent, for the verification API. */
export interface RecordedFrame {
  /** Its place among every frame the server recorded: a cursor for `since` queries. */
  seq: number;
  time: string;
  frame: unknown;
  note?: string;
}

export interface SessionDeps {
  speed: number;
  random: Random;
  /** A guid no live session has. */
  newGuid(): number;
  /** Refuse new sockets of this session's scenario for scenario seconds. */
  refuse(session: ChatSession, seconds: number): void;
  /** The session is over: forget it. */
  ended(session: ChatSession): void;
  /** A frame the session wanted to send while no socket could carry it. */
  lost(session: ChatSession, frame: unknown, at: string | undefined, why: string): void;
  now(): number;
  /** The conversation threw: a bug in the mock, reported rather than crashing the server. */
  failed(session: ChatSession, error: unknown): void;
  /** What the conversation did (finished, an expect timed out, a rule ended...). */
  event(session: ChatSession, event: RunnerEvent): void;
  /** Something the verification API reports changed. */
  changed(): void;
  /** The next number of the server's journal (RecordedFrame.seq). */
  nextSeq(): number;
  /** Transcript entries kept per session (default TRANSCRIPT_LIMIT). */
  transcriptLimit?: number;
  /** Transcript bytes kept per session (default TRANSCRIPT_BYTES). */
  transcriptBytes?: number;
  /** Bytes of recorded frames kept per direction for the verification API (default JOURNAL_BYTES). */
  journalBytes?: number;
}

/** Transcript entries kept per session; the oldest fall off beyond this. */
const TRANSCRIPT_LIMIT = 1000;
/** Transcript bytes (as JSON) kept per session; the oldest entries fall off beyond this. */
const TRANSCRIPT_BYTES = 1024 * 1024;
/** Frames kept per direction per session for the verification API; the oldest fall off. */
const RECORDED_FRAMES = 500;
/** Bytes (as JSON) of the frames kept per direction per session for the verification API. */
export const JOURNAL_BYTES = 256 * 1024;

/**
 * The frames of one direction kept for the verification API: the newest RECORDED_FRAMES, and
 * no more than `maxBytes` of them (as JSON; the newest is kept whatever its size), so a client
 * sending big frames cannot make the server hold them all.
 */
class Journal {
  readonly entries: RecordedFrame[] = [];
  readonly #sizes: number[] = [];
  #bytes = 0;
  constructor(readonly maxBytes: number) {}

  add(entry: RecordedFrame, bytes: number): void {
    this.entries.push(entry);
    this.#sizes.push(bytes);
    this.#bytes += bytes;
    while (this.entries.length > RECORDED_FRAMES || (this.#bytes > this.maxBytes && this.entries.length > 1)) {
      this.entries.shift();
      this.#bytes -= this.#sizes.shift() ?? 0;
    }
  }
}

export class ChatSession {
  readonly guid: number;
  readonly authenticationKey: string;
  readonly workRequestId: string;
  /** What it plays: the scenario it started with, or the one a test switched it to (play). */
  scenario: Scenario;
  readonly startedAt = new Date().toISOString();
  readonly transcript: TranscriptEntry[] = [];
  readonly roster: Participant[] = [];
  readonly timers: Timers;
  runner: ConversationRunner;
  readonly #received: Journal;
  readonly #sent: Journal;
  /** The session's options now: the scenario's, as changed by its session steps. */
  readonly options: SessionOptions;
  customerName = '';
  lastMessage = '';
  socket: SessionSocket | undefined;
  /** The last requestChat notification sent: an older client's requestChat reconnect gets it again. */
  confirmation: unknown;
  /** This server as the session's client last reached it. */
  #serverUrl = '';
  #controlledBy: SessionControlledBy = 'script';
  /** Since when no agent is present (the chat is queued), in epoch ms; undefined while one is. */
  #queuedSince: number | undefined;
  /** Files shared beyond the scenario's own (the agent console's), downloadable like them. */
  readonly #sharedFiles: ScenarioFile[] = [];
  #ended = false;
  /** The socket that went silent (halfOpen): nothing is sent on it and what it sends is ignored. */
  #silenced: SessionSocket | undefined;
  #drops = 0;
  #cancelFlap: () => void = () => {};
  /** JSON size of each transcript entry, and their sum, for the byte cap. */
  readonly #sizes: number[] = [];
  #bytes = 0;
  readonly #deps: SessionDeps;

  constructor(scenario: Scenario, deps: SessionDeps) {
    this.scenario = scenario;
    this.options = { ...scenario.session };
    this.#deps = deps;
    this.#received = new Journal(deps.journalBytes ?? JOURNAL_BYTES);
    this.#sent = new Journal(deps.journalBytes ?? JOURNAL_BYTES);
    this.guid = deps.newGuid();
    this.authenticationKey = deps.random.secret();
    this.workRequestId = deps.random.hex(32).toUpperCase();
    this.timers = new Timers(deps.speed, (error) => deps.failed(this, error));
    this.#queuedSince = deps.now();
    this.runner = new ConversationRunner(
      {
        timers: this.timers,
        roster: this.roster,
        templateValues: (trigger) => this.templateValues(trigger),
        send: (frame, at, unchecked) => this.send(frame, at, unchecked),
        close: (code, reason) => this.close(code, reason),
        drop: () => this.socket?.terminate(),
        halfOpen: () => {
          this.#silenced = this.socket;
          this.#deps.changed();
        },
        setOptions: (options) => this.changeOptions(options),
        refuse: (seconds) => deps.refuse(this, seconds),
        handOver: () => {
          if (this.#controlledBy === 'script') this.#controlledBy = 'waiting';
          this.#deps.changed();
        },
        failed: (error) => deps.failed(this, error),
        event: (event) => {
          deps.event(this, event);
          deps.changed();
        },
        moved: () => deps.changed(),
      },
      scenario.conversation,
    );
  }

  get label(): string {
    return `guid ${this.guid}`;
  }

  /** The client frames recorded (the newest, within the journal's caps). */
  get received(): readonly RecordedFrame[] {
    return this.#received.entries;
  }

  /** The server frames recorded (the newest, within the journal's caps). */
  get sent(): readonly RecordedFrame[] {
    return this.#sent.entries;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Whether frames from this socket are ignored (it went half-open). */
  silenced(socket: SessionSocket): boolean {
    return this.#silenced !== undefined && this.#silenced === socket;
  }

  position(): RunnerPosition {
    return this.runner.position();
  }

  /** Template values; {{lastMessage}} is the triggering customer message when there is one. */
  templateValues(trigger?: AcceptedClientFrame): TemplateValues {
    const body = trigger?.body;
    return {
      guid: this.guid,
      authenticationKey: this.authenticationKey,
      workRequestId: this.workRequestId,
      customerName: this.customerName,
      lastMessage: body?.method === 'newMessage' ? String(body.message ?? '') : this.lastMessage,
      now: this.#deps.now,
      uuid: () => this.#deps.random.uuid(),
      serverUrl: this.#serverUrl,
    };
  }

  /**
   * The answer to a queueStatus request, from the scenario's queue state: its position and wait
   * until an agent joins, then 0 and 0; undefined when the scenario does not answer it.
   */
  queueStatus(): QueueStatusNotificationBody | undefined {
    const queue = this.options.queue;
    if (queue === null) return undefined;
    const served = this.roster.length > 0;
    return {
      method: 'queueStatus',
      positionInQueue: served ? 0 : queue.position,
      estimatedWaitTime: served ? 0 : queue.estimatedWaitTime,
    };
  }

  /** Closes the attached socket; 1000 ends the session, any other code keeps it renewable. */
  close(code: number, reason: string): void {
    this.socket?.close(code, reason);
    if (code === 1000) this.end();
  }

  get controlledBy(): SessionControlledBy {
    return this.#controlledBy;
  }

  /** Since when no agent is present, in epoch ms; undefined while one is. */
  get queuedSince(): number | undefined {
    return this.#queuedSince;
  }

  /**
   * A person at the agent console plays the session from now on: its script (and every rule of
   * it) stops for good. False when the console already had it.
   */
  takeOver(): boolean {
    if (this.#controlledBy === 'console' || this.#ended) return false;
    this.runner.stop();
    this.#controlledBy = 'console';
    this.#deps.changed();
    return true;
  }

  /** Changes the session's options from now on (a `session` step, or the agent console). */
  changeOptions(options: Partial<SessionOptions>): void {
    Object.assign(this.options, options);
    if (options.flap !== undefined) this.#flap();
    this.#deps.changed();
  }

  /** A file shared with the customer, by its uuid: the scenario's, or one the console shared. */
  sharedFile(uuid: string): ScenarioFile | undefined {
    return this.scenario.files.find((f) => f.uuid === uuid) ?? this.#sharedFiles.find((f) => f.uuid === uuid);
  }

  /** Makes a file the console shares downloadable for this session (GET /cua-api/chat/files/...). */
  addSharedFile(file: ScenarioFile): void {
    if (this.sharedFile(file.uuid) === undefined) this.#sharedFiles.push(file);
  }

  start(): void {
    this.runner.start().catch((error: unknown) => this.#deps.failed(this, error));
  }

  /**
   * Plays `steps` of another scenario from now on, in place of the rest of this one (a test
   * switching its own session): the session keeps its ids, transcript, agents present and socket,
   * and takes the scenario's options. A session the console had is the script's again.
   */
  play(scenario: Scenario, steps: Step[]): void {
    if (this.#ended) return;
    this.runner.stop();
    this.#controlledBy = 'script';
    this.scenario = scenario;
    Object.assign(this.options, scenario.session);
    this.runner = new ConversationRunner(this.runner.host, steps);
    this.#flap();
    this.start();
    this.#deps.changed();
  }

  attach(socket: SessionSocket): void {
    this.socket = socket;
    socket.session = this;
    this.#serverUrl = socket.serverUrl;
    this.#flap();
    this.#deps.changed();
  }

  /** The socket went away; the session stays renewable. */
  detach(socket: SessionSocket): void {
    if (this.socket === socket) {
      this.socket = undefined;
      this.#cancelFlap();
    }
    this.#deps.changed();
  }

  /** Accept-then-drop: the socket now attached goes `flap.after` from now, `flap.times` times in all. */
  #flap(): void {
    this.#cancelFlap();
    const flap = this.options.flap;
    const socket = this.socket;
    if (!flap || !socket || this.#drops >= flap.times) return;
    this.#cancelFlap = this.timers.after(flap.after, () => {
      if (this.socket !== socket) return;
      this.#drops += 1;
      socket.terminate();
    });
  }

  /**
   * A frame received on the attached socket or sent on it, for the verification API; `bytes`
   * is its size on the wire (the JSON text).
   */
  record(direction: 'client' | 'server', frame: unknown, bytes: number, note?: string): void {
    const journal = direction === 'client' ? this.#received : this.#sent;
    journal.add({ seq: this.#deps.nextSeq(), time: new Date().toISOString(), frame, ...(note ? { note } : {}) }, bytes);
    this.#deps.changed();
  }

  /** A contract-checked client frame that belongs to this chat. */
  receive(frame: AcceptedClientFrame): void {
    const body = frame.body;
    // The tolerant profile and warn mode let frames through with fields missing or of any type.
    switch (body.method) {
      case 'requestChat':
        this.customerName = String(body.intrinsics?.name ?? '');
        break;
      case 'newMessage':
        this.lastMessage = String(body.message ?? '');
        this.#remember({
          timestamp: this.#deps.now(),
          senderType: 'customer',
          type: 'text',
          displayName: this.customerName,
          message: this.lastMessage,
        });
        break;
      // Nothing the session keeps.
      case 'renewChat':
      case 'isTyping':
      case 'ping':
      case 'closeConversation':
      case 'coBrowseStatus':
      case 'queueStatus':
      case 'newPushPageMessage':
        break;
      default:
        assertNever(body, 'client method');
    }
    this.runner.deliver(frame);
    this.#deps.changed();
  }

  /**
   * Sends a scenario step's frame through the attached socket; `at` names the step for the log.
   * A message is kept in the transcript as it was sent (an unchecked one too: it is what the
   * customer saw).
   */
  send(frame: unknown, at?: string, unchecked = false, note?: string): void {
    if (this.#ended) return;
    const message = messageOf(frame);
    if (message) this.#remember(message);
    const method = notificationBody(frame)?.method;
    if (method === 'requestChat') this.confirmation = frame;
    if (method === 'routeCancel') this.#closeAfterRouteCancel();
    if (method === 'newParticipant' || method === 'participantLeave') {
      this.#queuedSince = this.roster.length > 0 ? undefined : (this.#queuedSince ?? this.#deps.now());
    }
    if (this.socket !== undefined && this.silenced(this.socket)) this.#deps.lost(this, frame, at, 'half-open');
    else if (this.socket?.open)
      this.socket.sendStepFrame(frame, at, unchecked, unchecked ? 'unchecked: a deliberate violation' : note);
    else this.#deps.lost(this, frame, at, 'no socket attached');
  }

  /** No agent will come: the service closes the socket as the scenario says (afterRouteCancel). */
  #closeAfterRouteCancel(): void {
    const after = this.options.afterRouteCancel;
    if (after === null) return;
    const socket = this.socket;
    this.timers.after(after.after, () => {
      if (this.socket === socket) this.close(after.close, 'No suitable agent');
    });
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
    this.#deps.changed();
  }
}

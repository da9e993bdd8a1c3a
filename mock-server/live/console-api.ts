/**
 * The agent console's wire format, shared by the server (mock-server/live/) and the console page
 * (agent-console/, which imports only these types and constants): the actions a person sends
 * with `POST /__mock/sessions/GUID/action` (specs/agent-console.schema.json; their types are
 * generated), their answers, and the events of the live feed
 * `GET /__mock/agent/events`. Documented in mock-server/README.md ("The agent console").
 */
import type { ConsoleAction, JoinAction } from '../../generated/agent-console.js';
import type { ParticipantType } from '../../generated/chat-socket.js';
import type { JournalEntry } from '../session/session-control.js';
import type { SessionOverview, SessionReport } from '../session/verification.js';
import { SESSION_KEY_INVALID } from '../socket/service-errors.js';

export type { ConsoleAction, SessionOverview };

/** Who the console joins as: a live agent (in any role) or the bot. */
export type ConsoleSenderType = NonNullable<JoinAction['senderType']>;

export type ConsoleActionName = ConsoleAction['action'];

/** An agent the console speaks as. */
export interface ConsoleAgent {
  id: string;
  name: string;
  role: ParticipantType;
  senderType: ConsoleSenderType;
}

/** A frame an action made the server record, as the journal has it. */
export interface ActedFrame {
  seq: number;
  /** body.method, or `error` for an error frame. */
  method: string;
  /** e.g. `not sent: breaks the contract` (the log says why). */
  note?: string;
}

/** 200: what the action did. */
export interface ActResult {
  success: true;
  guid: number;
  action: ConsoleActionName;
  controlledBy: SessionReport['controlledBy'];
  /** The frames it sent, as recorded (in /__mock/sessions, the log and captures alike). */
  frames: ActedFrame[];
  /** join: the agent the console now speaks as. */
  agent?: ConsoleAgent;
}

/** 400 (the body), 404 (no such live session), 409 (not now: no socket, an agent not present). */
export interface ActFailure {
  success: false;
  message: string;
}

/** One event of `GET /__mock/agent/events` (server-sent events: one `data:` line of JSON each). */
export type FeedEvent =
  /** First on every connection: every session, and the journal of the watched one (`?watch=GUID`). */
  | { type: 'snapshot'; sessions: SessionOverview[]; watched: { guid: number; frames: JournalEntry[] } | null }
  /** A session started or changed. */
  | { type: 'session'; session: SessionOverview }
  /** A session is no longer reported (reset, or fell off the ended list). */
  | { type: 'gone'; guid: number }
  /** Frames the watched session recorded since the last event, oldest first. */
  | { type: 'frames'; guid: number; frames: JournalEntry[] };

/** The close codes the console offers; 1006 is a drop. */
export const CONSOLE_CLOSE_CODES = [1000, 1001, 1006, 4001] as const;

/** The close code that stands for a dropped connection: never sent, the TCP connection is cut. */
export const DROP_CODE = 1006;

/** The error codes the console offers (another code is typed in). */
export const CONSOLE_ERROR_CODES = [1, 2, 503] as const;

/** The error text each offered code carries unless the person writes one (the vendor's wording where it has one). */
export const ERROR_MESSAGES: Record<number, string> = {
  1: 'Invalid message: sent from the agent console',
  2: SESSION_KEY_INVALID,
  503: 'Contact centre is shutting down for maintenance',
};

/** The error text of any other code. */
export const OTHER_ERROR_MESSAGE = 'Internal server error';

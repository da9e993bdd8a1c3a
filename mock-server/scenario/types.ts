/**
 * A scenario as the runner uses it: the YAML file (see generated/scenario.schema.json) with
 * durations in seconds and every step remembering the file:line it was declared at.
 */
import type {
  AcceptedClientMethod,
  LeaveReason,
  NewMessageNotificationData,
  NotificationMethod,
  ParticipantType,
  SenderType,
} from '../../generated/chat-socket.js';

/** What one field must be: a value it equals, or an object of conditions that must all hold. */
export type Matcher =
  | string
  | number
  | boolean
  | null
  | {
      equals?: unknown;
      matches?: string;
      contains?: string;
      exists?: boolean;
      /** equals, matches and contains compare strings without regard to case. */
      ignoreCase?: boolean;
      /** Holds when this matcher does not. */
      not?: Matcher;
    };

/** JSON pointer into the client frame -> what the value there must be. */
export type Matchers = Record<string, Matcher>;

export interface Agent {
  key: string;
  id: string;
  name: string;
  role: ParticipantType;
  /** An agent never speaks as the customer. */
  senderType: Exclude<SenderType, 'customer'>;
}

export interface ScenarioFile {
  uuid: string;
  name: string;
  /** Absolute path on disk. */
  path: string;
  /** The folder it must stay inside (the scenario's, or mock-server/files/). */
  root: string;
  contentType: string;
}

export interface AvailabilityAnswer {
  status: number;
  delay: number;
  /** Destroy the connection instead of answering (a failing service). */
  reset: boolean;
  /** The JSON body, without chatWidgetParams.webChatUrl unless the scenario set it. */
  body: Record<string, unknown>;
  expectRequest: Record<string, string>;
}

export interface SubmissionAnswer {
  status: number;
  delay: number;
  /** Destroy the connection instead of answering (a failing service). */
  reset: boolean;
  body: Record<string, unknown>;
}

/** What a queueStatus request is answered with while no agent has joined (seconds are not scaled by --speed). */
export interface QueueState {
  position: number;
  estimatedWaitTime: number;
}

export interface SessionOptions {
  acknowledge: readonly AcceptedClientMethod[];
  /** Acknowledgements carry `accepted: true`, as the vendor documents them. */
  acknowledgeAccepted: boolean;
  /** `pongAsRequest`: the vendor documentation's literal pong, `{ type: request, body: { method: pong } }`. */
  pingAnswer: Extract<NotificationMethod, 'pong' | 'ping'> | 'pongAsRequest' | 'none';
  renewClosesOld: 1001 | 'drop';
  /** Accept-then-drop: every socket of the session is dropped this long after it attaches. */
  flap: { after: number; times: number } | null;
  /** The answer to a queueStatus request before an agent joins; null: the service does not answer it. */
  queue: QueueState | null;
  /** A customer newMessage longer than this (in characters) gets error 1, as the vendor's server answers. */
  maxMessageLength: number;
  /** A client closing with 1000 or 1005 ends the session (a real server may); false keeps it renewable. */
  normalCloseEnds: boolean;
  /** How the service closes the socket after it sends routeCancel: that code after `after` seconds; null leaves it open. */
  afterRouteCancel: { close: number; after: number } | null;
}

/** Where a step was declared, e.g. "scenarios/happy-path.yaml:31". */
export type DeclaredAt = string;

/** When a rule stops answering (besides the agents it speaks as leaving). */
export type RuleEnd =
  | { kind: 'leave'; agent: Agent }
  | { kind: 'step'; label: string }
  | { kind: 'frame'; method: AcceptedClientMethod; where?: Matchers };

/**
 * `at`: where it was declared, for the log; `pointer`: the JSON pointer of the step in the YAML
 * (`/conversation/3/rule/steps/0`), for problems at a line, column and place.
 */
export type Step = { at: DeclaredAt; pointer: string; label?: string } & (
  | { kind: 'expect'; method: AcceptedClientMethod; where?: Matchers; within?: number; otherwise?: Step[] }
  /** `without`: body fields left out, also those the service fills in (an older server's confirmation). */
  | { kind: 'send'; frame: unknown; unchecked: boolean; without?: readonly string[] }
  | { kind: 'wait'; seconds: number }
  | { kind: 'join'; agent: Agent; role: ParticipantType }
  | { kind: 'leave'; agent: Agent; reason?: LeaveReason; endChat?: boolean }
  /** `documented`: the vendor documentation's shape (no senderType, no type, the timestamp in epoch seconds). */
  | { kind: 'say'; agent: Agent; text?: string; widget?: NewMessageNotificationData; documented?: boolean }
  | { kind: 'typing'; agent: Agent; seconds: number }
  | { kind: 'share'; agent: Agent; file: ScenarioFile }
  | { kind: 'close'; code: number; reason: string }
  | { kind: 'drop' }
  | { kind: 'halfOpen' }
  | { kind: 'session'; options: Partial<SessionOptions> }
  | { kind: 'refuse'; seconds: number }
  /** Hands the session to a person at the agent console and waits (see mock-server/live/). */
  | { kind: 'live' }
  | { kind: 'branch'; cases: { when?: Matchers; steps: Step[] }[] }
  | { kind: 'repeat'; times: number; steps: Step[] }
  | { kind: 'rule'; on: AcceptedClientMethod; where?: Matchers; once: boolean; until?: RuleEnd; steps: Step[] }
);

export interface Scenario {
  name: string;
  story: string;
  /** The file it came from, or "<object>". */
  source: string;
  availability: AvailabilityAnswer;
  callback: SubmissionAnswer;
  lead: SubmissionAnswer;
  session: SessionOptions;
  agents: Record<string, Agent>;
  files: ScenarioFile[];
  conversation: Step[];
}

/**
 * The state the React views render, as discriminated unions: a `status` per concern kept
 * apart from activity fields (the socket's reconnect activity, unread count, typing).
 */
import type { ParticipantType } from '../../../generated/chat-socket.js';
import type { VisibilityRules } from './visibility.js';

/**
 * What the dialog shows (derived from the chat status: selectMode in mode.ts). logon: topics
 * or a form; loading: the chat request is on its way; chat: the conversation.
 */
export type Mode = 'logon' | 'loading' | 'chat';

/** Section 4, entry and availability. */
export type AvailabilityState =
  /** Before the first answer; the launcher stays hidden. */
  | { status: 'checking' }
  /** A valid stored session is being resumed (rule 1). */
  | { status: 'resuming' }
  /** Chat is offered (rules 3 and 7). */
  | { status: 'available'; waitMinutes: number }
  /** Not successful and chat-lite on: the callback form is offered (rule 4). */
  | { status: 'chatLite' }
  /** Nothing offered. `message` is the section 8 text, or null when silent (request failure). */
  | { status: 'unavailable'; message: string | null };

/** Which look the views use (useLatestTDS). */
export type Variant = 'newer' | 'older';

export type DialogStatus = 'closed' | 'open' | 'minimized' | 'closing';

export interface DialogState {
  status: DialogStatus;
  /** 'End Chat?' is asked (closing during a chat). */
  endChatPrompt: boolean;
}

/** Why a chat ended; every reason shows the chat-ended panel. */
export type EndReason =
  /** The agent closed the chat (closeConversation, or participantLeave with endChatFlag). */
  | 'agentClosed'
  /** The socket closed for good ('Connection closed, chat has ended'). */
  | 'connectionClosed'
  /** Retries ran out ('Unable to reconnect, chat has ended'). */
  | 'unableToReconnect'
  /** An error frame ended the session. */
  | 'error'
  /** The service refused to renew the chat after a reconnect ('Unable to resume the chat, chat has ended'). */
  | 'notResumed';

export type ChatStatus =
  | { kind: 'idle' }
  /**
   * Not confirmed yet: a new chat's requestChat is on its way (the loader shows), or a stored
   * chat is being renewed (`resumed`: its transcript shows meanwhile).
   */
  | { kind: 'connecting'; resumed: boolean }
  /** Confirmed, no agent in the room: on-hold messages play, input disabled. */
  | { kind: 'waiting' }
  /** At least one agent in the room: input enabled. */
  | { kind: 'active' }
  | { kind: 'ended'; reason: EndReason }
  /** Opened in another tab: controls disabled, launcher hidden, the window can only be closed. */
  | { kind: 'transferred' };

/** Socket activity, apart from the chat status: a drop does not end the chat. */
export type ConnectionActivity = { kind: 'online' } | { kind: 'reconnecting'; attempt: number };

/** An agent-side participant in the room. Whether the visitor sees them is a selector (section 6). */
export interface ChatParticipant {
  id: string;
  name: string;
  type: ParticipantType;
}

export type AgentSenderKind = 'live_agent' | 'bot' | 'other';

/**
 * Where a customer message is (chat/outbox.ts has the rules): queued, not sent yet (the socket
 * is down, the chat not confirmed, or a replay is being reconciled); sending, sent at least once
 * and the server may not have it yet (both show 'Sending…'); delivered, the server has it;
 * failed, it will not be sent again.
 */
export type Delivery = 'queued' | 'sending' | 'delivered' | 'failed';

export type FailureReason =
  /** Refused by the server as too large (close 1009): the same text can never go through. */
  | 'tooLong'
  /** Lost with its socket too often: maybe the message itself breaks the connection. Retry offered. */
  | 'undeliverable'
  /** Refused by the server (error 1 answering it). Retry offered. */
  | 'refused'
  /** The chat ended before the server had it. */
  | 'chatEnded';

/** The outbox's bookkeeping of one customer message (chat/outbox.ts); the views ignore it. */
export interface OutboxRecord {
  /** Its place among the newMessages sent on the current socket; null while it waits to go (again). */
  seq: number | null;
  /** When it last went out (rule 3's clock). */
  sentAt: number;
  /** How many sockets it went out on. */
  sends: number;
  /** The timestamp of the server's copy of it (a replay or an echo), once the server showed it back. */
  shownAt: number | null;
}

export type ChatMessage =
  | {
      kind: 'customer';
      id: string;
      text: string;
      /** Local time of typing, or the server's timestamp for replayed messages. */
      timestamp: number;
      delivery: Delivery;
      /** Why it failed (failed only): too long, lost with its socket too often, refused, or the chat ended. */
      failure: FailureReason | null;
      outbox: OutboxRecord;
    }
  /** `displayName` is empty when section 6 hides the sender (chat/visibility.ts, `shownName`). */
  | { kind: AgentSenderKind; id: string; text: string; timestamp: number; displayName: string }
  | { kind: 'system'; id: string; text: string; timestamp: number }
  | { kind: 'on-hold'; id: string; text: string; timestamp: number }
  | { kind: 'url'; id: string; description: string; urls: readonly string[]; timestamp: number }
  | { kind: 'download'; id: string; agentName: string; fileName: string; url: string; timestamp: number }
  /** A page the agent pushed for the visitor to open (newPushPageMessage): an http(s) address only. */
  | { kind: 'page'; id: string; displayName: string; url: string; timestamp: number };

export interface StatusCard {
  /** info: neither a success nor a failure (a previous chat that ended while away). */
  tone: 'success' | 'error' | 'info';
  title: string;
  body: string;
}

export type CallbackState = { status: 'idle' } | { status: 'submitting' } | { status: 'submitted'; ok: boolean };

/** The chat as the chat machine keeps it (chat/chat-machine.ts): what the visitor sees of it. */
export interface ChatView {
  /** The chat machine's phase as the visitor sees it (waiting: confirmed, nobody from the agent side in the room). */
  status: ChatStatus;
  connection: ConnectionActivity;
  /** Who is in the room (agent side), as the service last said. */
  participants: readonly ChatParticipant[];
  /** The transcript; its customer messages are the outbox (one copy: chat/outbox.ts). */
  messages: readonly ChatMessage[];
  /** The agent whose typing indicator shows, cleared after agentTypingTimeout. */
  agentTyping: { agentId: string; displayName: string } | null;
  /** Messages received from the other side so far (the store's unread count follows it). */
  received: number;
  /** Next message id number (keeps the machine pure). */
  nextId: number;
  /** Older messages dropped from memory past the transcript cap (chat/transcript-cap.ts), in all. */
  dropped: number;
  /**
   * The newest server timestamp among the dropped messages (0: none): a replayed message at or
   * before it was shown already and is not shown again.
   */
  droppedThrough: number;
}

/** The chat as the views read it: the machine's, and how much of it arrived while the dialog was not open. */
export interface ChatState extends ChatView {
  /** Messages from the other side while the dialog was not open. */
  unread: number;
}

/** Flags the views need, fixed at start-up (some arrive with the availability answer). */
export interface WidgetFlags {
  locale: string;
  chatLite: boolean;
  triage: boolean;
  hideOnMobile: boolean;
  mobileWidthCutoff: number;
  energy: boolean;
  bypassBubble: boolean;
  variant: Variant;
  useEngagementPlaceholderData: boolean;
  /** First path segment of the page is 'trips': the launcher moves. */
  tripsPage: boolean;
  /** Section 6 participant visibility settings. */
  visibility: VisibilityRules;
}

/** Known view ids: 'topics', 'vehicle', 'energy', 'delivery', 'form', 'callback'; the UI may add its own. */
export type ViewId = string;

export interface WidgetState {
  flags: WidgetFlags;
  availability: AvailabilityState;
  dialog: DialogState;
  /** View history; the back button shows when it has 2 or more entries. */
  views: readonly ViewId[];
  chat: ChatState;
  statusCard: StatusCard | null;
  callback: CallbackState;
}

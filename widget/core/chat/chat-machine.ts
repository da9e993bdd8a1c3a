/**
 * The chat machine (section 4, chat lifecycle), as pure data beside the socket machine
 * (connection/session-machine.ts): what the chat knows, the events that move it, and
 * `transition`, which returns the next chat and the effects for its shell
 * (chat-session/chat-session.ts) to carry out. No timers, sockets, storage or clock here
 * (every event carries its time), so every path is a table row or a generated sequence in a test.
 *
 *     new chat ── requested ──requestChat notification──▶ confirmed ◀──answered── renewing
 *                   │ maxWaitTime, route cancel               │  ▲  socket opened again │ error frame
 *                   ▼                                         │  └─────────────────────┘ ▼
 *                 over ◀──────── the connection ends ─────────┴──────────────────── refused
 *   stored chat ── confirmed (renewing on its first socket)
 *   End Chat (any but over) ──▶ ending ──closeConversation delivered──▶ the connection ends ──▶ released
 *
 * The one owner of each fact: the lifecycle says whether the service has the chat (confirmed)
 * and whether the visitor ended it (ending); the transcript's customer messages are the outbox
 * (chat/outbox.ts); credentials, the context id, on-hold groups and the subject live here.
 */

import type { ClientFrame, WebOnHoldComfortGroup, WebOnHoldUrlGroup } from '../../../generated/chat-socket.js';
import type { WidgetSettings } from '../config/settings.js';
import type { ReadNotificationBody } from '../connection/normalize.js';
import type { FinalClose } from '../connection/session-machine.js';
import type { CustomerDetails } from '../customer-details.js';
import type { AnalyticsEvent } from '../env.js';
import type { TextDirection } from '../locale/ui-language.js';
import type { StoredChatState, StoredSession } from '../session/session-store.js';
import type { CoreTexts } from '../texts.js';
import { notification } from './chat-notifications.js';
import * as steps from './chat-steps.js';
import { initialChatView } from './initial-state.js';
import { appendSystem } from './messages.js';
import { agentsPresent } from './participants.js';
import type { ChatView, StatusCard } from './state.js';
import { capTranscript } from './transcript-cap.js';
import type { VisibilityRules } from './visibility.js';

export type Lifecycle =
  /** A new chat: requestChat goes out on the socket; owns the connect timer (maxWaitTime). */
  | { kind: 'requested' }
  /** The service has the chat: it confirmed it, or it is a stored one renewed on this page. */
  | { kind: 'confirmed' }
  /** A renewChat went out on this socket and nothing has answered it: an error frame now refuses it. */
  | { kind: 'renewing' }
  /** The service refused the renew: the chat is over, and the final close says so. */
  | { kind: 'refused' }
  /**
   * The visitor ended the chat (End Chat): nothing more is shown or stored; closeConversation
   * must reach the server (`delivered` once it has: the connection is closing).
   */
  | { kind: 'ending'; delivered: boolean }
  /** The visitor has been told how the chat ended; the connection may still be closing. */
  | { kind: 'over' };

export interface Credentials {
  guid: number;
  authenticationKey: string;
}

/** The current socket as the chat sees it (reset whenever one logs in). */
export interface SocketFacts {
  /** Logged in on an open socket. */
  open: boolean;
  /** newMessages sent, and answered (acknowledged or refused), on this socket. */
  sent: number;
  answered: number;
  /** Nothing goes out until the replay after the renew is over (or while no socket is up). */
  holding: boolean;
  /**
   * This socket is a reconnection: 'Successfully reconnected' once the server accepted it, where
   * it happened (after the message with this id; null: at the top), or null when there is none to say.
   */
  reconnected: { after: string | null } | null;
}

export interface Chat {
  /** What the visitor sees of the chat (the store's `chat`, published by the shell when it changes). */
  view: ChatView;
  lifecycle: Lifecycle;
  credentials: Credentials | null;
  /** The contact-centre context id (workRequestId), or null while the service has not said it. */
  contextId: string | null;
  /** Resumed from storage (a page refresh or another page), not requested on this page. */
  resumed: boolean;
  /** The service accepted a renew of this chat on this page. */
  renewAccepted: boolean;
  socket: SocketFacts;
  /** The server acknowledges newMessages (seen once): a message it has not acknowledged is not in its transcript. */
  acknowledging: boolean;
  /** The server has answered a ping in this chat: rule 3 of the outbox no longer applies. */
  answersPings: boolean;
  /** An agent joined at least once (chat_started fires once). */
  agentEverJoined: boolean;
  /** Section 4: the optional subject went out (once, after the first live-agent message). */
  subjectSent: boolean;
  onHold: StoredChatState['onHold'];
  nextCustomerId: number;
  /** This chat's last request timestamp in storage (tabs compare it), or null. */
  stampedAt: number | null;
  /** When activity was last stamped (at most once a second). */
  activityAt: number;
  /** When the customer's typing signal last went out. */
  typingSignalAt: number | null;
  /** The notice of a fatal error frame, for the final close. */
  fatalText: string | null;
}

/** What a ping's answer proves (the shell sends the ping and reports its answer). */
export type Barrier =
  /** Every newMessage sent on this socket up to `marker` has been read (outbox rule 2). */
  | { kind: 'delivery'; marker: number }
  /** The replay after a renew is over. */
  | { kind: 'replay' }
  /** The server has closeConversation (End Chat). */
  | { kind: 'end' };

/**
 * The chat's timers, each owned by the phase that sets it: the chat's (until confirmed; typing)
 * or the open socket's, which go with the socket and never fire into the next one.
 */
export const TIMER_OWNERS = {
  /** maxWaitTime for the confirmation of a new chat: the requested phase's. */
  connect: 'chat',
  /** The agent typing indicator's agentTypingTimeout. */
  agentTyping: 'chat',
  /** Two ping intervals for the answer to the ping after renewChat. */
  replay: 'socket',
  /** Outbox rule 3, for a server that never answers pings. */
  settle: 'socket',
  /** End Chat's proof from a server that never answers pings: the socket stayed open livenessTimeout. */
  endProof: 'socket',
} as const;
export type ChatTimer = keyof typeof TIMER_OWNERS;

export type { ReadNotificationBody };

export type ChatEvent =
  // Commands
  | { type: 'send'; text: string; at: number }
  | { type: 'retry'; id: string; at: number }
  | { type: 'typed'; at: number }
  /** End Chat, Yes (or a callback instead of a queued chat). */
  | { type: 'end'; at: number }
  /** The page came back from the back/forward cache. */
  | { type: 'pageShown'; at: number }
  // The connection (socket machine) says
  /** Logged in on an open socket: say who we are; `repeat` when it is a reconnection. */
  | { type: 'loggedIn'; repeat: boolean; at: number }
  | { type: 'socketLost'; code: number; at: number }
  | { type: 'reconnecting'; attempt: number; at: number }
  | { type: 'socketError'; at: number }
  | { type: 'connectionEnded'; close: FinalClose; at: number }
  /** A frame went out or came in. */
  | { type: 'activity'; at: number }
  /** The server answered a ping for the first time in this chat. */
  | { type: 'pingsAnswered'; at: number }
  // Frames
  | { type: 'notification'; body: ReadNotificationBody; at: number }
  | { type: 'acknowledged'; method: string; at: number }
  | { type: 'errorFrame'; code: number; message: string; method: string | undefined; at: number }
  // Answers to what the machine asked for
  | { type: 'barrierAnswered'; barrier: Barrier; at: number }
  | { type: 'timerFired'; timer: ChatTimer; at: number }
  | { type: 'onHoldMessage'; text: string; at: number }
  | { type: 'onHoldUrls'; description: string; urls: readonly string[]; at: number };

export type ChatEffect =
  | { type: 'connect' }
  | { type: 'send'; frame: ClientFrame }
  /** Send a ping now; its answer on this socket is `barrierAnswered`. */
  | { type: 'barrier'; barrier: Barrier }
  | { type: 'setTimer'; timer: ChatTimer; ms: number }
  | { type: 'clearTimer'; timer: ChatTimer }
  /** Route cancel, closeConversation, endChatFlag: the server closes next, and that close is final. */
  | { type: 'stopRetrying' }
  /** Close the connection on purpose (1000): the chat needs it no more. */
  | { type: 'closeConnection' }
  | { type: 'reconnectNow' }
  // Storage (section 3 keys), named after what session/session-store.ts does with them:
  | { type: 'saveConfirmed'; guid: number; authenticationKey: string; contextId: string | null }
  | { type: 'saveChatState'; state: StoredChatState }
  /** This chat's request timestamp: tabs compare it. */
  | { type: 'touch'; at: number }
  | { type: 'touchActivity'; at: number }
  /** This chat is over: a reload must not renew it. */
  | { type: 'clearStored' }
  | { type: 'onHoldGroups'; comfort: WebOnHoldComfortGroup | undefined; urls: WebOnHoldUrlGroup | undefined }
  | { type: 'onHold'; play: boolean }
  | { type: 'analytics'; event: AnalyticsEvent }
  /** Section 7: the lead, once, when a new chat is first confirmed with a workRequestId. */
  | { type: 'lead'; workRequestId: string }
  /** The chat never started: back to logon with this card (connect timeout, route cancel, refused resume...). */
  | { type: 'failed'; card: StatusCard }
  /** The chat is over for the visitor: its owner lets it go ('resumeRefused': offer a new chat as on a fresh page). */
  | { type: 'finished'; outcome: 'ended' | 'resumeRefused' }
  /** Nothing is left to deliver: the shell disposes of everything it holds. */
  | { type: 'release' }
  /** A warning for the console (the page's developer, not the visitor). */
  | { type: 'log'; message: string }
  /** A frame the widget cannot act on, for the page's error hook. */
  | { type: 'report'; error: Error };

export interface ChatStep {
  chat: Chat;
  effects: ChatEffect[];
}

export type ChatSettings = Pick<
  WidgetSettings,
  | 'maxWaitTime'
  | 'pingTimer'
  | 'livenessTimeout'
  | 'maxDeliveryAttempts'
  | 'maxMessageLength'
  | 'timeBetweenMsgs'
  | 'agentTypingTimeout'
  | 'fileDownloadUrl'
  | 'apiEndpointsDomain'
  | 'routePointIdentifier'
  | 'leaseTime'
  | 'priority'
  | 'attributes'
>;

export interface ChatConfig {
  settings: ChatSettings;
  visibility: VisibilityRules;
  /** The page's language now (a notice is written in it). */
  texts: CoreTexts;
  details: CustomerDetails;
  userAgent: string;
  pageUrl: string;
  textDirection: TextDirection;
  /** The request timestamp stored before this chat began: the lead goes out only without one. */
  earlierTimestamp: number | null;
}

/** A new chat (requestChat with `contextId`, the stored one of an earlier chat), or a stored one to renew. */
export function startChat(
  start: { resume: StoredSession } | { contextId: string | null },
  config: ChatConfig,
  at: number,
): ChatStep {
  const base: Chat = {
    view: initialChatView(),
    lifecycle: { kind: 'requested' },
    credentials: null,
    contextId: null,
    resumed: false,
    renewAccepted: false,
    socket: { open: false, sent: 0, answered: 0, holding: true, reconnected: null },
    acknowledging: false,
    answersPings: false,
    agentEverJoined: false,
    subjectSent: false,
    onHold: { comfort: null, urls: null },
    nextCustomerId: 1,
    stampedAt: null,
    activityAt: 0,
    typingSignalAt: null,
    fatalText: null,
  };
  if (!('resume' in start)) {
    const view: ChatView = { ...base.view, status: { kind: 'connecting', resumed: false } };
    // Section 4, widget modes: no confirmation within maxWaitTime seconds → error card, back to logon.
    const wait = { type: 'setTimer' as const, timer: 'connect' as const, ms: config.settings.maxWaitTime * 1000 };
    return { chat: { ...base, view, contextId: start.contextId }, effects: [wait, { type: 'connect' }] };
  }
  const { resume } = start;
  const participants = [...(resume.chatState?.participants ?? [])];
  const onHold = resume.chatState?.onHold ?? base.onHold;
  const view = appendSystem(
    { ...base.view, status: { kind: 'connecting', resumed: true }, participants },
    config.texts.transferringSession,
    at,
  );
  const chat: Chat = {
    ...base,
    view,
    lifecycle: { kind: 'confirmed' },
    credentials: { guid: resume.guid, authenticationKey: resume.authenticationKey },
    contextId: resume.contextId,
    resumed: true,
    agentEverJoined: agentsPresent({ participants }),
    onHold,
    stampedAt: resume.lastChatRequestTimestamp,
  };
  const groups = {
    type: 'onHoldGroups' as const,
    comfort: onHold.comfort ?? undefined,
    urls: onHold.urls ?? undefined,
  };
  return { chat, effects: [groups, { type: 'connect' }] };
}

/** One handler per event, named after it: the compiler names any event left without one. */
const ON: { [T in ChatEvent['type']]: (draft: steps.Draft, event: steps.EventOf<T>) => void } = {
  send: steps.send,
  retry: steps.retry,
  typed: steps.typed,
  end: steps.end,
  pageShown: steps.pageShown,
  loggedIn: steps.loggedIn,
  socketLost: steps.socketLost,
  reconnecting: steps.reconnecting,
  socketError: steps.socketError,
  connectionEnded: steps.connectionEnded,
  activity: steps.activity,
  pingsAnswered: steps.pingsAnswered,
  notification,
  acknowledged: steps.acknowledged,
  errorFrame: steps.errorFrame,
  barrierAnswered: steps.barrierAnswered,
  timerFired: steps.timerFired,
  onHoldMessage: steps.onHoldMessage,
  onHoldUrls: steps.onHoldUrls,
};

export function transition(chat: Chat, event: ChatEvent, config: ChatConfig): ChatStep {
  const draft: steps.Draft = { chat, effects: [], config, at: event.at };
  (ON[event.type] as (draft: steps.Draft, event: ChatEvent) => void)(draft, event);
  steps.reportEnd(chat, draft);
  const view = capTranscript(draft.chat.view);
  const next = view === draft.chat.view ? draft.chat : { ...draft.chat, view };
  return { chat: next, effects: draft.effects };
}

/**
 * The chat machine's steps (chat-machine.ts has the types and the table of handlers). A
 * handler is named after its event and works on a draft: the chat as it becomes, and the
 * effects so far. The draft is the transition's own, so the transition stays pure.
 */
import {
  closeConversationFrame,
  isTypingFrame,
  newMessageFrame,
  renewChatFrame,
  requestChatFrame,
} from '../connection/frames.js';
import { formatText } from '../texts.js';
import type { Chat, ChatConfig, ChatEffect, ChatEvent, SocketFacts } from './chat-machine.js';
import { errorCard, finalCloseOutcome } from './final-close.js';
import { appendMessage, appendSystem, insertSystem, insertSystemAfter, noticeAnchor } from './messages.js';
import * as outbox from './outbox.js';
import { liveStatus } from './participants.js';
import { isChatActive } from './reducer.js';
import { sanitizeMessage } from './sanitize.js';
import type { ChatView, EndReason, StatusCard } from './state.js';

export interface Draft {
  chat: Chat;
  readonly effects: ChatEffect[];
  readonly config: ChatConfig;
  /** The event's time. */
  readonly at: number;
}

/** The event of a type, as its handler gets it. */
export type EventOf<T extends ChatEvent['type']> = Extract<ChatEvent, { type: T }>;

/** Activity is stamped at most this often (a replay of 2,000 frames is one write, not 2,000). */
const ACTIVITY_STAMP_INTERVAL = 1_000;

export const emit = (draft: Draft, ...effects: ChatEffect[]): void => {
  draft.effects.push(...effects);
};

export const patch = (draft: Draft, fields: Partial<Chat>): void => {
  draft.chat = { ...draft.chat, ...fields };
};

const patchSocket = (draft: Draft, fields: Partial<SocketFacts>): void =>
  patch(draft, { socket: { ...draft.chat.socket, ...fields } });

const warn = (draft: Draft, message: string) => emit(draft, { type: 'log', message });

/** The visitor has moved on (ended the chat, or was told it is over): nothing more is shown or stored. */
export const quiet = (chat: Chat): boolean => chat.lifecycle.kind === 'ending' || chat.lifecycle.kind === 'over';

/** What the visitor sees changes (not once they have moved on). */
export function setView(draft: Draft, view: ChatView): void {
  if (view !== draft.chat.view && !quiet(draft.chat)) patch(draft, { view });
}

export function notice(draft: Draft, text: string): void {
  setView(draft, appendSystem(draft.chat.view, text, draft.at));
}

/**
 * This chat's request timestamp (tabs compare it): at a login before the frame goes out (the
 * server closes another tab's socket as soon as it reads a renewChat), and with every message.
 */
function stamp(draft: Draft): void {
  patch(draft, { stampedAt: draft.at });
  emit(draft, { type: 'touch', at: draft.at });
}

/** Participants and on-hold groups go with the stored session, so a reload restores them. */
export function saveChatState(draft: Draft): void {
  const { chat } = draft;
  if (quiet(chat) || chat.credentials === null) return;
  const state = { participants: [...chat.view.participants], onHold: chat.onHold };
  emit(draft, { type: 'saveChatState', state });
}

/** On-hold messages play while the chat is confirmed and nobody from the agent side is in the room. */
export function followPresence(draft: Draft): void {
  emit(draft, { type: 'onHold', play: draft.chat.view.status.kind === 'waiting' });
}

/**
 * Sends what may go out, each message followed by a ping: its answer proves the message arrived
 * (outbox rule 2), and an error 1 arriving before it, while the message is the oldest in
 * flight, answers that message and no other, acknowledgements or none.
 */
export function flush(draft: Draft): void {
  const { chat } = draft;
  if (chat.credentials === null || !chat.socket.open || chat.socket.holding || quiet(chat)) return;
  const sent = outbox.flush(chat.view, chat.socket.sent, draft.at, draft.config.settings.maxDeliveryAttempts);
  setView(draft, sent.chat);
  if (sent.texts.length === 0) return;
  sent.texts.forEach((text, index) => {
    const marker = chat.socket.sent + index + 1;
    emit(
      draft,
      { type: 'send', frame: newMessageFrame(text) },
      { type: 'barrier', barrier: { kind: 'delivery', marker } },
    );
  });
  patchSocket(draft, { sent: sent.sentOnSocket });
  stamp(draft);
  scheduleSettle(draft);
}

/**
 * Outbox rule 3: a server that never answered a ping is not held to answering one; a message is
 * trusted once its socket stayed open livenessTimeout after it went out, and not a moment later
 * (the timer is for the oldest message in flight).
 */
function scheduleSettle(draft: Draft): void {
  emit(draft, { type: 'clearTimer', timer: 'settle' });
  const oldest = outbox.oldestInFlight(draft.chat.view);
  if (oldest === null || draft.chat.answersPings) return;
  const ms = Math.max(0, oldest + draft.config.settings.livenessTimeout - draft.at);
  emit(draft, { type: 'setTimer', timer: 'settle', ms });
}

/**
 * The server accepted what this socket logged in with: the answer to a ping sent after the
 * renew came with no error before it (the server answers in order), it acknowledged the
 * renewChat, or (a new chat) it confirmed the request. A renew is accepted only so: a server
 * may replay the transcript and then refuse it. A reconnection says so now, where it happened.
 */
export function accepted(draft: Draft): void {
  const { lifecycle, socket } = draft.chat;
  if (lifecycle.kind === 'renewing') patch(draft, { lifecycle: { kind: 'confirmed' }, renewAccepted: true });
  if (socket.reconnected === null) return;
  patchSocket(draft, { reconnected: null });
  const { after } = socket.reconnected;
  setView(draft, insertSystemAfter(draft.chat.view, after, draft.config.texts.reconnected, draft.at));
}

/** The replay after a renew is over: what the server did not show goes out again, in order. */
function replayComplete(draft: Draft): void {
  emit(draft, { type: 'clearTimer', timer: 'replay' });
  patchSocket(draft, { holding: false });
  flush(draft);
}

export function send(draft: Draft, { text: raw }: EventOf<'send'>): void {
  const { chat } = draft;
  const max = draft.config.settings.maxMessageLength;
  const text = sanitizeMessage(raw);
  if (quiet(chat) || text === '') return;
  // The composer says so before it gets here; a page calling the core directly is told in the console.
  if ([...text].length > max) {
    warn(draft, `chat: a message over ${max} characters is not sent`);
    return;
  }
  patch(draft, { view: outbox.queue(chat.view, `c${chat.nextCustomerId}`, text, draft.at) });
  patch(draft, { nextCustomerId: chat.nextCustomerId + 1 });
  flush(draft);
}

export function retry(draft: Draft, { id }: EventOf<'retry'>): void {
  const view = outbox.retry(draft.chat.view, id, draft.at);
  if (view === draft.chat.view || quiet(draft.chat)) return;
  setView(draft, view);
  flush(draft);
}

/** Section 4, typing: at most one signal per timeBetweenMsgs, and only to a chat the service knows. */
export function typed(draft: Draft): void {
  const { chat, at } = draft;
  if (quiet(chat) || chat.credentials === null || !chat.socket.open) return;
  if (chat.typingSignalAt !== null && at - chat.typingSignalAt < draft.config.settings.timeBetweenMsgs) return;
  emit(draft, { type: 'send', frame: isTypingFrame() });
  patch(draft, { typingSignalAt: at });
}

/** Section 4, subject: the optional subject goes out once, after the first live-agent message. */
export function sendSubjectOnce(draft: Draft): void {
  if (draft.chat.subjectSent) return;
  patch(draft, { subjectSent: true });
  const text = draft.config.details.subject;
  if (text) send(draft, { type: 'send', text, at: draft.at });
}

/**
 * End Chat reaches the server like a message (outbox rules 2 and 3): the answer to a ping sent
 * after it, or, from a server that never answers pings, the socket staying open livenessTimeout.
 * On a new socket a renewChat (no transcript: nobody will read it) first says which chat.
 */
function deliverEnd(draft: Draft, renew: boolean): void {
  const { credentials: c, answersPings } = draft.chat;
  if (renew && c !== null) emit(draft, { type: 'send', frame: renewChatFrame(c.guid, c.authenticationKey, false) });
  emit(draft, { type: 'send', frame: closeConversationFrame() }, { type: 'barrier', barrier: { kind: 'end' } });
  if (!answersPings) emit(draft, { type: 'setTimer', timer: 'endProof', ms: draft.config.settings.livenessTimeout });
}

/**
 * The chat is over for the visitor: its timers stop, nothing will carry what is unsent (no
 * message stays 'Sending…' under the chat-ended panel), a chat that never started goes back to
 * logon with `card`, and its owner lets it go.
 */
function finish(draft: Draft, card: StatusCard | null = null, outcome: 'ended' | 'resumeRefused' = 'ended'): void {
  for (const timer of ['connect', 'agentTyping', 'replay', 'settle', 'endProof'] as const) {
    emit(draft, { type: 'clearTimer', timer });
  }
  emit(draft, { type: 'onHold', play: false });
  setView(draft, outbox.endAll(draft.chat.view));
  patch(draft, { lifecycle: { kind: 'over' } });
  if (card !== null) emit(draft, { type: 'failed', card });
  emit(draft, { type: 'finished', outcome });
}

/** This chat is over: a reload must not renew it (once the visitor moved on, storage is the next chat's). */
export function forgetStored(draft: Draft): void {
  if (!quiet(draft.chat)) emit(draft, { type: 'clearStored' });
}

/** The chat never started (or the stored one is gone): back to logon with a card. */
export function failWith(draft: Draft, card: StatusCard): void {
  forgetStored(draft);
  finish(draft, card);
}

/**
 * End Chat, Yes: the visitor has moved on at once (storage cleared, nothing more shown), and the
 * chat lives on only to deliver closeConversation: now on an open socket, else on the next one
 * while reconnecting (or never, when the attempts run out). A chat the service never confirmed
 * on a socket that is gone cannot be named to it: the connection just closes.
 */
export function end(draft: Draft): void {
  const { chat } = draft;
  if (quiet(chat)) return;
  if (isChatActive(chat.view)) {
    emit(draft, { type: 'analytics', event: { name: 'chat_ended', detail: { reason: 'customer' } } });
  }
  forgetStored(draft);
  finish(draft);
  patch(draft, { lifecycle: { kind: 'ending', delivered: false } });
  if (chat.socket.open) deliverEnd(draft, false);
  else if (chat.credentials === null) emit(draft, { type: 'closeConnection' });
}

/** The server has closeConversation: the connection is needed no more. */
function endDelivered(draft: Draft): void {
  const { lifecycle } = draft.chat;
  if (lifecycle.kind !== 'ending' || lifecycle.delivered) return;
  patch(draft, { lifecycle: { kind: 'ending', delivered: true } });
  emit(draft, { type: 'clearTimer', timer: 'endProof' }, { type: 'closeConnection' });
}

export function pageShown(draft: Draft): void {
  if (!quiet(draft.chat)) emit(draft, { type: 'reconnectNow' });
}

export function loggedIn(draft: Draft, { repeat }: EventOf<'loggedIn'>): void {
  const { chat, config } = draft;
  patch(draft, { socket: { open: true, sent: 0, answered: 0, holding: true, reconnected: null } });
  // An ending chat's socket only carries closeConversation: no login, no transcript.
  if (chat.lifecycle.kind === 'ending') {
    deliverEnd(draft, true);
    return;
  }
  if (chat.lifecycle.kind === 'over') return;
  stamp(draft);
  if (repeat) {
    // Where a server message arriving now would go: above the messages about to go out again.
    patchSocket(draft, { reconnected: { after: noticeAnchor(chat.view, chat.acknowledging) } });
    setView(draft, { ...chat.view, connection: { kind: 'online' } });
  }
  const c = chat.credentials;
  if (c === null) {
    const { details, settings, userAgent, pageUrl, textDirection } = config;
    const frame = requestChatFrame({
      details,
      settings,
      userAgent,
      pageUrl,
      textDirection,
      workRequestId: chat.contextId,
    });
    emit(draft, { type: 'send', frame });
    patchSocket(draft, { holding: false });
    return;
  }
  // Every renew asks for the full transcript (the reference clients do only after a refresh):
  // it shows what was missed while away and which messages in flight arrived. A ping right
  // after it is the barrier: its answer comes after the whole replay.
  emit(
    draft,
    { type: 'send', frame: renewChatFrame(c.guid, c.authenticationKey, true) },
    { type: 'barrier', barrier: { kind: 'replay' } },
    { type: 'setTimer', timer: 'replay', ms: config.settings.pingTimer * 2 },
  );
  patch(draft, { lifecycle: { kind: 'renewing' } });
  if (chat.view.status.kind === 'connecting') {
    // A stored chat: the composer is usable at once with the stored participants; on hold, the messages go on.
    setView(draft, { ...draft.chat.view, status: liveStatus(chat.view) });
    followPresence(draft);
  }
}

export function socketLost(draft: Draft, { code }: EventOf<'socketLost'>): void {
  // A frame refused as too large is never sent again (the server's limit, close 1009).
  const view = code === 1009 ? outbox.refusedTooLarge(draft.chat.view) : draft.chat.view;
  setView(draft, outbox.socketLost(view));
  if (draft.chat.lifecycle.kind === 'renewing') patch(draft, { lifecycle: { kind: 'confirmed' } });
  patchSocket(draft, { open: false, holding: true });
}

export function reconnecting(draft: Draft, { attempt }: EventOf<'reconnecting'>): void {
  const { chat } = draft;
  patchSocket(draft, { open: false, holding: true, reconnected: null });
  // Where it happened: above the messages that will go out again, below what the server had.
  const view = insertSystem(chat.view, draft.config.texts.attemptingReconnect, draft.at, chat.acknowledging);
  setView(draft, { ...view, connection: { kind: 'reconnecting', attempt } });
}

export function socketError(draft: Draft): void {
  notice(draft, draft.config.texts.connectionError);
}

/** Section 4, page refresh: reading the agent is activity too, not only typing. */
export function activity(draft: Draft): void {
  const { chat, at } = draft;
  if (quiet(chat) || chat.credentials === null || at - chat.activityAt < ACTIVITY_STAMP_INTERVAL) return;
  patch(draft, { activityAt: at });
  emit(draft, { type: 'touchActivity', at });
}

export function pingsAnswered(draft: Draft): void {
  patch(draft, { answersPings: true });
  emit(draft, { type: 'clearTimer', timer: 'settle' });
}

export function acknowledged(draft: Draft, { method }: EventOf<'acknowledged'>): void {
  if (method === 'renewChat') accepted(draft);
  if (method !== 'newMessage') return;
  const answered = draft.chat.socket.answered + 1;
  patchSocket(draft, { answered });
  patch(draft, { acknowledging: true });
  setView(
    draft,
    outbox.delivered(draft.chat.view, (sent) => sent.seq === answered),
  );
}

/**
 * Error 1 is not fatal (section 4). Naming newMessage, or naming nothing while a newMessage
 * awaits its answer, it answers the oldest one in flight: that message is refused (failed,
 * with Retry), and the next acknowledgement is the next message's. Any other code ends the
 * session (the connection closes it): a renew it answers is refused, else the visitor reads why.
 */
export function errorFrame(draft: Draft, { code, message, method }: EventOf<'errorFrame'>): void {
  const { chat, config } = draft;
  warn(draft, `chat socket: error ${code}: ${message}`);
  if (code === 1) {
    if (method === 'newMessage' || (method === undefined && outbox.oldestInFlight(chat.view) !== null)) {
      patchSocket(draft, { answered: chat.socket.answered + 1 });
      setView(draft, outbox.refused(chat.view));
    }
    return;
  }
  forgetStored(draft);
  if (chat.lifecycle.kind === 'renewing') {
    // A refused renew is the end of that chat, not an error the visitor can act on: the final close says so.
    patch(draft, { lifecycle: { kind: 'refused' } });
    return;
  }
  const text = code === 503 ? config.texts.maintenance : formatText(config.texts.errorCode, code, message);
  patch(draft, { fatalText: text });
  notice(draft, text);
}

export function barrierAnswered(draft: Draft, { barrier }: EventOf<'barrierAnswered'>): void {
  if (barrier.kind === 'end') {
    endDelivered(draft);
    return;
  }
  accepted(draft);
  if (barrier.kind === 'replay') replayComplete(draft);
  else
    setView(
      draft,
      outbox.delivered(draft.chat.view, (sent) => (sent.seq as number) <= barrier.marker),
    );
}

export function timerFired(draft: Draft, { timer }: EventOf<'timerFired'>): void {
  const { chat, config } = draft;
  switch (timer) {
    case 'connect':
      if (chat.lifecycle.kind !== 'requested') return;
      failWith(draft, errorCard(undefined, config.texts));
      // The service may hold the request in a queue: tell it the visitor gave up.
      emit(draft, { type: 'send', frame: closeConversationFrame() }, { type: 'closeConnection' });
      return;
    case 'replay':
      if (!chat.socket.holding || !chat.socket.open) return;
      warn(draft, 'chat socket: no answer to the ping after renewChat; sending what it did not show');
      // Nothing refused the renew within two ping intervals: a server that answers nothing has it.
      accepted(draft);
      replayComplete(draft);
      return;
    case 'settle':
      if (!chat.answersPings) {
        const before = draft.at - config.settings.livenessTimeout;
        setView(
          draft,
          outbox.delivered(chat.view, (sent) => sent.sentAt <= before),
        );
      }
      scheduleSettle(draft);
      return;
    case 'endProof':
      endDelivered(draft);
      return;
    case 'agentTyping':
      if (chat.view.agentTyping !== null) setView(draft, { ...chat.view, agentTyping: null });
      return;
  }
}

export function onHoldMessage(draft: Draft, { text, at }: EventOf<'onHoldMessage'>): void {
  setView(draft, appendMessage(draft.chat.view, { kind: 'on-hold', text, timestamp: at }, false));
}

export function onHoldUrls(draft: Draft, { description, urls, at }: EventOf<'onHoldUrls'>): void {
  setView(draft, appendMessage(draft.chat.view, { kind: 'url', description, urls, timestamp: at }, false));
}

/** The connection is over for good: say how, once, unless the visitor knows already. */
export function connectionEnded(draft: Draft, { close }: EventOf<'connectionEnded'>): void {
  const { chat, at } = draft;
  const texts = draft.config.texts;
  const { kind } = chat.lifecycle;
  if (kind === 'refused' && chat.resumed && !chat.renewAccepted) {
    // The stored chat of an earlier page is over on the service's side: offer a new one.
    finish(
      draft,
      { tone: 'info', title: texts.previousChatEndedTitle, body: texts.previousChatEndedBody },
      'resumeRefused',
    );
  } else if (kind === 'refused') {
    setView(draft, ended(chat.view, 'notResumed', texts.chatNotResumed, at));
    finish(draft);
  } else if (!quiet(chat)) {
    // Any end but a move to another tab leaves nothing to resume: a reload must not renew it.
    if (close.kind !== 'transferred') forgetStored(draft);
    const { status } = chat.view;
    const outcome = finalCloseOutcome(close, {
      status: status.kind,
      confirmed: kind !== 'requested',
      fatalText: chat.fatalText,
      texts,
    });
    if (outcome.kind === 'transferred') {
      const moved = appendSystem(chat.view, texts.openedInAnotherTab, at);
      setView(draft, { ...moved, status: { kind: 'transferred' }, connection: { kind: 'online' }, agentTyping: null });
    }
    if (outcome.kind === 'ended') setView(draft, ended(chat.view, outcome.reason, outcome.notice, at));
    finish(draft, outcome.kind === 'failed' ? outcome.card : null);
  }
  patch(draft, { lifecycle: { kind: 'over' } });
  emit(draft, { type: 'release' });
}

/** Section 4, socket lifecycle: on the final close the users are cleared and the notice written. */
export function ended(view: ChatView, reason: EndReason, text: string | null, at: number): ChatView {
  const over: ChatView = {
    ...view,
    status: { kind: 'ended', reason },
    connection: { kind: 'online' },
    participants: [],
    agentTyping: null,
  };
  return text === null ? over : appendSystem(over, text, at);
}

/** One chat_ended per chat, whatever ended it (agent, connection, error, retries); End Chat reports its own. */
export function reportEnd(before: Chat, draft: Draft): void {
  const status = draft.chat.view.status;
  if (status.kind === 'ended' && before.view.status.kind !== 'ended') {
    emit(draft, { type: 'analytics', event: { name: 'chat_ended', detail: { reason: status.reason } } });
  }
}

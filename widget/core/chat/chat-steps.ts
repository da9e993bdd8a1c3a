/**
 * The chat machine's steps (chat-machine.ts has the types and the event switch). Each step
 * works on a draft: the chat as it becomes, and the effects so far. The draft is the
 * transition's own, so the transition stays pure.
 */

import {
  closeConversationFrame,
  isTypingFrame,
  newMessageFrame,
  renewChatFrame,
  requestChatFrame,
} from '../connection/frames.js';
import type { FinalClose } from '../connection/session-machine.js';
import { formatText } from '../texts.js';
import type { Barrier, Chat, ChatConfig, ChatEffect, ChatTimer } from './chat-machine.js';
import { errorCard, finalCloseOutcome } from './final-close.js';
import {
  appendMessage,
  appendSystem,
  insertSystem,
  insertSystemAfter,
  type NewMessage,
  noticeAnchor,
} from './messages.js';
import { isChatActive } from './mode.js';
import * as outbox from './outbox.js';
import { liveStatus } from './participants.js';
import { sanitizeMessage } from './sanitize.js';
import type { ChatView, StatusCard } from './state.js';

export interface Draft {
  chat: Chat;
  readonly effects: ChatEffect[];
  readonly config: ChatConfig;
  /** The event's time. */
  readonly at: number;
}

/** Activity is stamped at most this often (a replay of 2,000 frames is one write, not 2,000). */
const ACTIVITY_STAMP_INTERVAL = 1_000;

export function draftOf(chat: Chat, config: ChatConfig, at: number): Draft {
  return { chat, effects: [], config, at };
}

/** The visitor has moved on (ended the chat, or was told it is over): nothing more is shown or stored. */
export function quiet(chat: Chat): boolean {
  return chat.lifecycle.kind === 'ending' || chat.lifecycle.kind === 'over';
}

export function setView(draft: Draft, view: ChatView): void {
  if (view !== draft.chat.view) draft.chat = { ...draft.chat, view };
}

export function notice(draft: Draft, text: string): void {
  if (!quiet(draft.chat)) setView(draft, appendSystem(draft.chat.view, text, draft.at));
}

/**
 * This chat's request timestamp (tabs compare it): at a login before the frame goes out (the
 * server closes another tab's socket as soon as it reads a renewChat), and with every message.
 */
function stamp(draft: Draft): void {
  draft.chat = { ...draft.chat, stampedAt: draft.at };
  draft.effects.push({ type: 'store', write: { key: 'requestTimestamp', at: draft.at } });
}

function clearTimers(draft: Draft, timers: readonly ChatTimer[]): void {
  for (const timer of timers) draft.effects.push({ type: 'clearTimer', timer });
}

/** Participants and on-hold groups go with the stored session, so a reload restores them. */
export function saveChatState(draft: Draft): void {
  const { chat } = draft;
  if (quiet(chat) || chat.credentials === null) return;
  const state = { participants: [...chat.view.participants], onHold: chat.onHold };
  draft.effects.push({ type: 'store', write: { key: 'chatState', state } });
}

/** On-hold messages play while the chat is confirmed and nobody from the agent side is in the room. */
export function followPresence(draft: Draft): void {
  draft.effects.push({ type: 'onHold', play: draft.chat.view.status.kind === 'waiting' });
}

/**
 * Sends what may go out, each message followed by a ping: its answer proves the message arrived
 * (outbox rule 2), and an error 1 arriving before it, while the message is the oldest in
 * flight, answers that message and no other, acknowledgements or none.
 */
export function flush(draft: Draft): void {
  const { chat, config } = draft;
  if (chat.credentials === null || !chat.socket.open || chat.socket.holding || quiet(chat)) return;
  const sent = outbox.flush(chat.view, chat.socket.sent, draft.at, config.settings.maxDeliveryAttempts);
  setView(draft, sent.chat);
  if (sent.texts.length === 0) return;
  sent.texts.forEach((text, index) => {
    const marker = chat.socket.sent + index + 1;
    draft.effects.push(
      { type: 'send', frame: newMessageFrame(text) },
      { type: 'barrier', barrier: { kind: 'delivery', marker } },
    );
  });
  draft.chat = { ...draft.chat, socket: { ...draft.chat.socket, sent: sent.sentOnSocket } };
  stamp(draft);
  scheduleSettle(draft);
}

/**
 * Outbox rule 3: a server that never answered a ping is not held to answering one; a message is
 * trusted once its socket stayed open livenessTimeout after it went out, and not a moment later
 * (the timer is for the oldest message in flight).
 */
function scheduleSettle(draft: Draft): void {
  draft.effects.push({ type: 'clearTimer', timer: 'settle' });
  const oldest = outbox.oldestInFlight(draft.chat.view);
  if (oldest === null || draft.chat.answersPings) return;
  const ms = Math.max(0, oldest + draft.config.settings.livenessTimeout - draft.at);
  draft.effects.push({ type: 'setTimer', timer: 'settle', ms });
}

/**
 * The server accepted what this socket logged in with: the answer to a ping sent after the
 * renew came with no error before it (the server answers in order), it acknowledged the
 * renewChat, or (a new chat) it confirmed the request. A renew is accepted only so: a server
 * may replay the transcript and then refuse it. A reconnection says so now, where it happened.
 */
export function accepted(draft: Draft): void {
  let { chat } = draft;
  if (chat.lifecycle.kind === 'renewing') chat = { ...chat, lifecycle: { kind: 'confirmed' }, renewAccepted: true };
  const reconnected = chat.socket.reconnected;
  if (reconnected !== null) {
    chat = { ...chat, socket: { ...chat.socket, reconnected: null } };
    if (!quiet(chat)) {
      const view = insertSystemAfter(chat.view, reconnected.after, draft.config.texts.reconnected, draft.at);
      chat = { ...chat, view };
    }
  }
  draft.chat = chat;
}

/** The replay after a renew is over: what the server did not show goes out again, in order. */
function replayComplete(draft: Draft): void {
  draft.effects.push({ type: 'clearTimer', timer: 'replay' });
  draft.chat = { ...draft.chat, socket: { ...draft.chat.socket, holding: false } };
  flush(draft);
}

export function send(draft: Draft, raw: string): void {
  const { chat, config } = draft;
  if (quiet(chat)) return;
  const text = sanitizeMessage(raw);
  if (text === '') return;
  if ([...text].length > config.settings.maxMessageLength) {
    // The composer says so before it gets here; a page calling the core directly is told in the console.
    const message = `chat: message of more than ${config.settings.maxMessageLength} characters not sent`;
    draft.effects.push({ type: 'log', level: 'warn', message });
    return;
  }
  const view = outbox.queue(chat.view, `c${chat.nextCustomerId}`, text, draft.at);
  draft.chat = { ...chat, view, nextCustomerId: chat.nextCustomerId + 1 };
  flush(draft);
}

export function retry(draft: Draft, id: string): void {
  if (quiet(draft.chat)) return;
  const view = outbox.retry(draft.chat.view, id, draft.at);
  if (view === draft.chat.view) return;
  setView(draft, view);
  flush(draft);
}

/** Section 4, typing: at most one signal per timeBetweenMsgs, and only to a chat the service knows. */
export function typed(draft: Draft): void {
  const { chat, at } = draft;
  if (quiet(chat) || chat.credentials === null || !chat.socket.open) return;
  if (chat.typingSignalAt !== null && at - chat.typingSignalAt < draft.config.settings.timeBetweenMsgs) return;
  draft.effects.push({ type: 'send', frame: isTypingFrame() });
  draft.chat = { ...chat, typingSignalAt: at };
}

/** Section 4, subject: the optional subject goes out once, after the first live-agent message. */
export function sendSubjectOnce(draft: Draft): void {
  if (draft.chat.subjectSent) return;
  draft.chat = { ...draft.chat, subjectSent: true };
  const subject = draft.config.details.subject?.trim();
  if (subject) send(draft, subject);
}

/**
 * End Chat reaches the server like a message (outbox rules 2 and 3): the answer to a ping sent
 * after it, or, from a server that never answers pings, the socket staying open livenessTimeout.
 * On a new socket a renewChat (no transcript: nobody will read it) first says which chat.
 */
function deliverEnd(draft: Draft, renew: boolean): void {
  const { credentials, answersPings } = draft.chat;
  if (renew && credentials !== null) {
    draft.effects.push({ type: 'send', frame: renewChatFrame(credentials.guid, credentials.authenticationKey, false) });
  }
  draft.effects.push({ type: 'send', frame: closeConversationFrame() });
  draft.effects.push({ type: 'barrier', barrier: { kind: 'end' } });
  if (!answersPings) {
    draft.effects.push({ type: 'setTimer', timer: 'endProof', ms: draft.config.settings.livenessTimeout });
  }
}

/**
 * The chat is over for the visitor: its timers stop, nothing will carry what is unsent (no
 * message stays 'Sending…' under the chat-ended panel), a chat that never started goes back to
 * logon with `card`, and its owner lets it go.
 */
function finish(draft: Draft, card: StatusCard | null = null, outcome: 'ended' | 'resumeRefused' = 'ended'): void {
  clearTimers(draft, ['connect', 'agentTyping', 'replay', 'settle', 'endProof']);
  draft.effects.push({ type: 'onHold', play: false });
  setView(draft, outbox.endAll(draft.chat.view));
  draft.chat = { ...draft.chat, lifecycle: { kind: 'over' } };
  if (card !== null) draft.effects.push({ type: 'failed', card });
  draft.effects.push({ type: 'finished', outcome });
}

function forgetStored(draft: Draft): void {
  if (!quiet(draft.chat)) draft.effects.push({ type: 'store', write: { key: 'clear' } });
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
    draft.effects.push({ type: 'analytics', event: { name: 'chat_ended', detail: { reason: 'customer' } } });
  }
  forgetStored(draft);
  finish(draft);
  draft.chat = { ...draft.chat, lifecycle: { kind: 'ending', delivered: false } };
  if (chat.socket.open) deliverEnd(draft, false);
  else if (chat.credentials === null) draft.effects.push({ type: 'closeConnection' });
}

/** The server has closeConversation: the connection is needed no more. */
function endDelivered(draft: Draft): void {
  const { lifecycle } = draft.chat;
  if (lifecycle.kind !== 'ending' || lifecycle.delivered) return;
  draft.chat = { ...draft.chat, lifecycle: { kind: 'ending', delivered: true } };
  draft.effects.push({ type: 'clearTimer', timer: 'endProof' }, { type: 'closeConnection' });
}

export function loggedIn(draft: Draft, repeat: boolean): void {
  const { chat, config } = draft;
  draft.chat = { ...chat, socket: { open: true, sent: 0, answered: 0, holding: true, reconnected: null } };
  if (chat.lifecycle.kind === 'ending') {
    // An ending chat's socket only carries closeConversation: no login, no transcript.
    deliverEnd(draft, true);
    return;
  }
  if (chat.lifecycle.kind === 'over') return;
  stamp(draft);
  // Where a server message arriving now would go: above the messages about to go out again.
  const reconnected = repeat ? { after: noticeAnchor(draft.chat.view, draft.chat.acknowledging) } : null;
  draft.chat = { ...draft.chat, socket: { ...draft.chat.socket, reconnected } };
  if (repeat) setView(draft, { ...draft.chat.view, connection: { kind: 'online' } });
  const credentials = chat.credentials;
  if (credentials === null) {
    const frame = requestChatFrame({
      details: config.details,
      settings: config.settings,
      userAgent: config.userAgent,
      pageUrl: config.pageUrl,
      workRequestId: chat.contextId,
      textDirection: config.textDirection,
    });
    draft.effects.push({ type: 'send', frame });
    draft.chat = { ...draft.chat, socket: { ...draft.chat.socket, holding: false } };
    return;
  }
  // Every renew asks for the full transcript (the reference clients do only after a refresh):
  // it shows what was missed while away and which messages in flight arrived. A ping right
  // after it is the barrier: its answer comes after the whole replay.
  const renew = renewChatFrame(credentials.guid, credentials.authenticationKey, true);
  draft.effects.push({ type: 'send', frame: renew }, { type: 'barrier', barrier: { kind: 'replay' } });
  draft.effects.push({ type: 'setTimer', timer: 'replay', ms: config.settings.pingTimer * 2 });
  draft.chat = { ...draft.chat, lifecycle: { kind: 'renewing' } };
  if (draft.chat.view.status.kind === 'connecting') {
    // A stored chat: the composer is usable at once with the stored participants; on hold, the messages go on.
    setView(draft, { ...draft.chat.view, status: liveStatus(draft.chat.view) });
    followPresence(draft);
  }
}

export function socketLost(draft: Draft, code: number): void {
  let view = draft.chat.view;
  // A frame refused as too large is never sent again (the server's limit, close 1009).
  if (code === 1009) view = outbox.refusedTooLarge(view);
  view = outbox.socketLost(view);
  const lifecycle = draft.chat.lifecycle.kind === 'renewing' ? { kind: 'confirmed' as const } : draft.chat.lifecycle;
  draft.chat = { ...draft.chat, lifecycle, socket: { ...draft.chat.socket, open: false, holding: true } };
  if (!quiet(draft.chat)) setView(draft, view);
}

export function reconnecting(draft: Draft, attempt: number): void {
  draft.chat = { ...draft.chat, socket: { ...draft.chat.socket, open: false, holding: true, reconnected: null } };
  if (quiet(draft.chat)) return;
  // Where it happened: above the messages that will go out again, below what the server had.
  const view = insertSystem(
    draft.chat.view,
    draft.config.texts.attemptingReconnect,
    draft.at,
    draft.chat.acknowledging,
  );
  setView(draft, { ...view, connection: { kind: 'reconnecting', attempt } });
}

/** Section 4, page refresh: reading the agent is activity too, not only typing. */
export function activity(draft: Draft): void {
  const { chat, at } = draft;
  if (quiet(chat) || chat.credentials === null || at - chat.activityAt < ACTIVITY_STAMP_INTERVAL) return;
  draft.chat = { ...chat, activityAt: at };
  draft.effects.push({ type: 'store', write: { key: 'activity', at } });
}

export function acknowledged(draft: Draft, method: string): void {
  if (method === 'renewChat') accepted(draft);
  if (method !== 'newMessage') return;
  const socket = { ...draft.chat.socket, answered: draft.chat.socket.answered + 1 };
  const view = outbox.acknowledged(draft.chat.view, socket.answered);
  draft.chat = { ...draft.chat, socket, acknowledging: true };
  if (!quiet(draft.chat)) setView(draft, view);
}

/**
 * Error 1 is not fatal (section 4). Naming newMessage, or naming nothing while a newMessage
 * awaits its answer, it answers the oldest one in flight: that message is refused (failed,
 * with Retry), and the next acknowledgement is the next message's. Any other code ends the
 * session (the connection closes it): a renew it answers is refused, else the visitor reads why.
 */
export function errorFrame(draft: Draft, code: number, message: string, method: string | undefined): void {
  const { chat, config } = draft;
  if (code === 1) {
    draft.effects.push({ type: 'log', level: 'warn', message: `chat socket: error 1 (not fatal): ${message}` });
    const answersMessage =
      method === 'newMessage' || (method === undefined && outbox.oldestInFlight(chat.view) !== null);
    if (!answersMessage) return;
    draft.chat = { ...chat, socket: { ...chat.socket, answered: chat.socket.answered + 1 } };
    if (!quiet(chat)) setView(draft, outbox.refused(chat.view));
    return;
  }
  forgetStored(draft);
  if (chat.lifecycle.kind === 'renewing') {
    // A refused renew is the end of that chat, not an error the visitor can act on: the final close says so.
    draft.effects.push({
      type: 'log',
      level: 'warn',
      message: `chat socket: renewChat refused (error ${code}: ${message})`,
    });
    draft.chat = { ...chat, lifecycle: { kind: 'refused' } };
    return;
  }
  const text = code === 503 ? config.texts.maintenance : formatText(config.texts.errorCode, code, message);
  draft.chat = { ...chat, fatalText: text };
  notice(draft, text);
}

export function barrierAnswered(draft: Draft, barrier: Barrier): void {
  switch (barrier.kind) {
    case 'delivery':
      accepted(draft);
      if (!quiet(draft.chat)) setView(draft, outbox.answeredUpTo(draft.chat.view, barrier.marker));
      return;
    case 'replay':
      accepted(draft);
      replayComplete(draft);
      return;
    case 'end':
      endDelivered(draft);
      return;
  }
}

export function timerFired(draft: Draft, timer: ChatTimer): void {
  const { chat, config } = draft;
  switch (timer) {
    case 'connect':
      if (chat.lifecycle.kind !== 'requested') return;
      failWith(draft, errorCard(undefined, config.texts));
      // The service may hold the request in a queue: tell it the visitor gave up.
      draft.effects.push({ type: 'send', frame: closeConversationFrame() }, { type: 'closeConnection' });
      return;
    case 'replay':
      if (!chat.socket.holding || !chat.socket.open) return;
      draft.effects.push({
        type: 'log',
        level: 'warn',
        message: 'chat socket: no answer to the ping after renewChat; re-sending unconfirmed messages',
      });
      // Nothing refused the renew within two ping intervals: a server that answers nothing has it.
      accepted(draft);
      replayComplete(draft);
      return;
    case 'settle':
      if (!chat.answersPings && !quiet(chat)) {
        setView(draft, outbox.settled(chat.view, draft.at - config.settings.livenessTimeout));
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

export function onHoldMessage(draft: Draft, message: Extract<NewMessage, { kind: 'on-hold' | 'url' }>): void {
  if (!quiet(draft.chat)) setView(draft, appendMessage(draft.chat.view, message, false));
}

/** The connection is over for good: say how, once, unless the visitor knows already. */
export function connectionEnded(draft: Draft, close: FinalClose): void {
  const { chat, config, at } = draft;
  const texts = config.texts;
  switch (chat.lifecycle.kind) {
    case 'ending':
    case 'over':
      break;
    case 'refused':
      if (chat.resumed && !chat.renewAccepted) {
        // The stored chat of an earlier page is over on the service's side: offer a new one.
        const card = { tone: 'info' as const, title: texts.previousChatEndedTitle, body: texts.previousChatEndedBody };
        finish(draft, card, 'resumeRefused');
        break;
      }
      setView(draft, ended(chat.view, 'notResumed', texts.chatNotResumed, at));
      finish(draft);
      break;
    default: {
      // Any end but a move to another tab leaves nothing to resume: a reload must not renew it.
      if (close.kind !== 'transferred') forgetStored(draft);
      const outcome = finalCloseOutcome(close, {
        status: chat.view.status.kind,
        confirmed: chat.lifecycle.kind !== 'requested',
        fatalText: chat.fatalText,
        texts,
      });
      if (outcome.kind === 'failed') {
        finish(draft, outcome.card);
        break;
      }
      if (outcome.kind === 'transferred') setView(draft, transferred(chat.view, texts.openedInAnotherTab, at));
      if (outcome.kind === 'ended') setView(draft, ended(chat.view, outcome.reason, outcome.notice, at));
      finish(draft);
    }
  }
  draft.chat = { ...draft.chat, lifecycle: { kind: 'over' } };
  draft.effects.push({ type: 'release' });
}

/** Section 4, socket lifecycle: on the final close the users are cleared and the notice written. */
export function ended(
  view: ChatView,
  reason: Extract<ChatView['status'], { kind: 'ended' }>['reason'],
  text: string | null,
  at: number,
): ChatView {
  const over: ChatView = {
    ...view,
    status: { kind: 'ended', reason },
    connection: { kind: 'online' },
    participants: [],
    agentTyping: null,
  };
  return text === null ? over : appendSystem(over, text, at);
}

function transferred(view: ChatView, text: string, at: number): ChatView {
  const moved = appendSystem(view, text, at);
  return { ...moved, status: { kind: 'transferred' }, connection: { kind: 'online' }, agentTyping: null };
}

/** One chat_ended per chat, whatever ended it (agent, connection, error, retries); End Chat reports its own. */
export function reportEnd(before: Chat, draft: Draft): void {
  const status = draft.chat.view.status;
  if (status.kind === 'ended' && before.view.status.kind !== 'ended') {
    draft.effects.push({ type: 'analytics', event: { name: 'chat_ended', detail: { reason: status.reason } } });
  }
}

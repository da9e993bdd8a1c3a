/**
 * What each notification does to the chat (the chat machine's `notification` event; section 4
 * chat lifecycle, sender handling, typing and on-hold). A method added to the contract does not
 * compile until it has a handler here.
 */
import type { ReadNotificationBody } from '../connection/normalize.js';
import { isFirstChatConfirmation } from '../forms/lead.js';
import {
  accepted,
  type Draft,
  type EventOf,
  emit,
  ended,
  failWith,
  flush,
  followPresence,
  forgetStored,
  patch,
  quiet,
  saveChatState,
  sendSubjectOnce,
  setView,
} from './chat-steps.js';
import { fileDownloadUrl } from './file-url.js';
import { appendMessage, messageText, receiveCustomerMessage, receiveMessage } from './messages.js';
import * as outbox from './outbox.js';
import { agentsPresent, inferPresence, liveStatus, participantJoined, participantLeft } from './participants.js';
import { safeWebPage } from './safe-url.js';
import { wasDropped } from './transcript-cap.js';
import { isVisible, shownName } from './visibility.js';

type Method = ReadNotificationBody['method'];
type Body<M extends Method> = Extract<ReadNotificationBody, { method: M }>;

/** The on-screen line the agent side sent, counted for the unread badge. */
const show = (draft: Draft, line: Parameters<typeof appendMessage>[1]) =>
  setView(draft, appendMessage(draft.chat.view, line, true));

const report = (draft: Draft, what: string) =>
  emit(draft, { type: 'report', error: new Error(`chat socket: ${what}`) });

/** One handler per notification method: the compiler names any method left without one. */
const ON: { [M in Method]: (draft: Draft, body: Body<M>) => void } = {
  requestChat: confirmed,
  routeCancel(draft) {
    const { texts } = draft.config;
    emit(draft, { type: 'stopRetrying' });
    failWith(draft, { tone: 'error', title: texts.noSuitableAgents, body: texts.failureBody });
    emit(draft, { type: 'closeConnection' });
  },
  newParticipant(draft, body) {
    const { config, chat } = draft;
    setView(draft, participantJoined(chat.view, body, config.visibility, draft.at, config.texts));
    patch(draft, { agentEverJoined: true });
    if (!chat.agentEverJoined) {
      emit(draft, { type: 'analytics', event: { name: 'chat_started', detail: { agentId: body.agentId } } });
    }
    const comfort = body.webOnHoldComfortGroup?.[0];
    if (comfort !== undefined) {
      patch(draft, { onHold: { ...chat.onHold, comfort } });
      emit(draft, { type: 'onHoldGroups', comfort, urls: undefined });
    }
    followPresence(draft);
    saveChatState(draft);
  },
  participantLeave(draft, body) {
    const { config } = draft;
    setView(draft, participantLeft(draft.chat.view, body, config.visibility, draft.at, config.texts));
    if (body.endChatFlag === true) emit(draft, { type: 'stopRetrying' });
    followPresence(draft);
    saveChatState(draft);
  },
  isTyping(draft, body) {
    const agent = draft.chat.view.participants.find((p) => p.id === body.agentId);
    if (!body.isTyping || agent === undefined || !isVisible(agent, draft.config.visibility)) return;
    setView(draft, { ...draft.chat.view, agentTyping: { agentId: agent.id, displayName: agent.name } });
    emit(draft, { type: 'setTimer', timer: 'agentTyping', ms: draft.config.settings.agentTypingTimeout });
  },
  newMessage: received,
  closeConversation(draft, body) {
    emit(draft, { type: 'stopRetrying' }, { type: 'onHold', play: false });
    forgetStored(draft);
    setView(draft, ended(outbox.endAll(draft.chat.view), 'agentClosed', null, draft.at));
    // The vendor's documented ending: the client closes the socket itself.
    if (body.result === true) emit(draft, { type: 'closeConnection' });
  },
  newAgentFileTransfer(draft, body) {
    const { fileDownloadUrl: template, apiEndpointsDomain } = draft.config.settings;
    const url = fileDownloadUrl(body, template, apiEndpointsDomain, draft.chat.contextId);
    if (url === null) return report(draft, 'newAgentFileTransfer without a uuid or a safe http(s) address');
    show(draft, { kind: 'download', agentName: body.agentName, fileName: body.name, url, timestamp: draft.at });
  },
  newPushPageMessage(draft, body) {
    const url = safeWebPage(body.pagePushURL);
    if (url === null) return report(draft, 'newPushPageMessage without a safe http(s) address');
    const { participants } = draft.chat.view;
    const displayName = shownName(body.displayName ?? '', 'live_agent', participants, draft.config.visibility);
    show(draft, { kind: 'page', displayName, url, timestamp: body.timestamp ?? draft.at });
  },
  ping() {},
  pong() {},
};

export function notification(draft: Draft, { body }: EventOf<'notification'>): void {
  if (body.method === 'requestChat' && draft.chat.lifecycle.kind === 'ending') {
    // Nothing is stored or shown, but closeConversation may still have to name this chat.
    patch(draft, { credentials: { guid: body.guid, authenticationKey: body.authenticationKey } });
    return;
  }
  if (!quiet(draft.chat)) (ON[body.method] as (draft: Draft, body: ReadNotificationBody) => void)(draft, body);
}

/** The service confirmed the chat: it is stored for a renew, with or without a context id. */
function confirmed(draft: Draft, body: Body<'requestChat'>): void {
  const { chat, config } = draft;
  const first = chat.lifecycle.kind === 'requested';
  const credentials = { guid: body.guid, authenticationKey: body.authenticationKey };
  // An older server confirms without workRequestId: the chat is confirmed, its context id unknown.
  const contextId = body.workRequestId ?? null;
  const onHold = { comfort: body.webOnHoldComfortGroups?.[0] ?? null, urls: body.webOnHoldURLs?.[0] ?? null };
  patch(draft, { credentials, contextId, onHold, lifecycle: first ? { kind: 'confirmed' } : chat.lifecycle });
  // A new chat's request sent again on a new socket: the confirmation is its acceptance.
  accepted(draft);
  emit(
    draft,
    { type: 'clearTimer', timer: 'connect' },
    { type: 'saveConfirmed', ...credentials, contextId },
    { type: 'onHoldGroups', comfort: onHold.comfort ?? undefined, urls: onHold.urls ?? undefined },
  );
  const status = chat.view.status.kind;
  if (status === 'connecting' || status === 'waiting' || status === 'active') {
    setView(draft, { ...draft.chat.view, status: liveStatus(chat.view) });
  }
  saveChatState(draft);
  followPresence(draft);
  if (first && contextId !== null && isFirstChatConfirmation(contextId, config.earlierTimestamp)) {
    emit(draft, { type: 'lead', workRequestId: contextId });
  }
  flush(draft);
}

/** Section 4, sender handling; a customer message is the outbox's (rule 4) before it is shown. */
function received(draft: Draft, body: Body<'newMessage'>): void {
  const { chat, config } = draft;
  const senderType = body.senderType;
  // The replay after a renew brings back what the transcript cap dropped: it was shown already.
  if (chat.socket.holding && wasDropped(chat.view, body.timestamp)) return;
  if (senderType === 'customer') {
    const text = messageText(body);
    const known = outbox.fromServer(chat.view, text, body.timestamp);
    if (known.verdict !== 'new') setView(draft, known.chat);
    else if (text !== '') setView(draft, receiveCustomerMessage(chat.view, text, body.timestamp, chat.acknowledging));
    return;
  }
  const shown = receiveMessage(chat.view, { ...body, senderType }, config.visibility, chat.acknowledging);
  if (shown !== chat.view) setView(draft, inferPresence(shown, body, config.visibility));
  if (!agentsPresent(chat.view) && agentsPresent(draft.chat.view)) {
    patch(draft, { agentEverJoined: true });
    followPresence(draft);
    saveChatState(draft);
  }
  if (senderType === 'live_agent') {
    emit(draft, { type: 'clearTimer', timer: 'agentTyping' });
    sendSubjectOnce(draft);
  }
}

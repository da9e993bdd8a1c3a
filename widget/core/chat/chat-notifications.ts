/**
 * What each notification does to the chat (the chat machine's `notification` event; section 4
 * chat lifecycle, sender handling, typing and on-hold). A method added to the contract does not
 * compile until it has a case here.
 */
import { assertNever } from '../../../contract/assert-never.js';
import type { NewMessageNotificationBody } from '../../../generated/chat-socket.js';
import { isFirstChatConfirmation } from '../forms/lead.js';
import type { ReadNotificationBody } from './chat-machine.js';
import {
  accepted,
  type Draft,
  ended,
  failWith,
  flush,
  followPresence,
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
import { isVisible, shownName } from './visibility.js';

type Body<M extends ReadNotificationBody['method']> = Extract<ReadNotificationBody, { method: M }>;

export function notification(draft: Draft, body: ReadNotificationBody): void {
  if (body.method === 'requestChat' && draft.chat.lifecycle.kind === 'ending') {
    // Nothing is stored or shown, but closeConversation may still have to name this chat.
    draft.chat = { ...draft.chat, credentials: { guid: body.guid, authenticationKey: body.authenticationKey } };
    return;
  }
  if (quiet(draft.chat)) return;
  const { config, at } = draft;
  switch (body.method) {
    case 'requestChat':
      confirmed(draft, body);
      return;
    case 'routeCancel':
      draft.effects.push({ type: 'stopRetrying' });
      failWith(draft, { tone: 'error', title: config.texts.noSuitableAgents, body: config.texts.failureBody });
      draft.effects.push({ type: 'closeConnection' });
      return;
    case 'newParticipant': {
      const first = !draft.chat.agentEverJoined;
      setView(draft, participantJoined(draft.chat.view, body, config.visibility, at, config.texts));
      draft.chat = { ...draft.chat, agentEverJoined: true };
      if (first)
        draft.effects.push({ type: 'analytics', event: { name: 'chat_started', detail: { agentId: body.agentId } } });
      const comfort = body.webOnHoldComfortGroup?.[0];
      if (comfort !== undefined) {
        draft.chat = { ...draft.chat, onHold: { ...draft.chat.onHold, comfort } };
        draft.effects.push({ type: 'onHoldGroups', comfort, urls: undefined });
      }
      followPresence(draft);
      saveChatState(draft);
      return;
    }
    case 'participantLeave':
      setView(draft, participantLeft(draft.chat.view, body, config.visibility, at, config.texts));
      if (body.endChatFlag === true) draft.effects.push({ type: 'stopRetrying' });
      followPresence(draft);
      saveChatState(draft);
      return;
    case 'isTyping': {
      const agent = draft.chat.view.participants.find((p) => p.id === body.agentId);
      if (!body.isTyping || agent === undefined || !isVisible(agent, config.visibility)) return;
      setView(draft, { ...draft.chat.view, agentTyping: { agentId: agent.id, displayName: agent.name } });
      draft.effects.push({ type: 'setTimer', timer: 'agentTyping', ms: config.settings.agentTypingTimeout });
      return;
    }
    case 'newMessage':
      received(draft, body);
      return;
    case 'closeConversation':
      draft.effects.push({ type: 'stopRetrying' }, { type: 'onHold', play: false });
      draft.effects.push({ type: 'store', write: { key: 'clear' } });
      setView(draft, ended(outbox.endAll(draft.chat.view), 'agentClosed', null, at));
      // The vendor's documented ending: the client closes the socket itself.
      if (body.result === true) draft.effects.push({ type: 'closeConnection' });
      return;
    case 'newAgentFileTransfer': {
      const { settings } = config;
      const url = fileDownloadUrl(body, settings.fileDownloadUrl, settings.apiEndpointsDomain, draft.chat.contextId);
      if (url === null) {
        const error = new Error('chat socket: newAgentFileTransfer without a uuid or a safe http(s) address');
        draft.effects.push({ type: 'report', error });
        return;
      }
      const file = { kind: 'download' as const, agentName: body.agentName, fileName: body.name, url, timestamp: at };
      setView(draft, appendMessage(draft.chat.view, file, true));
      return;
    }
    case 'newPushPageMessage': {
      const url = safeWebPage(body.pagePushURL);
      if (url === null) {
        draft.effects.push({
          type: 'report',
          error: new Error('chat socket: newPushPageMessage without a safe http(s) address'),
        });
        return;
      }
      const displayName = shownName(
        body.displayName ?? '',
        'live_agent',
        draft.chat.view.participants,
        config.visibility,
      );
      const page = { kind: 'page' as const, displayName, url, timestamp: body.timestamp ?? at };
      setView(draft, appendMessage(draft.chat.view, page, true));
      return;
    }
    case 'ping':
    case 'pong':
      return;
    default:
      assertNever(body, 'notification');
  }
}

/** The service confirmed the chat: it is stored for a renew, with or without a context id. */
function confirmed(draft: Draft, body: Body<'requestChat'>): void {
  const { chat, config } = draft;
  const first = chat.lifecycle.kind === 'requested';
  const credentials = { guid: body.guid, authenticationKey: body.authenticationKey };
  // An older server confirms without workRequestId: the chat is confirmed, its context id unknown.
  const contextId = body.workRequestId ?? null;
  const onHold = { comfort: body.webOnHoldComfortGroups?.[0] ?? null, urls: body.webOnHoldURLs?.[0] ?? null };
  const lifecycle = chat.lifecycle.kind === 'requested' ? { kind: 'confirmed' as const } : chat.lifecycle;
  draft.chat = { ...chat, credentials, contextId, onHold, lifecycle };
  // A new chat's request sent again on a new socket: the confirmation is its acceptance.
  accepted(draft);
  draft.effects.push({ type: 'clearTimer', timer: 'connect' });
  draft.effects.push({ type: 'store', write: { key: 'confirmed', credentials, contextId } });
  const status = chat.view.status.kind;
  if (status === 'connecting' || status === 'waiting' || status === 'active') {
    setView(draft, { ...draft.chat.view, status: liveStatus(draft.chat.view) });
  }
  draft.effects.push({ type: 'onHoldGroups', comfort: onHold.comfort ?? undefined, urls: onHold.urls ?? undefined });
  saveChatState(draft);
  followPresence(draft);
  if (first && contextId !== null && isFirstChatConfirmation(contextId, config.earlierTimestamp)) {
    draft.effects.push({ type: 'lead', workRequestId: contextId });
  }
  flush(draft);
}

/** Section 4, sender handling; a customer message is the outbox's (rule 4) before it is shown. */
function received(draft: Draft, body: NewMessageNotificationBody): void {
  const { chat, config } = draft;
  if (body.senderType === 'customer') {
    const text = messageText(body);
    const known = outbox.fromServer(chat.view, text, body.timestamp);
    if (known.verdict !== 'new') setView(draft, known.chat);
    else if (text !== '') setView(draft, receiveCustomerMessage(chat.view, text, body.timestamp, chat.acknowledging));
    return;
  }
  const senderType = body.senderType;
  const hadAgents = agentsPresent(chat.view);
  const shown = receiveMessage(chat.view, { ...body, senderType }, config.visibility, chat.acknowledging);
  if (shown !== chat.view) setView(draft, inferPresence(shown, body, config.visibility));
  if (!hadAgents && agentsPresent(draft.chat.view)) {
    draft.chat = { ...draft.chat, agentEverJoined: true };
    followPresence(draft);
    saveChatState(draft);
  }
  if (senderType === 'live_agent') {
    draft.effects.push({ type: 'clearTimer', timer: 'agentTyping' });
    sendSubjectOnce(draft);
  }
}

/** The pure reducer: (state, event) -> state. Timers and sockets live in the shell modules. */
import { TEXTS } from '../texts.js';
import type { WidgetEvent } from './events.js';
import { initialChat, initialViews } from './initial-state.js';
import { appendMessage, appendSystem, insertSystem, receiveMessage } from './messages.js';
import { inferPresence, participantJoined, participantLeft } from './participants.js';
import type { ChatState, WidgetState } from './state.js';

/** A conversation is going on: closing asks 'End Chat?' and beforeunload confirms. */
export function isChatActive(chat: ChatState): boolean {
  const kind = chat.status.kind;
  return kind === 'connecting' || kind === 'waiting' || kind === 'active';
}

function withChat(state: WidgetState, chat: ChatState): WidgetState {
  return chat === state.chat ? state : { ...state, chat };
}

function resetChat(state: WidgetState): WidgetState {
  return {
    ...state,
    mode: 'logon',
    chat: initialChat(),
    dialog: { ...state.dialog, endChatPrompt: false },
    views: initialViews(state.flags),
  };
}

function closeDialog(state: WidgetState): WidgetState {
  // The prompt needs the window: closing from the minimized bubble opens it to ask.
  if (isChatActive(state.chat)) return { ...state, dialog: { status: 'open', endChatPrompt: true } };
  // Section 4: after the agent closed the chat, the next close click resets everything.
  const base = state.chat.status.kind === 'ended' ? resetChat(state) : state;
  return { ...base, dialog: { status: 'closing', endChatPrompt: false } };
}

function dialogEvent(state: WidgetState, event: WidgetEvent): WidgetState | null {
  switch (event.type) {
    case 'dialogOpened':
      return { ...state, dialog: { status: 'open', endChatPrompt: false }, chat: { ...state.chat, unread: 0 } };
    case 'dialogCloseRequested':
      return closeDialog(state);
    case 'dialogClosed':
      return { ...state, dialog: { status: 'closed', endChatPrompt: false } };
    case 'minimized':
      return { ...state, dialog: { status: 'minimized', endChatPrompt: false } };
    case 'endChatDeclined':
      return { ...state, dialog: { ...state.dialog, endChatPrompt: false } };
    case 'viewPushed':
      return { ...state, views: [...state.views, event.view] };
    case 'viewPopped':
      return state.views.length > 1 ? { ...state, views: state.views.slice(0, -1) } : state;
    case 'viewsReset':
      return { ...state, views: initialViews(state.flags) };
    case 'statusCardShown':
      return { ...state, statusCard: event.card };
    case 'statusCardDismissed':
      return state.statusCard === null ? state : { ...state, statusCard: null };
    case 'callbackSubmitting':
      return { ...state, callback: { status: 'submitting' } };
    case 'callbackSubmitted':
      return { ...state, callback: { status: 'submitted', ok: event.ok }, statusCard: event.card };
    default:
      return null;
  }
}

function lifecycleEvent(state: WidgetState, event: WidgetEvent): WidgetState | null {
  const chat = state.chat;
  switch (event.type) {
    case 'availabilityResolved':
      return {
        ...state,
        availability: event.availability,
        flags: {
          ...state.flags,
          variant: event.variant ?? state.flags.variant,
          useEngagementPlaceholderData: event.useEngagementPlaceholderData ?? state.flags.useEngagementPlaceholderData,
          bypassBubble: event.bypassBubble ?? state.flags.bypassBubble,
        },
      };
    case 'flagsUpdated':
      return { ...state, flags: { ...state.flags, ...event.flags } };
    case 'chatRequested':
      return {
        ...state,
        mode: 'loading',
        statusCard: null,
        chat: { ...initialChat(), status: { kind: 'connecting' } },
      };
    case 'chatResumed': {
      const participants = [...event.participants];
      const resumed = appendSystem(
        { ...initialChat(), status: { kind: 'connecting' }, participants, agentEverJoined: participants.length > 0 },
        TEXTS.transferringSession,
        event.at,
      );
      const agentName = participants.filter((p) => p.visible).at(-1)?.name ?? null;
      return { ...state, mode: 'chat', chat: { ...resumed, agentName } };
    }
    case 'chatConfirmed': {
      const status = chat.participants.length > 0 ? { kind: 'active' as const } : { kind: 'waiting' as const };
      return { ...state, mode: 'chat', chat: { ...chat, status } };
    }
    case 'reconnecting': {
      // Where it happened: above the messages that will go out again, below what the server had.
      const next = insertSystem(chat, TEXTS.attemptingReconnect, event.at, event.acknowledging === true);
      return withChat(state, { ...next, connection: { kind: 'reconnecting', attempt: event.attempt } });
    }
    case 'reconnected': {
      // At the moment of reconnecting: before what arrives next and the messages about to go out again.
      const next = insertSystem(chat, TEXTS.reconnected, event.at, event.acknowledging === true);
      return withChat(state, { ...next, connection: { kind: 'online' } });
    }
    case 'chatEnded': {
      const ended: ChatState = {
        ...chat,
        status: { kind: 'ended', reason: event.reason },
        connection: { kind: 'online' },
        // Section 4, socket lifecycle: on the final close the users are cleared.
        participants: [],
        agentTyping: null,
      };
      const next = event.notice === null ? ended : appendSystem(ended, event.notice, event.at);
      return { ...state, mode: 'chat', chat: next, dialog: { ...state.dialog, endChatPrompt: false } };
    }
    case 'transferred': {
      const next = appendSystem(chat, TEXTS.openedInAnotherTab, event.at);
      return {
        ...state,
        chat: { ...next, status: { kind: 'transferred' }, connection: { kind: 'online' }, agentTyping: null },
        dialog: { ...state.dialog, endChatPrompt: false },
      };
    }
    case 'chatFailed':
      return { ...resetChat(state), statusCard: event.card };
    case 'chatReset':
      return { ...resetChat(state), dialog: { status: 'closed', endChatPrompt: false } };
    default:
      return null;
  }
}

function conversationEvent(state: WidgetState, event: WidgetEvent): WidgetState {
  const chat = state.chat;
  const dialogOpen = state.dialog.status === 'open';
  switch (event.type) {
    case 'participantJoined':
      return withChat(state, participantJoined(chat, event.body, state.flags.visibility, event.at));
    case 'participantLeft':
      return withChat(state, participantLeft(chat, event.body, state.flags.visibility, event.at));
    case 'agentTyping': {
      const agent = chat.participants.find((p) => p.id === event.agentId);
      if (agent === undefined || !agent.visible) return state;
      return withChat(state, { ...chat, agentTyping: { agentId: agent.id, displayName: agent.name } });
    }
    case 'agentTypingCleared':
      return chat.agentTyping === null ? state : withChat(state, { ...chat, agentTyping: null });
    case 'messageReceived': {
      const received = receiveMessage(chat, event.body, dialogOpen, event.acknowledging === true);
      return withChat(state, received === chat ? chat : inferPresence(received, event.body, state.flags.visibility));
    }
    case 'customerMessageQueued': {
      const message = {
        kind: 'customer' as const,
        id: event.id,
        text: event.text,
        timestamp: event.at,
        delivery: 'waiting' as const,
        failure: null,
      };
      return withChat(state, { ...chat, messages: [...chat.messages, message] });
    }
    case 'customerMessagesDelivered': {
      const ids = new Set(event.ids);
      const messages = chat.messages.map((m) =>
        m.kind === 'customer' && ids.has(m.id) && m.delivery !== 'sent'
          ? { ...m, delivery: 'sent' as const, failure: null }
          : m,
      );
      return withChat(state, { ...chat, messages });
    }
    case 'customerMessagesSent': {
      const ids = new Set(event.ids);
      const messages = chat.messages.map((m) =>
        m.kind === 'customer' && ids.has(m.id) && m.delivery === 'waiting' ? { ...m, delivery: 'pending' as const } : m,
      );
      return withChat(state, { ...chat, messages });
    }
    case 'customerMessagesFailed': {
      const reasons = new Map(event.failures.map((f) => [f.id, f.reason]));
      const messages = chat.messages.map((m) => {
        const reason = m.kind === 'customer' ? reasons.get(m.id) : undefined;
        return reason !== undefined && m.kind === 'customer' && (m.delivery === 'pending' || m.delivery === 'waiting')
          ? { ...m, delivery: 'failed' as const, failure: reason }
          : m;
      });
      return withChat(state, { ...chat, messages });
    }
    case 'customerMessageRetried': {
      const failed = chat.messages.find((m) => m.kind === 'customer' && m.id === event.id && m.delivery === 'failed');
      if (failed === undefined || failed.kind !== 'customer') return state;
      const again = { ...failed, delivery: 'waiting' as const, failure: null, timestamp: event.at };
      return withChat(state, { ...chat, messages: [...chat.messages.filter((m) => m !== failed), again] });
    }
    case 'onHoldMessage':
      return withChat(state, appendMessage(chat, { kind: 'on-hold', text: event.text, timestamp: event.at }, false));
    case 'onHoldUrls':
      return withChat(
        state,
        appendMessage(
          chat,
          { kind: 'url', description: event.description, urls: event.urls, timestamp: event.at },
          false,
        ),
      );
    case 'fileShared': {
      const message = {
        kind: 'download' as const,
        agentName: event.agentName,
        fileName: event.fileName,
        url: event.url,
        timestamp: event.at,
      };
      return withChat(state, appendMessage(chat, message, !dialogOpen));
    }
    case 'systemNotice':
      return withChat(state, appendSystem(chat, event.text, event.at));
    default:
      return state;
  }
}

export function reduce(state: WidgetState, event: WidgetEvent): WidgetState {
  return dialogEvent(state, event) ?? lifecycleEvent(state, event) ?? conversationEvent(state, event);
}

/** The pure reducer: (state, event) -> state. Timers and sockets live in the shell modules. */
import { assertNever } from '../../../contract/assert-never.js';
import { type CoreTexts, TEXTS } from '../texts.js';
import type { WidgetEvent } from './events.js';
import { chatOrCallback, initialChat, initialViews } from './initial-state.js';
import { appendMessage, appendSystem, insertSystem, receiveMessage } from './messages.js';
import { selectMode } from './mode.js';
import { agentsPresent, inferPresence, liveStatus, participantJoined, participantLeft } from './participants.js';
import type { ChatMessage, ChatState, WidgetState } from './state.js';

type CustomerMessage = Extract<ChatMessage, { kind: 'customer' }>;

/** A conversation is going on: closing asks 'End Chat?' and beforeunload confirms. */
export function isChatActive(chat: ChatState): boolean {
  const kind = chat.status.kind;
  return kind === 'connecting' || kind === 'waiting' || kind === 'active';
}

function withChat(state: WidgetState, chat: ChatState): WidgetState {
  return chat === state.chat ? state : { ...state, chat };
}

/** The first view of what is offered now (the callback form on a chat-lite page without chat). */
function firstViews(state: WidgetState): string[] {
  return initialViews(state.flags, chatOrCallback(state.availability, state.flags));
}

function resetChat(state: WidgetState): WidgetState {
  return {
    ...state,
    chat: initialChat(),
    dialog: { ...state.dialog, endChatPrompt: false },
    views: firstViews(state),
  };
}

/**
 * The availability answer changes what is offered (a chat-lite page that offered the callback
 * at once learns that an agent is available). A visitor who has not opened the dialog yet gets
 * the new offer's first view; one who is looking at a form keeps it (the view offers the switch).
 */
function withOffer(before: WidgetState, after: WidgetState): WidgetState {
  const changed = chatOrCallback(before.availability, before.flags) !== chatOrCallback(after.availability, after.flags);
  if (!changed || selectMode(after) !== 'logon' || after.dialog.status === 'open') return after;
  return { ...after, views: firstViews(after) };
}

function closeDialog(state: WidgetState): WidgetState {
  // The prompt needs the window: closing from the minimized bubble opens it to ask.
  if (isChatActive(state.chat)) return { ...state, dialog: { status: 'open', endChatPrompt: true } };
  // Section 4: after the agent closed the chat, the next close click resets everything.
  const base = state.chat.status.kind === 'ended' ? resetChat(state) : state;
  return { ...base, dialog: { status: 'closing', endChatPrompt: false } };
}

function customerMessages(chat: ChatState, update: (message: CustomerMessage) => ChatMessage): ChatState {
  return { ...chat, messages: chat.messages.map((m) => (m.kind === 'customer' ? update(m) : m)) };
}

/** One event, one case: the compiler names any event left without one (assertNever). */
function reduceWith(state: WidgetState, event: WidgetEvent, texts: CoreTexts): WidgetState {
  const chat = state.chat;
  const dialogOpen = state.dialog.status === 'open';
  switch (event.type) {
    case 'availabilityResolved':
      return withOffer(state, {
        ...state,
        availability: event.availability,
        flags: {
          ...state.flags,
          variant: event.variant ?? state.flags.variant,
          useEngagementPlaceholderData: event.useEngagementPlaceholderData ?? state.flags.useEngagementPlaceholderData,
        },
      });
    case 'flagsUpdated':
      return { ...state, flags: { ...state.flags, ...event.flags } };
    case 'dialogOpened':
      return { ...state, dialog: { status: 'open', endChatPrompt: false }, chat: { ...chat, unread: 0 } };
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
      return { ...state, views: firstViews(state) };
    case 'statusCardDismissed':
      return state.statusCard === null ? state : { ...state, statusCard: null };
    case 'callbackSubmitting':
      return { ...state, callback: { status: 'submitting' } };
    case 'callbackSubmitted':
      return { ...state, callback: { status: 'submitted', ok: event.ok }, statusCard: event.card };
    case 'chatRequested':
      return { ...state, statusCard: null, chat: { ...initialChat(), status: { kind: 'connecting', resumed: false } } };
    case 'chatResumed': {
      const participants = [...event.participants];
      const resumed = appendSystem(
        {
          ...initialChat(),
          status: { kind: 'connecting', resumed: true },
          participants,
          agentEverJoined: agentsPresent({ participants }),
        },
        texts.transferringSession,
        event.at,
      );
      const agentName = participants.filter((p) => p.visible).at(-1)?.name ?? null;
      return { ...state, chat: { ...resumed, agentName } };
    }
    case 'chatConfirmed':
      return withChat(state, { ...chat, status: liveStatus(chat) });
    case 'reconnecting': {
      // Where it happened: above the messages that will go out again, below what the server had.
      const next = insertSystem(chat, texts.attemptingReconnect, event.at, event.acknowledging === true);
      return withChat(state, { ...next, connection: { kind: 'reconnecting', attempt: event.attempt } });
    }
    case 'reconnected': {
      // At the moment of reconnecting: before what arrives next and the messages about to go out again.
      const next = insertSystem(chat, texts.reconnected, event.at, event.acknowledging === true);
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
      return { ...state, chat: next, dialog: { ...state.dialog, endChatPrompt: false } };
    }
    case 'transferred': {
      const next = appendSystem(chat, texts.openedInAnotherTab, event.at);
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
    case 'callbackInsteadRequested': {
      // The chat (queued or failed) is over for the visitor; the dialog stays open on the
      // callback form, with back leading to the first view.
      const reset = resetChat(state);
      const views = reset.views.at(-1) === 'callback' ? reset.views : [...reset.views, 'callback'];
      return { ...reset, views, statusCard: null, callback: { status: 'idle' } };
    }
    case 'participantJoined':
      return withChat(state, participantJoined(chat, event.body, state.flags.visibility, event.at, texts));
    case 'participantLeft':
      return withChat(state, participantLeft(chat, event.body, state.flags.visibility, event.at, texts));
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
      return withChat(
        state,
        customerMessages(chat, (m) =>
          ids.has(m.id) && m.delivery !== 'sent' ? { ...m, delivery: 'sent', failure: null } : m,
        ),
      );
    }
    case 'customerMessagesSent': {
      const ids = new Set(event.ids);
      return withChat(
        state,
        customerMessages(chat, (m) => (ids.has(m.id) && m.delivery === 'waiting' ? { ...m, delivery: 'pending' } : m)),
      );
    }
    case 'customerMessagesFailed': {
      const reasons = new Map(event.failures.map((f) => [f.id, f.reason]));
      return withChat(
        state,
        customerMessages(chat, (m) => {
          const reason = reasons.get(m.id);
          return reason !== undefined && (m.delivery === 'pending' || m.delivery === 'waiting')
            ? { ...m, delivery: 'failed', failure: reason }
            : m;
        }),
      );
    }
    case 'customerMessageRetried': {
      const failed = chat.messages.find(
        (m): m is CustomerMessage => m.kind === 'customer' && m.id === event.id && m.delivery === 'failed',
      );
      if (failed === undefined) return state;
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
      return assertNever(event, 'widget event');
  }
}

/** The reducer writing its system notices in `texts` (the page's language). */
export function reducerFor(texts: () => CoreTexts): (state: WidgetState, event: WidgetEvent) => WidgetState {
  return (state, event) => reduceWith(state, event, texts());
}

/** The reducer with English notices. */
export const reduce: (state: WidgetState, event: WidgetEvent) => WidgetState = reducerFor(() => TEXTS);

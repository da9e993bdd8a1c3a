import { assertNever } from '../../../contract/assert-never.js';
import { DEFAULTS } from '../config/defaults.js';
import type { AvailabilityState, ChatState, ChatView, ViewId, WidgetFlags, WidgetState } from './state.js';

/** A chat before anything happened, as the chat machine starts it. */
export function initialChatView(): ChatView {
  return {
    status: { kind: 'idle' },
    connection: { kind: 'online' },
    participants: [],
    messages: [],
    agentTyping: null,
    received: 0,
    nextId: 1,
    dropped: 0,
    droppedThrough: 0,
  };
}

export function initialChat(): ChatState {
  return { ...initialChatView(), unread: 0 };
}

/** What the widget offers the visitor: a chat, or (chat-lite) a callback request. */
export type Offer = 'chat' | 'callback';

/**
 * Section 1: chat when availability says so; the callback form when it does not and chat-lite
 * is on. A chat-lite page offers the callback at once (its button shows before the answer) and
 * moves to chat when the answer says an agent is available.
 */
export function chatOrCallback(availability: AvailabilityState, flags: Pick<WidgetFlags, 'chatLite'>): Offer {
  switch (availability.status) {
    case 'chatLite':
      return 'callback';
    case 'available':
    case 'resuming':
      return 'chat';
    case 'checking':
    case 'unavailable':
      return flags.chatLite ? 'callback' : 'chat';
    default:
      return assertNever(availability, 'availability');
  }
}

/** Triage starts on the main topics, the callback offer on the callback form, a chat on the pre-chat form. */
export function initialViews(
  flags: Pick<WidgetFlags, 'triage' | 'chatLite'>,
  offer: Offer = flags.chatLite ? 'callback' : 'chat',
): ViewId[] {
  if (flags.triage) return ['topics'];
  return [offer === 'callback' ? 'callback' : 'form'];
}

export function defaultFlags(): WidgetFlags {
  return {
    locale: DEFAULTS.locale,
    chatLite: false,
    triage: false,
    hideOnMobile: false,
    mobileWidthCutoff: DEFAULTS.mobileWidthCutoff,
    energy: false,
    bypassBubble: DEFAULTS.bypassBubble,
    variant: 'older',
    useEngagementPlaceholderData: false,
    tripsPage: false,
    visibility: {
      suppressChatbotPresence: DEFAULTS.suppressChatbotPresence,
      notifyObserve: DEFAULTS.notifyObserve,
      notifyBarge: DEFAULTS.notifyBarge,
      botAgentId: DEFAULTS.botAgentId,
    },
  };
}

export function initialState(flags: WidgetFlags = defaultFlags()): WidgetState {
  return {
    flags,
    // Section 2: in chat-lite mode the launcher is visible at once.
    availability: flags.chatLite ? { status: 'chatLite' } : { status: 'checking' },
    dialog: { status: 'closed', endChatPrompt: false },
    views: initialViews(flags),
    chat: initialChat(),
    statusCard: null,
    callback: { status: 'idle' },
  };
}

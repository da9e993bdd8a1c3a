import { DEFAULTS } from '../config/defaults.js';
import type { ChatState, ViewId, WidgetFlags, WidgetState } from './state.js';

export function initialChat(): ChatState {
  return {
    status: { kind: 'idle' },
    connection: { kind: 'online' },
    participants: [],
    messages: [],
    agentTyping: null,
    unread: 0,
    agentName: null,
    agentEverJoined: false,
    nextId: 1,
  };
}

/** Triage starts on the main topics, chat-lite on the callback form, full chat on the pre-chat form. */
export function initialViews(flags: Pick<WidgetFlags, 'triage' | 'chatLite'>): ViewId[] {
  if (flags.triage) return ['topics'];
  return [flags.chatLite ? 'callback' : 'form'];
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
    mode: 'logon',
    views: initialViews(flags),
    chat: initialChat(),
    statusCard: null,
    callback: { status: 'idle' },
  };
}

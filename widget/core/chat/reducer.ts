/**
 * The pure reducer of the view state: (state, event) -> state. The chat itself is the chat
 * machine's (chat-machine.ts); the store takes its view whole, and counts what arrived while
 * the dialog was not open. Timers and sockets live in the shell modules.
 */
import { assertNever } from '../../../contract/assert-never.js';
import type { WidgetEvent } from './events.js';
import { chatOrCallback, initialChat, initialViews } from './initial-state.js';
import { selectMode } from './mode.js';
import type { ChatView, WidgetState } from './state.js';

/**
 * A conversation is going on: closing asks 'End Chat?' and beforeunload confirms. Here, not in
 * mode.ts: the start chunk reads that one, and needs not this.
 */
export function isChatActive(chat: Pick<ChatView, 'status'>): boolean {
  const kind = chat.status.kind;
  return kind === 'connecting' || kind === 'waiting' || kind === 'active';
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

/**
 * The chat machine's view taken in. A chat just requested drops the last status card; the
 * badge counts what the other side sent while the dialog was not open; an ended or moved chat
 * asks 'End Chat?' no more.
 */
function chatChanged(state: WidgetState, chat: ChatView): WidgetState {
  const before = state.chat;
  const starting = chat.status.kind === 'connecting' && before.status.kind !== 'connecting';
  const arrived = starting || chat.received < before.received ? chat.received : chat.received - before.received;
  const unread = state.dialog.status === 'open' ? 0 : before.unread + arrived;
  const over = chat.status.kind === 'ended' || chat.status.kind === 'transferred';
  return {
    ...state,
    chat: { ...chat, unread },
    statusCard: starting ? null : state.statusCard,
    dialog: over && state.dialog.endChatPrompt ? { ...state.dialog, endChatPrompt: false } : state.dialog,
  };
}

/** One event, one case: the compiler names any event left without one (assertNever). */
export function reduce(state: WidgetState, event: WidgetEvent): WidgetState {
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
      return { ...state, views: firstViews(state) };
    case 'statusCardDismissed':
      return state.statusCard === null ? state : { ...state, statusCard: null };
    case 'callbackSubmitting':
      return { ...state, callback: { status: 'submitting' } };
    case 'callbackSubmitted':
      return { ...state, callback: { status: 'submitted', ok: event.ok }, statusCard: event.card };
    case 'chatChanged':
      return chatChanged(state, event.chat);
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
    default:
      return assertNever(event, 'widget event');
  }
}

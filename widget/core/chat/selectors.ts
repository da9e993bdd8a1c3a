/**
 * Derived view facts, computed here and nowhere else (nothing derived is stored): the views
 * never combine state or flags themselves.
 */
import { chatOrCallback, type Offer } from './initial-state.js';
import { selectMode } from './mode.js';
import { headerName } from './participants.js';
import { isChatActive } from './reducer.js';
import type { ChatParticipant, WidgetState } from './state.js';
import { isVisible } from './visibility.js';

export { isDialogShown, type LauncherView, selectLauncher, selectLook } from './launcher-view.js';
export { agentsPresent } from './participants.js';
export { isChatActive, selectMode };

/** Section 2: in chat mode the header names the agent who is present (null: the default title). */
export function selectHeaderName(state: WidgetState): string | null {
  return selectMode(state) === 'chat' ? headerName(state.chat.participants, state.flags.visibility) : null;
}

/** Section 6: whether the visitor sees this participant. */
export function isParticipantVisible(state: WidgetState, participant: Pick<ChatParticipant, 'id' | 'type'>): boolean {
  return isVisible(participant, state.flags.visibility);
}

/** Section 4: the text input and send button work only with an agent in the room. */
export function isInputEnabled(state: WidgetState): boolean {
  return state.chat.status.kind === 'active';
}

/**
 * Section 2: back shows with 2 or more history entries, and in triage mode on the pre-chat
 * form; never once a chat has started (its view history is behind it).
 */
export function canGoBack(state: WidgetState): boolean {
  if (selectMode(state) !== 'logon') return false;
  const current = state.views.at(-1);
  return state.views.length >= 2 || (state.flags.triage && current === 'form');
}

/**
 * Section 2: the minimize button shows only when the bubble is not bypassed. After a transfer
 * to another tab the launcher is hidden, so minimizing would make the widget vanish: the
 * window can only be closed then (section 4).
 */
export function canMinimize(state: WidgetState): boolean {
  return !state.flags.bypassBubble && state.chat.status.kind !== 'transferred';
}

/** What is offered right now: chat, or the callback form (chat-lite). */
export function selectOffer(state: WidgetState): Offer {
  return chatOrCallback(state.availability, state.flags);
}

/**
 * Chat-lite pages may offer a callback instead of (or after) a chat: from the queue, from a
 * failed chat, and from the pre-chat form (widget/ui/README.md, "call me back instead").
 */
export function canRequestCallbackInstead(state: WidgetState): boolean {
  return state.flags.chatLite;
}

/** Section 2: the widget is hidden at or below the mobile cutoff when hide-on-mobile is on. */
export function isHiddenOnViewport(state: WidgetState, viewportWidth: number): boolean {
  return state.flags.hideOnMobile && viewportWidth <= state.flags.mobileWidthCutoff;
}

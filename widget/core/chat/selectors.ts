/** Derived view facts, so the views never combine flags themselves. */
import { isChatActive } from './reducer.js';
import type { WidgetState } from './state.js';

export { type LauncherView, selectLauncher } from './launcher-view.js';
export { isChatActive };

/** Section 4: the text input and send button work only with an agent in the room. */
export function isInputEnabled(state: WidgetState): boolean {
  return state.chat.status.kind === 'active';
}

/** Section 2: back shows with 2 or more history entries, and in triage mode on the pre-chat form. */
export function canGoBack(state: WidgetState): boolean {
  const current = state.views.at(-1);
  return state.views.length >= 2 || (state.flags.triage && current === 'form');
}

/** Section 2: the minimize button shows only when the bubble is not bypassed. */
export function canMinimize(state: WidgetState): boolean {
  return !state.flags.bypassBubble;
}

/** Section 2: the widget is hidden at or below the mobile cutoff when hide-on-mobile is on. */
export function isHiddenOnViewport(state: WidgetState, viewportWidth: number): boolean {
  return state.flags.hideOnMobile && viewportWidth <= state.flags.mobileWidthCutoff;
}

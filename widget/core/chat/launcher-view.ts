/**
 * Section 2, view 1: what the floating button shows, and the view facts the button shares with
 * the dialog. A module of its own (not in selectors.ts, which reaches the reducer) because the
 * start chunk draws the button from it before the chat's code is loaded; selectors.ts
 * re-exports it.
 */
import type { WidgetState } from './state.js';

export interface LauncherView {
  visible: boolean;
  /** Connecting: the button shows its loading state. */
  loading: boolean;
  /** Unread badge count (messages while minimized). */
  unread: number;
  /** First path segment 'trips': the button moves. */
  position: 'default' | 'trips';
}

/** The dialog is on screen (open, or closing after the close delay). */
export function isDialogShown(state: Pick<WidgetState, 'dialog'>): boolean {
  return state.dialog.status === 'open' || state.dialog.status === 'closing';
}

/** Which look the views draw (useLatestTDS): the newer one ('tds') or the classic one. */
export function selectLook(state: Pick<WidgetState, 'flags'>): 'tds' | 'classic' {
  return state.flags.variant === 'newer' ? 'tds' : 'classic';
}

/** Section 2, floating chat button. The UI still applies hide-on-mobile (viewport width). */
export function selectLauncher(state: WidgetState): LauncherView {
  const offered =
    state.availability.status === 'available' ||
    state.availability.status === 'chatLite' ||
    state.availability.status === 'resuming';
  // Hidden after a callback request went through; a failed one keeps the offer (the visitor retries).
  const callbackSent = state.callback.status === 'submitted' && state.callback.ok;
  const hidden = state.chat.status.kind === 'transferred' || callbackSent;
  return {
    visible: offered && !hidden,
    loading: state.chat.status.kind === 'connecting',
    unread: state.chat.unread,
    position: state.flags.tripsPage ? 'trips' : 'default',
  };
}

/**
 * What the dialog shows, derived from the chat status alone. A module of its own (not in
 * selectors.ts, which reaches the reducer) because the start chunk reads it before the chat's
 * code is loaded; selectors.ts re-exports it.
 */
import { assertNever } from '../../../contract/assert-never.js';
import type { Mode, WidgetState } from './state.js';

/** logon: no chat (topics or a form); loading: a new chat not confirmed yet; chat: any other. */
export function selectMode(state: Pick<WidgetState, 'chat'>): Mode {
  const status = state.chat.status;
  switch (status.kind) {
    case 'idle':
      return 'logon';
    case 'connecting':
      return status.resumed ? 'chat' : 'loading';
    case 'waiting':
    case 'active':
    case 'ended':
    case 'transferred':
      return 'chat';
    default:
      return assertNever(status, 'chat status');
  }
}

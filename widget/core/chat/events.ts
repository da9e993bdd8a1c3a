/**
 * Everything that can happen to the widget's state, as one action union for the reducer. The
 * chat itself changes in the chat machine (chat-machine.ts): the store takes its view whole.
 */
import type { AvailabilityState, ChatView, StatusCard, Variant, ViewId, WidgetFlags } from './state.js';

export type WidgetEvent =
  | {
      type: 'availabilityResolved';
      availability: AvailabilityState;
      variant?: Variant;
      useEngagementPlaceholderData?: boolean;
    }
  | { type: 'flagsUpdated'; flags: Partial<WidgetFlags> }
  | { type: 'dialogOpened' }
  | { type: 'dialogCloseRequested' }
  | { type: 'dialogClosed' }
  | { type: 'minimized' }
  | { type: 'endChatDeclined' }
  /** The chat machine moved: its view of the chat, as it is now. */
  | { type: 'chatChanged'; chat: ChatView }
  /** Connect timeout, route cancel, a refused stored chat: card shown, chat reset, back to logon. */
  | { type: 'chatFailed'; card: StatusCard }
  | { type: 'chatReset' }
  /** Chat-lite: the visitor asked for a callback instead of the chat (queued, failed or ended). */
  | { type: 'callbackInsteadRequested' }
  | { type: 'statusCardDismissed' }
  | { type: 'callbackSubmitting' }
  | { type: 'callbackSubmitted'; ok: boolean; card: StatusCard }
  | { type: 'viewPushed'; view: ViewId }
  | { type: 'viewPopped' }
  | { type: 'viewsReset' };

/** Everything that can happen to the widget, as one action union for the reducer. */
import type {
  NewMessageNotificationBody,
  NewParticipantNotificationBody,
  ParticipantLeaveNotificationBody,
} from '../../../generated/chat-socket.js';
import type { Failure } from '../connection/delivery.js';
import type {
  AvailabilityState,
  ChatParticipant,
  EndReason,
  StatusCard,
  Variant,
  ViewId,
  WidgetFlags,
} from './state.js';

/** `at` is always the environment clock's epoch milliseconds: the reducer never reads a clock. */
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
  | { type: 'chatRequested' }
  /** A stored session resumes; `participants` as stored, so the composer state survives a reload. */
  | { type: 'chatResumed'; at: number; participants: readonly ChatParticipant[] }
  | { type: 'chatConfirmed' }
  | { type: 'participantJoined'; body: NewParticipantNotificationBody; at: number }
  | { type: 'participantLeft'; body: ParticipantLeaveNotificationBody; at: number }
  | { type: 'agentTyping'; agentId: string }
  | { type: 'agentTypingCleared' }
  /**
   * `acknowledging`: the server acknowledges customer messages, so one not acknowledged yet is
   * not in its transcript either, and a message arriving now goes above it (the server's order).
   */
  | { type: 'messageReceived'; body: NewMessageNotificationBody; acknowledging?: boolean }
  | { type: 'customerMessageQueued'; id: string; text: string; at: number }
  /** These customer messages went out on a socket (the server may or may not have them yet). */
  | { type: 'customerMessagesSent'; ids: readonly string[] }
  /** The server has these customer messages (connection/delivery.ts decides). */
  | { type: 'customerMessagesDelivered'; ids: readonly string[] }
  /** These customer messages will not be sent again. */
  | { type: 'customerMessagesFailed'; failures: readonly Failure[] }
  /** A failed message is sent again: it moves to the end, pending. */
  | { type: 'customerMessageRetried'; id: string; at: number }
  | { type: 'onHoldMessage'; text: string; at: number }
  | { type: 'onHoldUrls'; description: string; urls: readonly string[]; at: number }
  | { type: 'fileShared'; agentName: string; fileName: string; url: string; at: number }
  | { type: 'systemNotice'; text: string; at: number }
  /** `acknowledging` as for messageReceived: the notice goes where a server message arriving now would. */
  | { type: 'reconnecting'; attempt: number; at: number; acknowledging?: boolean }
  | { type: 'reconnected'; at: number; acknowledging?: boolean }
  | { type: 'chatEnded'; reason: EndReason; notice: string | null; at: number }
  | { type: 'transferred'; at: number }
  /** Connect timeout or route cancel: error card, loader hidden, chat reset, back to logon. */
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

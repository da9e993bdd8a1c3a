/**
 * Section 4, socket lifecycle: what the visitor sees when the connection is over for good.
 * Pure, so every branch is a table row in a test.
 */
import { assertNever } from '../../../contract/assert-never.js';
import type { WidgetEvent } from '../chat/events.js';
import type { ChatStatus, StatusCard } from '../chat/state.js';
import type { FinalClose } from '../connection/session-machine.js';
import { type CoreTexts, TEXTS } from '../texts.js';

export interface FinalCloseContext {
  status: ChatStatus['kind'];
  /** The service confirmed the chat (or it was resumed from storage). */
  confirmed: boolean;
  /** The notice of a fatal error frame, if one ended the connection. */
  fatalText: string | null;
  at: number;
  /** The page's language (English by default). */
  texts?: CoreTexts;
}

export interface FinalCloseOutcome {
  event: WidgetEvent | null;
}

export function errorCard(body?: string, texts: CoreTexts = TEXTS): StatusCard {
  return { tone: 'error', title: texts.failureTitle, body: body ?? texts.failureBody };
}

export function finalCloseOutcome(close: FinalClose, context: FinalCloseContext): FinalCloseOutcome {
  const { status, at } = context;
  const texts = context.texts ?? TEXTS;
  switch (close.kind) {
    case 'transferred':
      return { event: { type: 'transferred', at } };
    case 'retriesExhausted':
      return {
        event: { type: 'chatEnded', reason: 'unableToReconnect', notice: texts.unableToReconnect, at },
      };
    case 'closed':
      // A manual close (End Chat, timeout, route cancel) or an already-decided end adds nothing.
      if (close.manual || status === 'ended' || status === 'idle' || status === 'transferred') {
        return { event: null };
      }
      if (status === 'connecting' && !context.confirmed) {
        return { event: { type: 'chatFailed', card: errorCard(context.fatalText ?? undefined, texts) } };
      }
      return {
        event: {
          type: 'chatEnded',
          reason: context.fatalText === null ? 'connectionClosed' : 'error',
          notice: texts.connectionClosed,
          at,
        },
      };
    default:
      return assertNever(close, 'final close');
  }
}

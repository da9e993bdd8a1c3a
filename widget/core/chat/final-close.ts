/**
 * Section 4, socket lifecycle: what the visitor sees when the connection is over for good.
 * Pure, so every branch is a table row in a test; the chat machine applies it.
 */
import { assertNever } from '../../../contract/assert-never.js';
import type { FinalClose } from '../connection/session-machine.js';
import { type CoreTexts, TEXTS } from '../texts.js';
import type { ChatStatus, EndReason, StatusCard } from './state.js';

export interface FinalCloseContext {
  status: ChatStatus['kind'];
  /** The service confirmed the chat (or it was resumed from storage). */
  confirmed: boolean;
  /** The notice of a fatal error frame, if one ended the connection. */
  fatalText: string | null;
  /** The page's language (English by default). */
  texts?: CoreTexts;
}

export type FinalCloseOutcome =
  /** Nothing more to say (a close on purpose, or an end already shown). */
  | { kind: 'none' }
  /** Another tab took the chat over. */
  | { kind: 'transferred' }
  /** The chat-ended panel, with this notice in the transcript. */
  | { kind: 'ended'; reason: EndReason; notice: string }
  /** The chat never started: back to logon with this card. */
  | { kind: 'failed'; card: StatusCard };

export function errorCard(body?: string, texts: CoreTexts = TEXTS): StatusCard {
  return { tone: 'error', title: texts.failureTitle, body: body ?? texts.failureBody };
}

export function finalCloseOutcome(close: FinalClose, context: FinalCloseContext): FinalCloseOutcome {
  const { status } = context;
  const texts = context.texts ?? TEXTS;
  switch (close.kind) {
    case 'transferred':
      return { kind: 'transferred' };
    case 'retriesExhausted':
      return { kind: 'ended', reason: 'unableToReconnect', notice: texts.unableToReconnect };
    case 'closed':
      // A manual close (End Chat, timeout, route cancel) or an already-decided end adds nothing.
      if (close.manual || status === 'ended' || status === 'idle' || status === 'transferred') return { kind: 'none' };
      if (status === 'connecting' && !context.confirmed) {
        return { kind: 'failed', card: errorCard(context.fatalText ?? undefined, texts) };
      }
      return {
        kind: 'ended',
        reason: context.fatalText === null ? 'connectionClosed' : 'error',
        notice: texts.connectionClosed,
      };
    default:
      return assertNever(close, 'final close');
  }
}
